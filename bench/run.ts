/**
 * `npm run bench`: our server and @sentry/mcp-server@0.39.0 side by side over stdio against one
 * sandbox. Prints a markdown table of ratios (ours / theirs) and writes it to bench/results.md.
 * Benchmarks measure; they assert nothing.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import { measureOurSurface, renderSurfaceReport } from "../scripts/measure-tokens.js";
import { measureDiscovery } from "./discovery.js";
import { ensureIncumbent, INCUMBENT_PACKAGE, INCUMBENT_VERSION } from "./incumbent.js";
import { McpProcess } from "./mcp-process.js";
import { measureToolsList, type Side } from "./measure.js";
import { ourEntry, projectRoot } from "./paths.js";
import { BENCH_TOKEN, type BenchSandbox, startBenchSandbox } from "./sandbox.js";
import { measureServeThroughput, serveThroughputFigures } from "./serve-throughput.js";
import { measureSessions } from "./session.js";
import { measureStartup } from "./startup.js";
import { type Figure, missedTargets, ratio, renderTable } from "./stats.js";

const DELAY_MS = 40;

function options() {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "7" },
      "latency-runs": { type: "string", default: "10" },
      "no-incumbent": { type: "boolean", default: false },
    },
  });
  const runs = Math.max(1, Number.parseInt(values.runs, 10) || 7);
  const latencyRuns = Math.max(1, Number.parseInt(values["latency-runs"], 10) || 10);
  return { runs, latencyRuns, skipIncumbent: values["no-incumbent"] };
}

function side(name: Side["name"], entry: string, sandbox: BenchSandbox): Side {
  const host = new URL(sandbox.url).host;
  return {
    name,
    command: (extraFlags = []) => ({
      name,
      entry,
      args: [`--access-token=${BENCH_TOKEN}`, `--host=${host}`, "--insecure-http", ...extraFlags],
    }),
  };
}

/**
 * `serve` against the raw upstream (bench/serve-throughput.ts): 3 rounds of 10 s per side (three
 * RSS readings show whether memory levels off).
 */
async function measureServeRow(): Promise<Figure[]> {
  const result = await measureServeThroughput({
    concurrency: 16,
    seconds: 10,
    rounds: 3,
    warmupSeconds: 3,
  });
  return serveThroughputFigures(result);
}

/** Lays the file out as `npm run lint` (biome) wants it, so the committed results stay clean. */
async function formatMarkdown(root: string, file: string): Promise<void> {
  const biome = path.join(root, "node_modules", ".bin", "biome");
  if (!existsSync(biome)) return;
  try {
    await promisify(execFile)(biome, ["format", "--write", file], { cwd: root });
  } catch (error) {
    log(`biome could not format ${file}: ${(error as Error).message.split("\n")[0]}`);
  }
}

function log(message: string): void {
  process.stderr.write(`bench: ${message}\n`);
}

async function main(): Promise<void> {
  const opts = options();
  const root = projectRoot();
  const entry = ourEntry(root);
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build first`);

  let incumbentEntry: string | null = null;
  let incumbentNote = "";
  if (opts.skipIncumbent) {
    incumbentNote = "Incumbent skipped (--no-incumbent): only our numbers are shown.";
  } else {
    const install = await ensureIncumbent(root);
    if (install.ok) incumbentEntry = install.entry;
    else incumbentNote = `Incumbent unavailable (${install.reason}): only our numbers are shown.`;
  }
  if (incumbentNote) log(incumbentNote);

  const dumpDir = path.join(root, ".cache", "bench", "responses");
  const sandbox = await startBenchSandbox(DELAY_MS);
  const started = performance.now();
  const figures: Figure[] = [];
  let surfaceReport = "";
  try {
    const ours = side("ours", entry, sandbox);
    let theirs = incumbentEntry ? side("incumbent", incumbentEntry, sandbox) : null;
    if (theirs) {
      try {
        const { proc } = await McpProcess.start(theirs.command());
        await proc.close();
      } catch (error) {
        incumbentNote = `Incumbent failed to start (${(error as Error).message.slice(0, 160)}): only our numbers are shown.`;
        log(incumbentNote);
        theirs = null;
      }
    }
    const group = async (name: string, fn: () => Promise<Figure[]>) => {
      log(name);
      try {
        figures.push(...(await fn()));
      } catch (error) {
        const message = (error as Error).message.replace(/\s+/g, " ").slice(0, 200);
        log(`${name} failed: ${message}`);
        figures.push({
          label: `${name}: failed`,
          unit: "",
          ours: null,
          theirs: null,
          note: message,
        });
      }
    };
    await group("tools/list sizes", () => measureToolsList(ours, theirs));
    await group(`start-up and first call (${opts.runs} runs per side after a warm-up)`, () =>
      measureStartup(ours, theirs, opts.runs, DELAY_MS),
    );
    await group(`responses and latency (upstream delay ${DELAY_MS} ms)`, () =>
      measureSessions(ours, theirs, sandbox, opts.latencyRuns, DELAY_MS, dumpDir),
    );
    await group("serve throughput at concurrency 16 against the raw upstream", measureServeRow);
    await group("discovery (test/fixtures/discovery-phrasings.json)", () =>
      measureDiscovery(ours, theirs, root),
    );
    log("our surface per tool (measure-tokens)");
    const host = new URL(sandbox.url).host;
    try {
      surfaceReport = renderSurfaceReport([
        await measureOurSurface(entry, host, []),
        await measureOurSurface(entry, host, ["--all-skills"]),
      ]);
    } catch (error) {
      surfaceReport = `Failed: ${(error as Error).message}`;
    }
  } finally {
    await sandbox.close();
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  const markdown = report(figures, { ...opts, incumbentNote, seconds, surfaceReport });
  const resultsFile = path.join(root, "bench", "results.md");
  await writeFile(resultsFile, `${markdown}\n`);
  await formatMarkdown(root, resultsFile);
  process.stdout.write(await readFile(resultsFile, "utf8"));
  log(`written to bench/results.md (${seconds}s)`);
}

function report(
  figures: Figure[],
  info: {
    runs: number;
    latencyRuns: number;
    incumbentNote: string;
    seconds: string;
    surfaceReport: string;
  },
): string {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const lines = [
    "# Benchmark: sentry-mcp-lite vs the incumbent",
    "",
    `Ours (built \`dist/\`) vs \`${INCUMBENT_PACKAGE}@${INCUMBENT_VERSION}\`, both over stdio with the MCP SDK client, both against one sandbox (upstream delay ${DELAY_MS} ms per request). Node ${process.version}, ${os.platform()} ${os.arch()}, ${cpu} x${os.cpus().length}. Cold start and first call in a new process: median of ${info.runs} runs after a warm-up; latency: median of ${info.latencyRuns}. Tokens: o200k_base. Run time ${info.seconds}s, load average ${os.loadavg()[0].toFixed(1)} at the end (timings are noisier on a busy machine; sides alternate to share the noise). Lower is better everywhere; targets are ratios, reported, not asserted.`,
    "",
  ];
  if (info.incumbentNote) lines.push(`> ${info.incumbentNote}`, "");
  lines.push(renderTable(figures), "");
  const missed = missedTargets(figures);
  const withTarget = figures.filter(
    (f) => f.target !== undefined && ratio(f.ours, f.theirs) !== null,
  );
  lines.push(
    missed.length === 0
      ? `Targets: all ${withTarget.length} measured targets met.`
      : `Targets missed (${missed.length} of ${withTarget.length}): ${missed.map((f) => f.label).join("; ")}.`,
    "",
    "## Our surface (npm run measure-tokens)",
    "",
    info.surfaceReport,
  );
  return lines.join("\n");
}

main().catch((error) => {
  process.stderr.write(`bench: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
