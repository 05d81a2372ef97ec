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

/** 413 for a body over the path's limit; the connection is closed rather than drained. */
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
  return (c, next) => guard(bodyLimitFor(c.req.path, limits))(c, next);
}
