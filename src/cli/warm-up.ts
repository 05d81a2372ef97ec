/**
 * Start-up work of the first tool call that need not wait its turn (stdio only; measured in
 * docs/benchmarks.md). Formatting a count or sorting tags the first time loads ICU's "en-US"
 * data (tens of ms). Started just after the session's first Sentry request has been sent, it
 * runs while that request waits for its answer instead of after it. Nothing is loaded before a
 * call needs it, so an idle server stays small.
 */
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import type { ClientRequest } from "node:http";

/** node:http publishes each outgoing request here when it is created (the Sentry client's). */
const REQUEST_START = "http.client.request.start";

/** Runs `fn` once, right after the process's first node:http request has been sent. */
export function afterFirstRequestSent(fn: () => void): void {
  const onStart = (message: unknown) => {
    unsubscribe(REQUEST_START, onStart);
    // "finish": the request is on the socket (connected, written), not just queued.
    (message as { request: ClientRequest }).request.once("finish", () => setImmediate(fn));
  };
  subscribe(REQUEST_START, onStart);
}

function loadIntl(): void {
  (1234).toLocaleString("en-US");
  "a".localeCompare("b");
}

/** Loads ICU's "en-US" data while the first Sentry request is in flight. */
export function warmUpDuringFirstRequest(): void {
  afterFirstRequestSent(loadIntl);
}
