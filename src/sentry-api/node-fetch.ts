/**
 * The Sentry client's HTTP: requests over node:http(s) with keep-alive agents, answered with a
 * small response object (transport.ts `UpstreamResponse`) instead of the platform's fetch.
 * Loading undici (Node's fetch) costs a new process about 40 ms and a few MiB on its first
 * request, and a Web `Response` per request costs the HTTP service CPU (docs/benchmarks.md,
 * "first call" and "serve throughput").
 *
 * - The body is read as it arrives (`getReader`), so size caps and cancellation in the client
 *   work as with fetch; cancelling destroys the socket's stream.
 * - gzip, deflate and br answers are decompressed, as fetch does.
 * - A redirect of a GET or HEAD is handed to the platform's fetch, which follows it (dropping
 *   credentials across origins); any other redirect is returned as it is.
 * - Network failures reject with `TypeError("fetch failed")` and the cause, and a body cut off
 *   midway with `TypeError("terminated")` and the cause, as fetch does; an aborted signal
 *   rejects with its reason.
 */
import http from "node:http";
import https from "node:https";
import type { Readable, Transform } from "node:stream";
import zlib from "node:zlib";
import type { UpstreamBody, UpstreamFetch, UpstreamInit, UpstreamResponse } from "./transport.js";

const DECODERS: Record<string, (() => Transform) | undefined> = {
  gzip: () => zlib.createGunzip(),
  "x-gzip": () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

export function createNodeFetch(options: { maxSockets?: number } = {}): UpstreamFetch {
  const maxSockets = options.maxSockets ?? 128;
  // An idle connection is closed after 4 s (the platform fetch's default), well before servers
  // and load balancers drop theirs, so a request rarely meets a socket the far end has closed.
  // Only idle sockets are closed by this timeout; a slow answer is bounded by the client's own.
  const agentOptions = { keepAlive: true, maxSockets, timeout: 4_000 };
  const agents: Record<string, http.Agent> = {
    "http:": new http.Agent(agentOptions),
    "https:": new https.Agent(agentOptions),
  };
  return (input, init) => {
    const url = input instanceof URL ? input : new URL(String(input));
    const agent = agents[url.protocol];
    if (!agent) return Promise.reject(new TypeError(`fetch failed: unsupported ${url.protocol}`));
    return send(url, agent, init ?? {});
  };
}

function send(url: URL, agent: http.Agent, init: UpstreamInit): Promise<UpstreamResponse> {
  const method = (init.method ?? "GET").toUpperCase();
  const signal = init.signal;
  const body = init.body;
  const headers: Record<string, string> = { "accept-encoding": "gzip, deflate, br" };
  for (const [name, value] of Object.entries(init.headers ?? {}))
    headers[name.toLowerCase()] = value;
  if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const transport = url.protocol === "https:" ? https : http;
    const req = transport.request(url, { method, headers, agent }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        if (method === "GET" || method === "HEAD") {
          res.resume();
          signal?.removeEventListener("abort", onAbort);
          resolve(fetch(url, init));
          return;
        }
      }
      try {
        resolve(toResponse(res, method, () => signal?.removeEventListener("abort", onAbort)));
      } catch (error) {
        res.destroy();
        reject(new TypeError("fetch failed", { cause: error }));
      }
    });
    const onAbort = () => req.destroy(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    req.on("error", (error) => {
      signal?.removeEventListener("abort", onAbort);
      reject(signal?.aborted ? signal.reason : new TypeError("fetch failed", { cause: error }));
    });
    req.end(body);
  });
}

function toResponse(res: http.IncomingMessage, method: string, done: () => void): UpstreamResponse {
  const status = res.statusCode ?? 0;
  const encoding = String(res.headers["content-encoding"] ?? "").toLowerCase();
  const decode = DECODERS[encoding];
  // Node lower-cases the names and joins repeated headers with ", ", as fetch's Headers does.
  const raw = res.headers;
  const headers = {
    get(name: string): string | null {
      const key = name.toLowerCase();
      if (decode && (key === "content-encoding" || key === "content-length")) return null;
      const value = raw[key];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(", ") : value;
    },
  };
  res.once("close", done);
  const ok = status >= 200 && status < 300;
  if (method === "HEAD" || status === 204 || status === 304) {
    res.resume();
    return { ok, status, headers, body: null };
  }
  let stream: Readable = res;
  if (decode) {
    const decoder = decode();
    res.on("error", (error) => decoder.destroy(error));
    decoder.on("close", () => {
      if (!res.complete) res.destroy();
    });
    stream = res.pipe(decoder);
  }
  return { ok, status, headers, body: bodyOf(stream, res) };
}

/** A reader over the answer's stream: chunks as they come, a cut-off as fetch reports it. */
function bodyOf(stream: Readable, res: http.IncomingMessage): UpstreamBody {
  let chunks: AsyncIterator<Buffer> | undefined;
  const cancel = async () => {
    stream.destroy();
    if (stream !== res) res.destroy();
  };
  return {
    cancel,
    getReader: () => {
      chunks ??= stream[Symbol.asyncIterator]();
      const iterator = chunks;
      return {
        cancel,
        async read() {
          try {
            const next = await iterator.next();
            return next.done ? { done: true } : { done: false, value: next.value };
          } catch (error) {
            throw new TypeError("terminated", { cause: error });
          }
        },
      };
    },
  };
}
