/**
 * A fetch that answers requests whose path matches `pattern` with a canned error, and passes
 * everything else to the real sandbox: upstream failures without special sandbox routes.
 */
export function faultyFetch(pattern: RegExp, status: number, detail = "boom"): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (pattern.test(url.pathname)) {
      return new Response(JSON.stringify({ detail }), {
        status,
        headers: { "Content-Type": "application/json" },
      });
    }
    return fetch(input, init);
  };
}
