/**
 * Start-up rows of `npm run bench`: cold start (spawn → initialize → tools/list), RSS right
 * after that tools/list, and the first get_issue_details in a new process (spawn, initialize,
 * then the call, no tools/list between). Every run spawns fresh processes, alternating sides,
 * so a change in machine load hits both alike. Nothing here asserts anything.
 */
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { McpProcess } from "./mcp-process.js";
import type { Side } from "./measure.js";
import { ISSUE, ORG } from "./scenarios.js";
import { type Figure, median } from "./stats.js";

/** The goals of issue 19 for these rows, as maximum ratios ours/incumbent. */
export const STARTUP_TARGETS = {
  coldStart: 0.4,
  rssAfterList: 0.5,
  rssAfterCalls: 0.6,
  firstCall: 0.8,
} as const;

const FIRST_CALL = {
  tool: "get_issue_details",
  args: { organizationSlug: ORG, issueId: ISSUE },
} as const;

interface Samples {
  coldMs: number[];
  coldCpuMs: number[];
  rss: number[];
  firstCallMs: number[];
  /** How the first call reached the tool, and whether it failed (kept for the notes). */
  via: string;
  failures: string[];
}

function emptySamples(): Samples {
  return { coldMs: [], coldCpuMs: [], rss: [], firstCallMs: [], via: "direct", failures: [] };
}

/** Spawn → initialize → tools/list: wall time, the server's CPU time and RSS at that point. */
async function coldRun(side: Side, into: Samples | null): Promise<Tool[]> {
  const { proc, coldStartMs } = await McpProcess.start(side.command());
  try {
    const [cpu, rss] = [await proc.cpuMs(), await proc.rssMiB()];
    if (into) {
      into.coldMs.push(coldStartMs);
      if (cpu !== null) into.coldCpuMs.push(cpu);
      if (rss !== null) into.rss.push(rss);
    }
    return proc.tools;
  } finally {
    await proc.close();
  }
}

/**
 * Spawn → initialize → the first get_issue_details (routed by an earlier listing: directly, or
 * through execute_sentry_tool when the server does not list it). Records the call's time only.
 */
async function firstCallRun(side: Side, tools: Tool[], into: Samples | null): Promise<void> {
  const { proc } = await McpProcess.start(side.command(), { knownTools: tools });
  try {
    const outcome = await proc.call(FIRST_CALL.tool, { ...FIRST_CALL.args });
    if (!into) return;
    if (!outcome) {
      into.failures.push("get_issue_details is not reachable");
      return;
    }
    into.via = outcome.via;
    if (outcome.ok) into.firstCallMs.push(outcome.ms);
    else into.failures.push(outcome.text.slice(0, 120));
  } finally {
    await proc.close();
  }
}

/** All start-up samples for both sides: a warm-up per side (not recorded), then `runs` rounds. */
async function collect(
  ours: Side,
  theirs: Side | null,
  runs: number,
): Promise<{ ours: Samples; theirs: Samples | null }> {
  const sides = theirs ? [ours, theirs] : [ours];
  const samples = sides.map(() => emptySamples());
  // Warm-up: fills the OS file cache for both sides and learns each side's tool listing.
  const listings: Tool[][] = [];
  for (const side of sides) {
    listings.push(await coldRun(side, null));
    await firstCallRun(side, listings[listings.length - 1], null);
  }
  for (let i = 0; i < runs; i++) {
    for (const [n, side] of sides.entries()) await coldRun(side, samples[n]);
    for (const [n, side] of sides.entries()) await firstCallRun(side, listings[n], samples[n]);
  }
  return { ours: samples[0], theirs: samples[1] ?? null };
}

const med = (values: number[] | undefined) => (values?.length ? median(values) : null);

function firstCallNote(ours: Samples, theirs: Samples | null): string | undefined {
  const notes: string[] = [];
  for (const [label, s] of [
    ["ours", ours],
    ["incumbent", theirs],
  ] as const) {
    if (!s) continue;
    if (s.via === "execute_sentry_tool") notes.push(`${label} via execute_sentry_tool`);
    if (s.failures.length) notes.push(`${label}: ${s.failures.length} failed (${s.failures[0]})`);
  }
  return notes.join("; ") || undefined;
}

/** Cold start, its CPU time, RSS after tools/list and the first call in a new process. */
export async function measureStartup(
  ours: Side,
  theirs: Side | null,
  runs: number,
  delayMs: number,
): Promise<Figure[]> {
  const s = await collect(ours, theirs, runs);
  return [
    {
      label: `cold start: spawn → initialize → tools/list (median of ${runs})`,
      unit: "ms",
      ours: med(s.ours.coldMs),
      theirs: med(s.theirs?.coldMs),
      target: STARTUP_TARGETS.coldStart,
    },
    {
      label: "cold start: server CPU time (user + system) at the tools/list answer",
      unit: "ms",
      ours: med(s.ours.coldCpuMs),
      theirs: med(s.theirs?.coldCpuMs),
      note: "less sensitive to machine load than wall time; 10 ms resolution",
    },
    {
      label: "RSS after the first tools/list (median)",
      unit: "MiB",
      ours: med(s.ours.rss),
      theirs: med(s.theirs?.rss),
      target: STARTUP_TARGETS.rssAfterList,
    },
    {
      label: `first get_issue_details in a new process, upstream delay ${delayMs} ms (median of ${runs})`,
      unit: "ms",
      ours: med(s.ours.firstCallMs),
      theirs: med(s.theirs?.firstCallMs),
      target: STARTUP_TARGETS.firstCall,
      note: joinNote(
        "spawn, initialize, then the call (no tools/list)",
        firstCallNote(s.ours, s.theirs),
      ),
    },
  ];
}

function joinNote(...parts: Array<string | undefined>): string {
  return parts.filter(Boolean).join("; ");
}
