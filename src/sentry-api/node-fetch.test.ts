import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SentryClient } from "./client.js";
import { createNodeFetch } from "./node-fetch.js";

let server: http.Server;
let base: string;
const connections: number[] = [];
const seen: Array<{
  method?: string;
  url?: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      const path = req.url ?? "/";
      if (path === "/json") return res.end(JSON.stringify({ ok: true }));
      if (path === "/gzip") {
        res.setHeader("content-encoding", "gzip");
        return res.end(zlib.gzipSync(JSON.stringify({ packed: "yes" })));
      }
      if (path === "/echo") {
        res.setHeader("content-type", "application/json");
        return res.end(JSON.stringify({ method: req.method, body }));
      }
      if (path === "/moved") {
        res.statusCode = 302;
        res.setHeader("location", "/json");
        return res.end();
      }
      if (path === "/slow") return setTimeout(() => res.end("late"), 2_000);
      if (path === "/missing") {
        res.statusCode = 404;
        return res.end(JSON.stringify({ detail: "nope" }));
      }
      res.statusCode = 500;
      res.end();
    });
  });
  server.on("connection", () => connections.push(Date.now()));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe("createNodeFetch", () => {
  it("sends method, headers and body, and answers like fetch", async () => {
    const f = createNodeFetch();
    const res = await f(`${base}/echo`, {
      method: "POST",
      headers: { Authorization: "Bearer abc", "Content-Type": "application/json" },
      body: JSON.stringify({ a: 1 }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(await res.json()).toEqual({ method: "POST", body: '{"a":1}' });
    const sent = seen.at(-1);
    expect(sent?.headers.authorization).toBe("Bearer abc");
    expect(sent?.headers["content-length"]).toBe("7");
  });

  it("reuses one connection for requests in sequence", async () => {
    const f = createNodeFetch();
    const before = connections.length;
    for (let i = 0; i < 5; i++) await (await f(`${base}/json`)).text();
    expect(connections.length - before).toBe(1);
  });

  it("decompresses a gzip answer", async () => {
    const res = await createNodeFetch()(`${base}/gzip`);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(await res.json()).toEqual({ packed: "yes" });
  });

  it("follows a redirect of a GET", async () => {
    const res = await createNodeFetch()(`${base}/moved`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("rejects with the signal's reason when aborted, and with fetch's error when unreachable", async () => {
    const f = createNodeFetch();
    const reason = new Error("stop");
    const controller = new AbortController();
    const pending = f(`${base}/slow`, { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 50);
    await expect(pending).rejects.toBe(reason);
    const refused = f("http://127.0.0.1:1/x").catch((e: unknown) => e);
    const error = (await refused) as TypeError & { cause?: { code?: string } };
    expect(error).toBeInstanceOf(TypeError);
    expect(error.cause?.code).toBe("ECONNREFUSED");
  });

  it("serves the Sentry client: JSON, errors and timeouts keep their meaning", async () => {
    const client = new SentryClient({
      baseUrl: base,
      accessToken: "token-for-node-fetch-test",
      userAgent: "test",
      timeoutMs: 200,
      retryBudgetMs: 0,
      fetch: createNodeFetch(),
    });
    const { z } = await import("zod");
    expect(await client.get("/json", z.object({ ok: z.boolean() }))).toEqual({ ok: true });
    await expect(client.get("/missing", z.unknown())).rejects.toMatchObject({ kind: "not_found" });
    await expect(client.get("/slow", z.unknown())).rejects.toThrow(/did not answer in time/);
    const unreachable = new SentryClient({
      baseUrl: "http://127.0.0.1:1",
      accessToken: "token-for-node-fetch-test",
      userAgent: "test",
      retryBudgetMs: 0,
      fetch: createNodeFetch(),
    });
    await expect(unreachable.get("/x", z.unknown())).rejects.toThrow(
      /connection refused|ECONNREFUSED/i,
    );
  });
});
