import type { KeyValueStore } from "./store/types.js";

export interface RateDecision {
  ok: boolean;
  /** Seconds until the current window ends (for Retry-After). */
  retryAfter: number;
  /** The store failed and the check was fail-closed. */
  unavailable?: boolean;
}

/**
 * Fixed-window counter in the shared store, so every instance counts the same requests.
 * A failing store lets requests through (rate limiting must not take the service down) unless
 * `failClosed`: then it refuses, with `unavailable` set.
 */
export async function checkRate(
  store: KeyValueStore,
  key: string,
  limit: number,
  windowSeconds: number,
  nowMs: number,
  failClosed = false,
): Promise<RateDecision> {
  if (limit <= 0) return { ok: true, retryAfter: 0 };
  const nowS = nowMs / 1000;
  const window = Math.floor(nowS / windowSeconds);
  const retryAfter = Math.max(1, Math.ceil((window + 1) * windowSeconds - nowS));
  try {
    const count = await store.increment(`rl:${key}:${window}`, windowSeconds + 1);
    return { ok: count <= limit, retryAfter };
  } catch {
    return failClosed ? { ok: false, retryAfter, unavailable: true } : { ok: true, retryAfter };
  }
}
