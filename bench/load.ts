/**
 * Load run (`npm run bench:load`): starts `sentry-mcp serve --demo` (the embedded sandbox,
 * loopback only), drives it with N concurrent MCP clients over Streamable HTTP for a fixed
 * time and reports throughput, latency percentiles, failed requests and the server's RSS.
 * Bounded: at most 64 clients and 300 seconds. Exits 1 on any failed request.
 *
 *   npm run bench:load -- --clients=8 --seconds=30 --warmup=15
 */

import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { intFlag, memoryVerdict, percentile, type RssSample } from "./load-stats.js";
import { childEnv } from "./mcp-process.js";
import { ourEntry, projectRoot } from "./paths.js";
import { parseVmRss } from "./stats.js";

interface Call {
  name: string;
  arguments: Record<string, unknown>;
}

/** A read-only mix like an investigation: lists, details, search, catalog dispatch. */
const MIX: Call[] = [
  { name: "whoami", arguments: {} },
  { name: "find_projects", arguments: { organizationSlug: "acme" } },
  { name: "search_issues", arguments: { organizationSlug: "acme", limit: 10 } },
  { name: "get_issue_details", arguments: { organizationSlug: "acme", issueId: "BACKEND-1A" } },
  {
    name: "execute_sentry_tool",
    arguments: { name: "find_teams", arguments: { organizationSlug: "acme" } },
  },
  {
    name: "execute_sentry_tool",
    arguments: {
      name: "search_events",
      arguments: { organizationSlug: "acme", dataset: "spans", limit: 10 },
    },
  },
  { name: "get_issue_details", arguments: { organizationSlug: "acme", issueId: "FRONTEND-2E" } },
];

/** Starts the server and resolves with its /mcp URL once it listens. */
function startServer(root: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [
      ourEntry(root),
      "serve",
      "--demo",
      "--bind=127.0.0.1",
      "--port=0",
      "--rate-limit-ip=0",
      "--rate-limit-user=0",
    ],
    { env: childEnv(), stdio: ["ignore", "ignore", "pipe"] },
  );
  return new Promise((resolve, reject) => {
    let stderr = "";
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 20_000);
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
      const url = /listening at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url });
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}): ${stderr}`));
    });
  });
}

async function rssOf(pid: number): Promise<number | null> {
  try {
    return parseVmRss(await readFile(`/proc/${pid}/status`, "utf8"));
  } catch {
    return null;
  }
}

interface ClientStats {
  latencies: number[];
  failures: string[];
}

async function runClient(url: string, index: number, until: number): Promise<ClientStats> {
  const stats: ClientStats = { latencies: [], failures: [] };
  const client = new Client({ name: `load-${index}`, version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    for (let i = index; Date.now() < until; i++) {
      const call = MIX[i % MIX.length];
      const started = performance.now();
      try {
        const result = await client.callTool(call);
        if (result.isError) {
          const text = (result.content as Array<{ text?: string }>)[0]?.text ?? "";
          stats.failures.push(`${call.name}: ${text.slice(0, 160)}`);
        }
      } catch (error) {
        stats.failures.push(`${call.name}: ${(error as Error).message.slice(0, 160)}`);
      }
      stats.latencies.push(performance.now() - started);
    }
  } finally {
    await client.close().catch(() => undefined);
  }
  return stats;
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const clients = intFlag(argv, "clients", 8, 1, 64);
  const seconds = intFlag(argv, "seconds", 30, 1, 300);
  // The heap takes ~10-15 s of this load to reach its working size; judge memory after that.
  const warmup = intFlag(argv, "warmup", Math.min(15, Math.floor(seconds / 2)), 0, seconds - 1);
  const root = projectRoot();
  const { child, url } = await startServer(root);
  const pid = child.pid!;
  const samples: RssSample[] = [];
  const started = Date.now();
  const sampler = setInterval(async () => {
    const mib = await rssOf(pid);
    if (mib !== null) samples.push({ at: (Date.now() - started) / 1000, mib });
  }, 500);
  try {
    const startMiB = await rssOf(pid);
    process.stderr.write(`load: ${clients} clients × ${seconds} s against ${url}\n`);
    const results = await Promise.all(
      Array.from({ length: clients }, (_, i) => runClient(url, i, started + seconds * 1000)),
    );
    const elapsed = (Date.now() - started) / 1000;
    clearInterval(sampler);
    await new Promise((r) => setTimeout(r, 1_000));
    const settledMiB = await rssOf(pid);
    const latencies = results.flatMap((r) => r.latencies);
    const failures = results.flatMap((r) => r.failures);
    const memory = memoryVerdict(samples, warmup);
    const report = {
      clients,
      seconds,
      warmupSeconds: warmup,
      requests: latencies.length,
      failed: failures.length,
      throughputPerSecond: Math.round((latencies.length / elapsed) * 10) / 10,
      latencyMs: {
        p50: Math.round(percentile(latencies, 50) * 10) / 10,
        p90: Math.round(percentile(latencies, 90) * 10) / 10,
        p99: Math.round(percentile(latencies, 99) * 10) / 10,
        max: Math.round(Math.max(0, ...latencies) * 10) / 10,
      },
      rssMiB: {
        start: startMiB === null ? null : Math.round(startMiB),
        afterWarmup: Math.round(memory.warmMiB),
        end: Math.round(memory.endMiB),
        max: Math.round(memory.maxMiB),
        settled: settledMiB === null ? null : Math.round(settledMiB),
        growthAfterWarmup: Math.round(memory.growthMiB * 10) / 10,
        lateGrowth: Math.round(memory.lateGrowthMiB * 10) / 10,
        slopePerMinute: Math.round(memory.slopeMiBPerMin * 10) / 10,
        flat: memory.flat,
      },
      firstFailures: failures.slice(0, 5),
    };
    const out = path.join(root, "test-artifacts", "load.json");
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, `${JSON.stringify({ ...report, samples }, null, 2)}\n`);
    process.stdout.write(
      [
        `requests      ${report.requests} in ${elapsed.toFixed(1)} s (${report.throughputPerSecond}/s), failed ${report.failed}`,
        `latency       p50 ${report.latencyMs.p50} ms · p90 ${report.latencyMs.p90} ms · p99 ${report.latencyMs.p99} ms · max ${report.latencyMs.max} ms`,
        `server RSS    start ${report.rssMiB.start} MiB · after warm-up ${report.rssMiB.afterWarmup} · end ${report.rssMiB.end} · max ${report.rssMiB.max} · settled ${report.rssMiB.settled}`,
        `memory        growth after warm-up ${report.rssMiB.growthAfterWarmup} MiB, last third vs middle third ${report.rssMiB.lateGrowth} MiB (trend ${report.rssMiB.slopePerMinute} MiB/min): ${memory.flat ? "flat" : "GROWING"}`,
        ...report.firstFailures.map((f) => `failure       ${f}`),
        `details       ${path.relative(root, out)}`,
        "",
      ].join("\n"),
    );
    return failures.length === 0 && memory.flat ? 0 : 1;
  } finally {
    clearInterval(sampler);
    child.kill("SIGTERM");
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`bench:load failed: ${(error as Error).message}\n`);
    process.exitCode = 2;
  },
);
