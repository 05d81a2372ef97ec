import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { startTestSandbox, TOKEN } from "../../test/harness.js";
import { defaultConfig } from "../config.js";
import { createHttpApp } from "./app.js";
import type { ServiceOptions } from "./options.js";
import { startHttpServer } from "./serve.js";
import { openSqliteStore } from "./store/sqlite.js";

const HOST = "127.0.0.1:6420";
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

function makeApp(service: Partial<ServiceOptions> = {}) {
  return createHttpApp({
    config: defaultConfig({ sentryUrl: sandbox.url }),
    allowedHosts: new Set([HOST]),
    service: {
      store: openSqliteStore(":memory:", { sweepMs: 0 }),
      upstream: { clientId: "id", clientSecret: "secret" },
      ...service,
    },
  });
}

/** A body of `total` bytes of JSON-ish junk that counts how much of it was read. */
function countingStream(total: number) {
  const counter = { pulled: 0 };
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= total) return controller.close();
      counter.pulled += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, counter };
}

describe("body size limits", () => {
  it("refuses a declared oversized registration before reading it", async () => {
    const { stream, counter } = countingStream(200 * 1024 * 1024);
    const res = await makeApp().request(`http://${HOST}/oauth/register`, {
      method: "POST",
      headers: {
        host: HOST,
        "content-type": "application/json",
        "content-length": String(200 * 1024 * 1024),
      },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toBe("payload_too_large");
    expect(counter.pulled).toBeLessThanOrEqual(64 * 1024);
  });

  it("cuts a chunked /mcp body off at the limit, whatever the credentials", async () => {
    const { stream, counter } = countingStream(50 * 1024 * 1024);
    const res = await makeApp().request(`http://${HOST}/mcp/acme`, {
      method: "POST",
      headers: {
        host: HOST,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: "Sentry-Bearer junk",
      },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(counter.pulled).toBeLessThanOrEqual(2 * 1024 * 1024);
  });

  it("takes the /mcp limit from the options and still serves bodies under it", async () => {
    const app = makeApp({ bodyLimits: { mcp: 200, oauth: 100 } });
    const send = (body: string) =>
      app.request(`http://${HOST}/mcp`, {
        method: "POST",
        headers: {
          host: HOST,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          authorization: `Sentry-Bearer ${TOKEN}`,
        },
        body,
      });
    const small = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect((await send(small)).status).toBe(200);
    expect((await send(small + " ".repeat(300))).status).toBe(413);
  });

  it("answers 413 on a real socket while the client is still sending", async () => {
    const server = await startHttpServer(defaultConfig({ sentryUrl: sandbox.url }), {
      bind: "127.0.0.1",
      port: 0,
      upstream: { clientId: "id", clientSecret: "secret" },
    });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          {
            host: "127.0.0.1",
            port: server.port,
            path: "/oauth/register",
            method: "POST",
            headers: { "content-type": "application/json", "content-length": 450 * 1024 * 1024 },
          },
          (res) => {
            resolve(res.statusCode ?? 0);
            res.resume();
            req.destroy();
          },
        );
        req.on("error", reject);
        req.write("{");
      });
      expect(status).toBe(413);
    } finally {
      await server.close();
    }
  });
});

describe("body limits on the node adapter", () => {
  it("judges a declared Content-Length from the headers, without building a Web Request", async () => {
    const { Hono } = await import("hono");
    const { serve } = await import("@hono/node-server");
    const { bodyLimits } = await import("./limits.js");
    const app = new Hono();
    app.use("*", bodyLimits({ mcp: 100, oauth: 100 }));
    // The node adapter's request is a lightweight object until something asks for a Web
    // Request (its `requestCache`); reading `body` to check a limit used to build one.
    app.post("/mcp", async (c) => {
      const raw = c.req.raw as unknown as Record<symbol, unknown>;
      const cache = Object.getOwnPropertySymbols(raw).find((s) => s.description === "requestCache");
      const built = cache !== undefined && raw[cache] !== undefined;
      return c.json({ built, body: await c.req.text() });
    });
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const { port } = server.address() as { port: number };
    const post = (body: string) =>
      fetch(`http://127.0.0.1:${port}/mcp`, { method: "POST", body }).then(async (r) => ({
        status: r.status,
        json: (await r.json()) as unknown,
      }));
    try {
      expect(await post('{"a":1}')).toEqual({
        status: 200,
        json: { built: false, body: '{"a":1}' },
      });
      expect((await post("x".repeat(101))).status).toBe(413);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
