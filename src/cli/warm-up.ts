/**
 * Start-up work of the first tool call that need not wait its turn (stdio only; measured in
 * docs/benchmarks.md). Formatting a count or sorting tags the first time loads ICU's "en-US"
 * data (tens of ms). Started just after the session's first Sentry request has been sent, it
 * runs while that request waits for its answer instead of after it. Nothing is loaded before a
 * call needs it, so an idle server stays small.
 */
import { subscribe, unsubscribe } from "node:diagnostics_channel";

/** Node's fetch (undici) publishes here once a request's headers are on the socket. */
const REQUEST_SENT = "undici:client:sendHeaders";

/** Runs `fn` once, right after the process's first fetch request has been sent. */
export function afterFirstRequestSent(fn: () => void): void {
  const onSent = () => {
    unsubscribe(REQUEST_SENT, onSent);
    setImmediate(fn);
  };
  subscribe(REQUEST_SENT, onSent);
}

function loadIntl(): void {
  (1234).toLocaleString("en-US");
  "a".localeCompare("b");
}

/** Loads ICU's "en-US" data while the first Sentry request is in flight. */
export function warmUpDuringFirstRequest(): void {
  afterFirstRequestSent(loadIntl);
}
