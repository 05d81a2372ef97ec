/**
 * Request body limits, checked before a body is read: a declared Content-Length over the limit
 * is refused at once, and a chunked body is counted as it streams and cut off at the limit.
 */
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

export interface BodyLimits {
  /** Bytes in one POST to /mcp (a JSON-RPC message). */
  mcp: number;
  /** Bytes in one OAuth request (registration, token, revocation, consent form). */
  oauth: number;
}

export const DEFAULT_BODY_LIMITS: BodyLimits = { mcp: 1024 * 1024, oauth: 16 * 1024 };

/** The limit for a path: /mcp gets the MCP limit, everything else the small one. */
export function bodyLimitFor(path: string, limits: BodyLimits): number {
  return path === "/mcp" || path.startsWith("/mcp/") ? limits.mcp : limits.oauth;
}

/**
 * 413 for a body over the path's limit; the connection is closed rather than drained.
 *
 * A declared Content-Length (without Transfer-Encoding) is judged from the headers alone, which
 * Node's parser holds the body to. Only other bodies go through hono's `bodyLimit`, which counts
 * the stream: it asks for `request.body`, which makes the node adapter build a full Web
 * `Request` and stream for the request (about 0.1 ms of CPU per MCP call, docs/benchmarks.md).
 */
export function bodyLimits(limits: BodyLimits): MiddlewareHandler {
  const guards = new Map<number, MiddlewareHandler>();
  const guard = (maxSize: number) => {
    let g = guards.get(maxSize);
    if (!g) {
      g = bodyLimit({
        maxSize,
        onError: (c) =>
          c.json(
            {
              error: "payload_too_large",
              error_description: `The request body is over this endpoint's limit of ${maxSize} bytes.`,
            },
            413,
            { Connection: "close" },
          ),
      });
      guards.set(maxSize, g);
    }
    return g;
  };
  return (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD") return next();
    const maxSize = bodyLimitFor(c.req.path, limits);
    const declared = c.req.header("content-length");
    if (declared !== undefined && c.req.header("transfer-encoding") === undefined) {
      const size = Number.parseInt(declared || "0", 10);
      if (!(size > maxSize)) return next();
    }
    return guard(maxSize)(c, next);
  };
}
