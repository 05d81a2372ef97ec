/**
 * Start-up work of the first tool call that need not wait its turn (stdio only; measured in
 * docs/benchmarks.md). Formatting a count or sorting tags the first time loads ICU's "en-US"
 * data (tens of ms); started with the session's first Sentry request, it happens while that
 * request waits for Sentry instead of after it. Nothing is loaded before a call needs it, so an
 * idle server stays small.
 */

function loadIntl(): void {
  (1234).toLocaleString("en-US");
  "a".localeCompare("b");
}

/** `fetch` for the stdio session's API client: the first request also starts loading ICU. */
export function warmingFetch(): typeof fetch {
  let warmed = false;
  return (input, init) => {
    if (!warmed) {
      warmed = true;
      setImmediate(loadIntl);
    }
    return globalThis.fetch(input, init);
  };
}
