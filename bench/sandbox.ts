/**
 * Starts the fake Sentry for the benchmark. Loaded by path at run time so the bench compiles
 * on its own and says clearly when the sandbox is not built.
 */

export interface BenchSandbox {
  url: string;
  /** Every request the sandbox answered, in order (only the count is used here). */
  requests: readonly unknown[];
  close(): Promise<void>;
}

interface SandboxModule {
  startSandbox(options: {
    port: number;
    now?: Date;
    tokens?: string[];
    delayMs?: number;
  }): Promise<BenchSandbox>;
}

/** The same fixed clock as the tests, so the seeded data (and so response sizes) are stable. */
export const BENCH_NOW = new Date("2026-11-01T12:00:00Z");
export const BENCH_TOKEN = "bench-sandbox-token";

export async function startBenchSandbox(delayMs: number): Promise<BenchSandbox> {
  const spec = new URL("../sandbox/server.js", import.meta.url).href;
  let mod: SandboxModule;
  try {
    mod = (await import(spec)) as SandboxModule;
  } catch (error) {
    throw new Error(`cannot load the sandbox (${spec}): ${(error as Error).message}`);
  }
  return mod.startSandbox({ port: 0, now: BENCH_NOW, tokens: [BENCH_TOKEN], delayMs });
}

/** The number of upstream requests a call caused. */
export async function countRequests<T>(
  sandbox: BenchSandbox,
  fn: () => Promise<T>,
): Promise<{ value: T; requests: number; log: string[] }> {
  const before = sandbox.requests.length;
  const value = await fn();
  const made = sandbox.requests.slice(before);
  return { value, requests: made.length, log: made.map(describeRequest) };
}

/** `GET /api/0/...?query` for a sandbox request record. */
export function describeRequest(request: unknown): string {
  const r = request as { method?: string; path?: string; query?: string };
  return `${r.method ?? "?"} ${r.path ?? "?"}${r.query ? `?${r.query}` : ""}`;
}

/** The trace id of an issue's latest event, read straight from the sandbox API. */
export async function traceIdOf(
  sandbox: BenchSandbox,
  org: string,
  issueId: string,
): Promise<string | null> {
  try {
    const response = await fetch(
      `${sandbox.url}/api/0/organizations/${org}/issues/${issueId}/events/latest/`,
      { headers: { Authorization: `Bearer ${BENCH_TOKEN}` } },
    );
    if (!response.ok) return null;
    const event = (await response.json()) as { contexts?: { trace?: { trace_id?: unknown } } };
    const id = event.contexts?.trace?.trace_id;
    return typeof id === "string" ? id : null;
  } catch {
    return null;
  }
}

/**
 * How many of the logged GET requests the sandbox answers with 404 (a route it lacks): replayed
 * after the measurements, so the figures note where a response was built from partial data.
 */
export async function countMissingRoutes(
  sandbox: BenchSandbox,
  log: readonly string[],
): Promise<number> {
  let missing = 0;
  for (const line of log) {
    if (!line.startsWith("GET ")) continue;
    try {
      const response = await fetch(`${sandbox.url}${line.slice(4)}`, {
        headers: { Authorization: `Bearer ${BENCH_TOKEN}` },
      });
      await response.arrayBuffer();
      if (response.status === 404) missing += 1;
    } catch {
      // not counted
    }
  }
  return missing;
}
