import { execFile } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SentryClient } from "./client.js";
import { createNodeFetch } from "./node-fetch.js";
import { readText, type UpstreamResponse } from "./transport.js";

const get = (url: string, init = {}) => createNodeFetch()(new URL(url), init);
const text = (res: UpstreamResponse) => readText(res, 1 << 20, new URL(base));
const json = async (res: UpstreamResponse) => JSON.parse(await text(res));

let server: http.Server;
let base: string;
let streamClosed = false;
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
      if (path === "/cut") {
        res.setHeader("content-length", "100");
        res.write("0123456789");
        return setTimeout(() => res.socket?.destroy(), 20);
      }
      if (path === "/stream") {
        res.write("first chunk");
        const timer = setInterval(() => res.write("more"), 10);
        return res.on("close", () => {
          clearInterval(timer);
          streamClosed = true;
        });
      }
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
    const res = await f(new URL(`${base}/echo`), {
      method: "POST",
      headers: { Authorization: "Bearer abc", "Content-Type": "application/json" },
      body: JSON.stringify({ a: 1 }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.ok).toBe(true);
    expect(await json(res)).toEqual({ method: "POST", body: '{"a":1}' });
    const sent = seen.at(-1);
    expect(sent?.headers.authorization).toBe("Bearer abc");
    expect(sent?.headers["content-length"]).toBe("7");
  });

  it("reuses one connection for requests in sequence", async () => {
    const f = createNodeFetch();
    const before = connections.length;
    for (let i = 0; i < 5; i++) await text(await f(new URL(`${base}/json`), {}));
    expect(connections.length - before).toBe(1);
  });

  it("decompresses a gzip answer", async () => {
    const res = await get(`${base}/gzip`);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(await json(res)).toEqual({ packed: "yes" });
  });

  it("follows a redirect of a GET", async () => {
    const res = await get(`${base}/moved`);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ ok: true });
  });

  it("rejects with the signal's reason when aborted, and with fetch's error when unreachable", async () => {
    const f = createNodeFetch();
    const reason = new Error("stop");
    const controller = new AbortController();
    const pending = f(new URL(`${base}/slow`), { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 50);
    await expect(pending).rejects.toBe(reason);
    const refused = f(new URL("http://127.0.0.1:1/x"), {}).catch((e: unknown) => e);
    const error = (await refused) as TypeError & { cause?: { code?: string } };
    expect(error).toBeInstanceOf(TypeError);
    expect(error.cause?.code).toBe("ECONNREFUSED");
  });

  it("reports a body cut off midway as fetch does: TypeError terminated, with the cause", async () => {
    const res = await get(`${base}/cut`);
    expect(res.status).toBe(200);
    const error = (await text(res).catch((e: unknown) => e)) as TypeError & { cause?: unknown };
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe("terminated");
    expect(error.cause).toBeInstanceOf(Error);
  });

  it("cancelling the body closes the connection instead of reading on", async () => {
    streamClosed = false;
    const res = await get(`${base}/stream`);
    const reader = res.body?.getReader();
    const first = await reader?.read();
    expect(Buffer.from(first?.value ?? []).toString()).toBe("first chunk");
    await reader?.cancel();
    await expect.poll(() => streamClosed, { timeout: 2_000 }).toBe(true);
  });

  it("a 404 answers ok: false with its status and body", async () => {
    const res = await get(`${base}/missing`);
    expect([res.ok, res.status]).toEqual([false, 404]);
    expect(await json(res)).toEqual({ detail: "nope" });
  });

  it("a Sentry client never loads undici (the platform fetch) for its requests", async () => {
    // A fresh Node process on the build: test files share a module cache (isolate: false).
    const built = fileURLToPath(new URL("../../dist/src/sentry-api/client.js", import.meta.url));
    const script = `
      const { SentryClient } = await import(${JSON.stringify(built)});
      const client = new SentryClient({ baseUrl: ${JSON.stringify(base)}, accessToken: "t-123456789", userAgent: "t" });
      const anything = { safeParse: (data) => ({ success: true, data }) };
      const answer = await client.get("/json", anything);
      const undici = process.moduleLoadList.filter((m) => m.includes("undici"));
      console.log(JSON.stringify({ answer, undici }));`;
    // Not execFileSync: this process's server has to answer the child's request.
    const { stdout } = await promisify(execFile)(process.execPath, [
      "--input-type=module",
      "-e",
      script,
    ]);
    expect(JSON.parse(stdout)).toEqual({ answer: { ok: true }, undici: [] });
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
