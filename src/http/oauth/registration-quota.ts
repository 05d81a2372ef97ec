/**
 * Registrations per client IP: unauthenticated dynamic client registration writes to the
 * store, so it is counted per hour and refused when the store cannot count (fail closed).
 */
import type { Context, MiddlewareHandler } from "hono";
import { checkRate } from "../rate-limit.js";
import type { KeyValueStore } from "../store/types.js";

export function registrationQuota(deps: {
  store: KeyValueStore;
  perHour: number;
  now: () => number;
  clientIp: (c: Context) => string;
}): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== "POST" || deps.perHour <= 0) return next();
    const key = `reg:${deps.clientIp(c)}`;
    const decision = await checkRate(deps.store, key, deps.perHour, 3600, deps.now(), true);
    if (decision.unavailable) {
      return c.json(
        { error: "temporarily_unavailable", error_description: "Registration is unavailable." },
        503,
      );
    }
    if (!decision.ok) {
      c.header("Retry-After", String(decision.retryAfter));
      return c.json(
        { error: "rate_limited", error_description: "Too many registrations from this address." },
        429,
      );
    }
    return next();
  };
}
