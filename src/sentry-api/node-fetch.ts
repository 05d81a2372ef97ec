/**
 * The `fetch` the HTTP service gives its Sentry clients: plain requests go over node:http(s)
 * with keep-alive agents, which costs about half the CPU of the platform's fetch per request
 * (docs/benchmarks.md, "serve throughput"); anything else goes to the platform's fetch. It covers what the
 * Sentry client sends: a URL or string, a method, a header object, a string body, a signal.
 *
 * - Responses keep streaming (`body` is a web stream over the socket), so size caps and
 *   cancellation in the client work as before.
 * - gzip, deflate and br answers are decompressed, as fetch does.
 * - A redirect of a GET or HEAD is handed to the platform's fetch, which follows it (dropping
 *   credentials across origins); any other redirect is returned as it is.
 * - Network failures reject with `TypeError("fetch failed")` and the cause, as fetch does;
 *   an aborted signal rejects with its reason.
 */
import http from "node:http";
import https from "node:https";
import { Readable } from "node:stream";
import zlib from "node:zlib";

type Init = RequestInit & { headers?: Record<string, string> };

const DECODERS: Record<string, (() => NodeJS.ReadWriteStream) | undefined> = {
  gzip: () => zlib.createGunzip(),
  "x-gzip": () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

/** Whether this call is one the node path serves; the platform's fetch takes the rest. */
function isPlain(input: unknown, init: RequestInit | undefined): boolean {
  if (typeof input !== "string" && !(input instanceof URL)) return false;
  if (!init) return true;
  const headersOk =
    init.headers === undefined ||
    (typeof init.headers === "object" &&
      !(init.headers instanceof Headers) &&
      !Array.isArray(init.headers));
  const bodyOk = init.body === undefined || init.body === null || typeof init.body === "string";
  return headersOk && bodyOk && (init.redirect === undefined || init.redirect === "follow");
}

export function createNodeFetch(options: { maxSockets?: number } = {}): typeof fetch {
  const maxSockets = options.maxSockets ?? 128;
  // An idle connection is closed after 4 s (the platform fetch's default), well before servers
  // and load balancers drop theirs, so a request rarely meets a socket the far end has closed.
  const agentOptions = { keepAlive: true, maxSockets, timeout: 4_000 };
  const agents: Record<string, http.Agent> = {
    "http:": new http.Agent(agentOptions),
    "https:": new https.Agent(agentOptions),
  };
  const nodeFetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    if (!isPlain(input, init)) return fetch(input, init);
    const url = new URL(String(input));
    const agent = agents[url.protocol];
    if (!agent) return fetch(input, init);
    return send(url, agent, (init ?? {}) as Init);
  };
  return nodeFetch as typeof fetch;
}

function send(url: URL, agent: http.Agent, init: Init): Promise<Response> {
  const method = (init.method ?? "GET").toUpperCase();
  const signal = init.signal ?? undefined;
  const body = typeof init.body === "string" ? init.body : undefined;
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

function toResponse(res: http.IncomingMessage, method: string, done: () => void): Response {
  const status = res.statusCode ?? 0;
  const encoding = String(res.headers["content-encoding"] ?? "").toLowerCase();
  const decode = DECODERS[encoding];
  const headers = new Headers();
  for (let i = 0; i < res.rawHeaders.length; i += 2) {
    const name = res.rawHeaders[i].toLowerCase();
    if (decode && (name === "content-encoding" || name === "content-length")) continue;
    headers.append(name, res.rawHeaders[i + 1]);
  }
  res.once("close", done);
  const empty = method === "HEAD" || status === 204 || status === 304;
  if (empty) {
    res.resume();
    return new Response(null, { status, statusText: res.statusMessage, headers });
  }
  let stream: Readable = res;
  if (decode) {
    const decoder = decode() as unknown as Readable;
    res.on("error", (error) => decoder.destroy(error));
    decoder.on("close", () => {
      if (!res.complete) res.destroy();
    });
    stream = res.pipe(decoder as unknown as NodeJS.WritableStream) as unknown as Readable;
  }
  const web = Readable.toWeb(stream) as ReadableStream<Uint8Array>;
  return new Response(web, { status, statusText: res.statusMessage, headers });
}
