/**
 * `serve` throughput against the raw upstream (issue 19): the sandbox runs in its own process,
 * `serve` in another, and one load driver sends `tools/call search_issues` to `serve` (stateless
 * Streamable HTTP, `Authorization: Sentry-Bearer`, as remote clients call it) and the same
 * request that call makes upstream straight to the sandbox, both at the same concurrency, in
 * alternating rounds of one run. CPU per request is the `serve` process's utime + stime
 * (/proc/<pid>/stat) over the measured window divided by the requests it answered.
 *
 *   node dist/bench/serve-throughput.js [--seconds=10] [--concurrency=16] [--rounds=2]
 *     [--warmup=3] [--cpu-prof-dir=DIR] [--entry=OTHER/dist/src/cli/index.js]
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import http from "node:http";
import { pathToFileURL } from "node:url";
import { intFlag, percentile } from "./load-stats.js";
import { childEnv } from "./mcp-process.js";
import { ourEntry, projectRoot } from "./paths.js";
import { BENCH_TOKEN, describeRequest, startBenchSandbox } from "./sandbox.js";
import { type Figure, parseVmRss } from "./stats.js";

const SANDBOX_TOKEN = "sandbox-token";
const ORG = "acme";

export interface ThroughputOptions {
  concurrency: number;
  /** Measured seconds per side per round. */
  seconds: number;
  /** Rounds; each round runs raw then serve, so both share the machine's noise. */
  rounds: number;
  /** Unmeasured seconds per side before the first round (JIT, connection pools). */
  warmupSeconds: number;
  /** Node flags for `serve` (profiling: `--cpu-prof`). */
  nodeArgs?: string[];
  /** The CLI to run (default: this checkout's build); another build for an A/B comparison. */
  entry?: string;
}

export interface SideResult {
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p90Ms: number;
  firstError?: string;
}

export interface ThroughputResult {
  concurrency: number;
  raw: SideResult;
  serve: SideResult;
  /** serve / raw throughput */
  ratio: number;
  /** CPU of the serve process per answered request, in ms (utime + stime). */
  cpuMsPerRequest: number | null;
  /** CPU of the sandbox per raw request, in ms: the upstream's own cost, for scale. */
  upstreamCpuMsPerRequest: number | null;
  rssStartMiB: number | null;
  rssEndMiB: number | null;
  /** RSS after each measured serve round: growth that stops is warm-up, growth that goes on is a leak. */
  rssByRoundMiB: number[];
  upstreamPath: string;
}

/** Spawns `node entry ...args` and resolves once stderr matches `ready`. */
function spawnUntil(
  args: string[],
  ready: RegExp,
  nodeArgs: string[] = [],
  entry = ourEntry(projectRoot()),
): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(process.execPath, [...nodeArgs, entry, ...args], {
    env: childEnv(),
    stdio: ["ignore", "ignore", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let stderr = "";
    const timer = setTimeout(() => reject(new Error(`no start: ${stderr.slice(-300)}`)), 30_000);
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
      const match = ready.exec(stderr);
      if (match) {
        clearTimeout(timer);
        child.stderr?.removeAllListeners("data");
        child.stderr?.resume();
        resolve({ child, match });
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code}): ${stderr.slice(-300)}`));
    });
  });
}

async function procStat(pid: number): Promise<{ cpuMs: number; rssMiB: number | null } | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces): utime is 14th, stime 15th overall.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    const rssMiB = parseVmRss(await readFile(`/proc/${pid}/status`, "utf8"));
    // Linux reports in clock ticks of 1/100 s (USER_HZ) on every mainstream kernel.
    return { cpuMs: ticks * 10, rssMiB };
  } catch {
    return null;
  }
}

interface Target {
  port: number;
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Whether a 2xx answer is a success (the MCP answer must also not be an error). */
  check(status: number, body: string): string | undefined;
}

function request(agent: http.Agent, target: Target): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: target.port,
        method: target.method,
        path: target.path,
        headers: target.headers,
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(target.body);
  });
}

/** `concurrency` loops, each sending the target's request back to back until `seconds` pass. */
async function drive(target: Target, concurrency: number, seconds: number): Promise<SideResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const until = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      try {
        const { status, body } = await request(agent, target);
        const problem = target.check(status, body);
        if (problem) {
          errors += 1;
          firstError ??= problem;
        }
      } catch (error) {
        errors += 1;
        firstError ??= (error as Error).message;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    requests: latencies.length,
    errors,
    seconds: elapsed,
    perSecond: latencies.length / elapsed,
    p50Ms: percentile(latencies, 50),
    p90Ms: percentile(latencies, 90),
    ...(firstError ? { firstError: firstError.slice(0, 200) } : {}),
  };
}

/** The search_issues call and the one upstream request behind it. */
function targets(
  sandboxPort: number,
  servePort: number,
  upstreamPath: string,
  token = SANDBOX_TOKEN,
) {
  const raw: Target = {
    port: sandboxPort,
    method: "GET",
    path: upstreamPath,
    headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
    check: (status) => (status === 200 ? undefined : `raw HTTP ${status}`),
  };
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "search_issues", arguments: { organizationSlug: ORG, limit: 10 } },
  });
  const serve: Target = {
    port: servePort,
    method: "POST",
    path: "/mcp",
    headers: {
      Host: `127.0.0.1:${servePort}`,
      Authorization: `Sentry-Bearer ${token}`,
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      "MCP-Protocol-Version": "2025-11-25",
      "Content-Length": String(Buffer.byteLength(body)),
    },
    body,
    check: (status, text) => {
      if (status !== 200) return `serve HTTP ${status}: ${text.slice(0, 120)}`;
      if (!text.includes('"result"') || text.includes('"isError":true'))
        return `serve answer: ${text.slice(0, 160)}`;
      return undefined;
    },
  };
  return { raw, serve };
}

/**
 * The upstream request behind one search_issues call: a throwaway `serve` in front of an
 * in-process sandbox that records requests answers the call once.
 */
async function upstreamPathOf(): Promise<string> {
  const sandbox = await startBenchSandbox(0);
  const served = await spawnServe(new URL(sandbox.url).host, []);
  try {
    const { serve } = targets(0, served.port, "", BENCH_TOKEN);
    const answer = await request(new http.Agent({ keepAlive: false }), serve);
    const problem = serve.check(answer.status, answer.body);
    if (problem) throw new Error(problem);
    const made = sandbox.requests.map(describeRequest);
    if (made.length !== 1) throw new Error(`expected one upstream request, saw ${made.join(", ")}`);
    return made[0].replace(/^GET /, "");
  } finally {
    await stop(served.child);
    await sandbox.close();
  }
}

/** `serve` with no token of its own in front of `upstreamHost`; callers send Sentry-Bearer. */
async function spawnServe(upstreamHost: string, nodeArgs: string[], entry?: string) {
  const { child, match } = await spawnUntil(
    [
      "serve",
      "--bind=127.0.0.1",
      "--port=0",
      `--host=${upstreamHost}`,
      "--insecure-http",
      // The limiter runs (its cost is part of a request) but never refuses in the bench.
      "--rate-limit-ip=100000000",
      "--rate-limit-user=100000000",
    ],
    /listening at http:\/\/127\.0\.0\.1:(\d+)\/mcp/,
    nodeArgs,
    entry,
  );
  return { child, port: Number(match[1]) };
}

export async function measureServeThroughput(opts: ThroughputOptions): Promise<ThroughputResult> {
  const upstreamPath = await upstreamPathOf();
  const sandbox = await spawnUntil(
    ["sandbox", "--port=0", "--bind=127.0.0.1"],
    /Sandbox Sentry API at http:\/\/127\.0\.0\.1:(\d+)/,
  );
  let serveChild: ChildProcess | undefined;
  try {
    const sandboxPort = Number(sandbox.match[1]);
    const served = await spawnServe(`127.0.0.1:${sandboxPort}`, opts.nodeArgs ?? [], opts.entry);
    serveChild = served.child;
    const pid = serveChild.pid!;
    const { raw, serve } = targets(sandboxPort, served.port, upstreamPath);
    if (opts.warmupSeconds > 0) {
      await drive(raw, opts.concurrency, opts.warmupSeconds);
      await drive(serve, opts.concurrency, opts.warmupSeconds);
    }
    const rssStart = (await procStat(pid))?.rssMiB ?? null;
    const rawRounds: SideResult[] = [];
    const serveRounds: SideResult[] = [];
    const rssByRound: number[] = [];
    let cpuMs = 0;
    let cpuKnown = true;
    let upstreamCpuMs = 0;
    const sandboxPid = sandbox.child.pid!;
    for (let round = 0; round < opts.rounds; round++) {
      const rawBefore = await procStat(sandboxPid);
      rawRounds.push(await drive(raw, opts.concurrency, opts.seconds));
      const rawAfter = await procStat(sandboxPid);
      if (rawBefore && rawAfter) upstreamCpuMs += rawAfter.cpuMs - rawBefore.cpuMs;
      else cpuKnown = false;
      const before = await procStat(pid);
      serveRounds.push(await drive(serve, opts.concurrency, opts.seconds));
      const after = await procStat(pid);
      if (before && after) cpuMs += after.cpuMs - before.cpuMs;
      else cpuKnown = false;
      if (after?.rssMiB != null) rssByRound.push(after.rssMiB);
    }
    const rssEnd = (await procStat(pid))?.rssMiB ?? null;
    const rawAll = merge(rawRounds);
    const serveAll = merge(serveRounds);
    return {
      concurrency: opts.concurrency,
      raw: rawAll,
      serve: serveAll,
      ratio: serveAll.perSecond / rawAll.perSecond,
      cpuMsPerRequest: cpuKnown && serveAll.requests > 0 ? cpuMs / serveAll.requests : null,
      upstreamCpuMsPerRequest:
        cpuKnown && rawAll.requests > 0 ? upstreamCpuMs / rawAll.requests : null,
      rssStartMiB: rssStart,
      rssEndMiB: rssEnd,
      rssByRoundMiB: rssByRound,
      upstreamPath,
    };
  } finally {
    await stop(serveChild);
    await stop(sandbox.child);
  }
}

/** SIGTERM, and wait for the exit (a `--cpu-prof` profile is written on the way out). */
function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve();
    }, 10_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Rounds summed; percentiles are the median of the rounds' (the raw latencies are not kept). */
function merge(rounds: SideResult[]): SideResult {
  const requests = rounds.reduce((s, r) => s + r.requests, 0);
  const seconds = rounds.reduce((s, r) => s + r.seconds, 0);
  const median = (xs: number[]) => percentile(xs, 50);
  const firstError = rounds.find((r) => r.firstError)?.firstError;
  return {
    requests,
    errors: rounds.reduce((s, r) => s + r.errors, 0),
    seconds,
    perSecond: requests / seconds,
    p50Ms: median(rounds.map((r) => r.p50Ms)),
    p90Ms: median(rounds.map((r) => r.p90Ms)),
    ...(firstError ? { firstError } : {}),
  };
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * The bench table's rows for one throughput run. The "incumbent" column holds the raw upstream
 * here (the incumbent has no HTTP server to run): the ratio is serve / raw, higher is better,
 * goal >= 0.5x, so these rows carry no (lower-is-better) target of the table's kind.
 */
export function serveThroughputFigures(r: ThroughputResult): Figure[] {
  const label = `serve at concurrency ${r.concurrency}, search_issues`;
  const errors = r.serve.errors + r.raw.errors;
  const met = r.ratio >= 0.5 ? "met" : "not met";
  const flat =
    r.rssStartMiB !== null && r.rssEndMiB !== null
      ? `start ${Math.round(r.rssStartMiB)} MiB, end ${Math.round(r.rssEndMiB)} MiB (+${Math.round(r.rssEndMiB - r.rssStartMiB)}); after each round: ${r.rssByRoundMiB.map(Math.round).join(", ")} MiB`
      : "n/a";
  return [
    {
      label: `${label}: throughput, ours vs the raw upstream request`,
      unit: "req/s",
      ours: round1(r.serve.perSecond),
      theirs: round1(r.raw.perSecond),
      note: `"incumbent" column = the same sandbox hit directly with the one request behind the call; goal ratio >= 0.5x: ${met}; ${errors} errors${r.serve.firstError ? ` (${r.serve.firstError})` : ""}; ${r.serve.requests} + ${r.raw.requests} requests over ${Math.round(r.serve.seconds + r.raw.seconds)} s`,
    },
    {
      label: `${label}: p50 latency, ours vs raw`,
      unit: "ms",
      ours: round1(r.serve.p50Ms),
      theirs: round1(r.raw.p50Ms),
    },
    {
      label: `${label}: CPU per request in our process vs the sandbox's per raw request`,
      unit: "ms",
      ours: r.cpuMsPerRequest === null ? null : Math.round(r.cpuMsPerRequest * 100) / 100,
      theirs:
        r.upstreamCpuMsPerRequest === null
          ? null
          : Math.round(r.upstreamCpuMsPerRequest * 100) / 100,
      note: "utime + stime from /proc/<pid>/stat over the measured rounds",
    },
    {
      label: `${label}: our RSS over the measured rounds`,
      unit: "MiB",
      ours: r.rssEndMiB === null ? null : Math.round(r.rssEndMiB),
      theirs: null,
      note: flat,
    },
  ];
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const profileDir = argv.find((a) => a.startsWith("--cpu-prof-dir="))?.slice(15);
  const result = await measureServeThroughput({
    concurrency: intFlag(argv, "concurrency", 16, 1, 256),
    seconds: intFlag(argv, "seconds", 10, 1, 300),
    rounds: intFlag(argv, "rounds", 2, 1, 20),
    warmupSeconds: intFlag(argv, "warmup", 3, 0, 60),
    nodeArgs: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
    entry: argv.find((a) => a.startsWith("--entry="))?.slice(8),
  });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    process.stderr.write(`serve-throughput: ${(error as Error).stack}\n`);
    process.exitCode = 1;
  });
}
