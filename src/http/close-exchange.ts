/**
 * Ends the server of one stateless exchange. The SDK's close builds a `ConnectionClosed` error
 * for the exchange's pending handlers whether there are any or not, and capturing its stack
 * trace was the largest single cost of closing: 17-33 µs of every HTTP request
 * (docs/benchmarks.md, "serve throughput"). After the answer there are no pending handlers to
 * receive it, so errors made while closing are built without a stack trace. The close runs
 * synchronously up to that point; V8's limit is restored right after.
 */
export function closeExchange(server: { close(): Promise<void> }): void {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    server.close().catch(() => undefined);
  } finally {
    Error.stackTraceLimit = limit;
  }
}
