/**
 * Retry policy for idempotent Sentry API requests, and the ambient cancellation signal of the
 * tool call being served. Writes are never retried: a POST that timed out may have happened.
 */

import { AsyncLocalStorage } from "node:async_hooks";
import { ApiError } from "../errors.js";

export interface RetryPolicy {
  /** Total time one request may spend (answers plus waits) before a retry is refused. 0: none. */
  budgetMs: number;
  /** The first backoff; it doubles each retry, with jitter. */
  baseDelayMs: number;
  /** The longest `Retry-After` we wait for; a longer one ends the request at once. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_BUDGET_MS = 10_000;
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  budgetMs: DEFAULT_RETRY_BUDGET_MS,
  baseDelayMs: 250,
  maxRetryAfterMs: 5_000,
};

/** Statuses worth another try: throttled, or a gateway in front of Sentry failed. */
const RETRY_STATUSES = new Set([429, 502, 503, 504]);

/** Transport failures (reset, refused, cut body) that a retry may cure; timeouts are not. */
const retryableTransport = new WeakSet<ApiError>();

export function markRetryable(error: ApiError): ApiError {
  retryableTransport.add(error);
  return error;
}

export function isRetryable(error: unknown): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  return retryableTransport.has(error) || RETRY_STATUSES.has(error.status);
}

/** `Retry-After` as seconds: a number of seconds or an HTTP date; undefined when unusable. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * How long to wait before retry number `attempt` (0-based), or undefined to give up: jittered
 * exponential backoff, at least the server's `Retry-After`, never past the budget.
 */
export function retryDelay(
  error: unknown,
  attempt: number,
  elapsedMs: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number | undefined {
  if (!isRetryable(error)) return undefined;
  const backoff = policy.baseDelayMs * 2 ** attempt;
  let wait = backoff / 2 + random() * (backoff / 2);
  if (error.retryAfterSeconds !== undefined) {
    const asked = error.retryAfterSeconds * 1000;
    if (asked > policy.maxRetryAfterMs) return undefined;
    wait = Math.max(wait, asked);
  }
  return elapsedMs + wait <= policy.budgetMs ? Math.round(wait) : undefined;
}

export function cancelledError(): ApiError {
  return new ApiError("upstream", 0, "The request was cancelled.");
}

/** Waits `ms`, or rejects with a cancellation error as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelledError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelledError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

interface CallScope {
  signal: AbortSignal;
  /** time this tool call has spent waiting between retries, all its requests together */
  retryWaitMs: number;
  /** the call's `regionUrl` (already allow-listed) for its organization */
  region?: RegionHint;
}

/** A region the caller named for one organization (the incumbent's `regionUrl`). */
export interface RegionHint {
  org: string;
  baseUrl: string;
}

const callScope = new AsyncLocalStorage<CallScope>();

/**
 * Runs a tool call with its cancellation signal in scope: every Sentry request made while
 * serving it is aborted when the MCP request is cancelled, even where a handler forgot to
 * pass `ctx.signal` along. The scope also holds the call's retry waits, so retries add at most
 * one budget to a call however many requests it makes.
 */
export function withCallSignal<T>(
  signal: AbortSignal,
  fn: () => Promise<T>,
  region?: RegionHint,
): Promise<T> {
  return callScope.run({ signal, retryWaitMs: 0, ...(region ? { region } : {}) }, fn);
}

/** The current call's region hint for `org`, if it named one. */
export function callRegion(org: string): string | undefined {
  const hint = callScope.getStore()?.region;
  return hint && hint.org === org ? hint.baseUrl : undefined;
}

/**
 * Books `waitMs` of retry waiting against the current tool call; false when that would take
 * the call's waits past `budgetMs`. Outside a call only the per-request budget applies.
 */
export function bookRetryWait(waitMs: number, budgetMs: number): boolean {
  const scope = callScope.getStore();
  if (!scope) return true;
  if (scope.retryWaitMs + waitMs > budgetMs) return false;
  scope.retryWaitMs += waitMs;
  return true;
}

/** The given signal combined with the ambient call signal (either may be absent). */
export function callerSignal(explicit?: AbortSignal): AbortSignal | undefined {
  const ambient = callScope.getStore()?.signal;
  if (!ambient || ambient === explicit) return explicit;
  if (!explicit) return ambient;
  return AbortSignal.any([explicit, ambient]);
}
