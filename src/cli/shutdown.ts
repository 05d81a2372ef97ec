import { flushTelemetry } from "../telemetry/index.js";

/** How long closing the server may take before we flush anyway. */
const CLOSE_MS = 1_000;
/** How long queued telemetry may take to send before the process exits regardless. */
const FLUSH_MS = 2_000;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/**
 * One way out for a long-running server (stdio or `serve`): close what it opened, send queued
 * telemetry (events, transactions, logs) with a bound of about 2 s, then exit. Registered for
 * SIGINT and SIGTERM here; the caller also calls the returned function when stdin closes.
 */
export function onShutdown(close: () => Promise<unknown>): (code: number) => void {
  let exiting = false;
  const shutdown = (code: number) => {
    if (exiting) return;
    exiting = true;
    const closed = Promise.race([close().catch(() => undefined), delay(CLOSE_MS)]);
    void closed.then(() => flushTelemetry(FLUSH_MS)).finally(() => process.exit(code));
  };
  process.once("SIGINT", () => shutdown(130));
  process.once("SIGTERM", () => shutdown(143));
  return shutdown;
}
