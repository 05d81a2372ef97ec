/**
 * A fetch wrapper for tool tests: counts sequential round trips (requests that start only after
 * earlier ones finished form a new round) and answers chosen paths with an error status.
 */

export interface Fault {
  /** matched against the request path (and query) */
  path: RegExp;
  status: number;
  detail?: string;
}

export function upstreamProbe(faults: Fault[] = []) {
  let finished = 0;
  let starts: number[] = [];
  let paths: string[] = [];
  const probe: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    starts.push(finished);
    paths.push(url.pathname);
    try {
      const fault = faults.find((f) => f.path.test(url.pathname + url.search));
      if (fault) {
        return new Response(
          JSON.stringify({ detail: fault.detail ?? `Injected ${fault.status}` }),
          {
            status: fault.status,
            headers: { "Content-Type": "application/json" },
          },
        );
      }
      return await fetch(input, init);
    } finally {
      finished++;
    }
  };
  return {
    fetch: probe,
    /** sequential round trips since the last reset */
    rounds: () => new Set(starts).size,
    paths: () => [...paths],
    reset() {
      finished = 0;
      starts = [];
      paths = [];
    },
  };
}
