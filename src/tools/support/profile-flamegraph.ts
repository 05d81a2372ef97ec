/**
 * Turns Sentry's aggregated flamegraph into get_profile's analysis (seed 000 "Transaction
 * Profiles"): every frame appears once in `frames`; top functions, hot path stacks (root → leaf)
 * and leaves refer to frames by index. Times are milliseconds, rounded to 0.1 ms.
 */

import { z } from "zod";
import { truncate } from "../../format/markdown.js";
import type { Flamegraph, FlamegraphFrame, FrameInfo } from "../../sentry-api/profiles.js";

export const profileFrameSchema = z.object({
  name: z.string(),
  file: z.string().optional(),
  line: z.number().optional(),
  isApplication: z.boolean(),
  occurrences: z.number().describe("times the frame appears in the call tree, not samples"),
  totalMs: z.number(),
  selfMs: z.number(),
  p75Ms: z.number(),
  p95Ms: z.number(),
  p99Ms: z.number(),
  insights: z.array(z.string()),
});

export const hotPathSchema = z.object({
  stack: z.array(z.number()).describe("frame indexes, root to leaf; the last is the bottleneck"),
  rootFramesOmitted: z.number().describe("outermost frames left out of a deep stack"),
  leaf: z.number().describe("frame index of the sampled leaf, even when it is library code"),
  samples: z.number(),
  durationMs: z.number(),
  percent: z.number(),
});

export const analysisSchema = z.object({
  platform: z.string().optional(),
  profiles: z.number(),
  estimatedTotalMs: z.number(),
  userCodeMs: z.number(),
  libraryMs: z.number(),
  frames: z.array(profileFrameSchema),
  topFunctions: z.array(z.number()).describe("frame indexes by self time"),
  hotPaths: z.array(hotPathSchema),
  hotPathsOmitted: z.number(),
});
export type ProfileAnalysis = z.output<typeof analysisSchema>;

const periodStatsSchema = z.object({
  profiles: z.number(),
  estimatedTotalMs: z.number(),
  msPerProfile: z.number(),
});

export const comparisonSchema = z.object({
  baselinePeriod: z.string(),
  baseline: periodStatsSchema,
  current: periodStatsSchema,
  changePercent: z.number().nullable().describe("change of sampled ms per profile"),
  functions: z.array(
    z.object({
      frame: z.number(),
      baselineP95Ms: z.number(),
      currentP95Ms: z.number(),
      changePercent: z.number(),
      change: z.enum(["regressed", "improved"]),
    }),
  ),
  functionsOmitted: z.number(),
  unchangedFunctions: z.number(),
});
export type ProfileComparison = z.output<typeof comparisonSchema>;

export const MAX_TOP_FUNCTIONS = 10;
/** Frames listed for top functions and hot paths (comparison may add MAX_COMPARED more). */
export const MAX_FRAMES = 40;
export const MAX_STACK_DEPTH = 12;
const MAX_NAME = 200;
export const MAX_COMPARED = 10;
const CHANGE_THRESHOLD = 10;

const ms = (ns: number | null | undefined) => Math.round((ns ?? 0) / 1e5) / 10;
const pct = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;

function mainThread(fg: Flamegraph) {
  return fg.profiles?.find((p) => p.isMainThread) ?? fg.profiles?.[0];
}

/** True when the flamegraph has frames and sampled stacks to analyse. */
export function hasProfileData(fg: Flamegraph | null | undefined): fg is Flamegraph {
  return Boolean(fg?.shared?.frames?.length && mainThread(fg)?.samples?.length);
}

interface Stack {
  frames: number[];
  samples: number;
  ns: number;
}

function mergedStacks(fg: Flamegraph): Stack[] {
  const thread = mainThread(fg);
  const merged = new Map<string, Stack>();
  (thread?.samples ?? []).forEach((frames, k) => {
    const key = frames.join(",");
    const entry = merged.get(key) ?? { frames, samples: 0, ns: 0 };
    entry.samples += thread?.sample_counts?.[k] ?? 1;
    entry.ns += thread?.sample_durations_ns?.[k] ?? 0;
    merged.set(key, entry);
  });
  return [...merged.values()].sort((a, b) => b.ns - a.ns || b.samples - a.samples);
}

function totals(fg: Flamegraph) {
  const frames = fg.shared?.frames ?? [];
  let total = 0;
  let user = 0;
  for (const s of mergedStacks(fg)) {
    total += s.ns;
    if (frames[s.frames[s.frames.length - 1]]?.is_application) user += s.ns;
  }
  // Whole tenths of a ms, so userCodeMs + libraryMs is exactly estimatedTotalMs.
  const totalT = Math.round(total / 1e5);
  const userT = Math.round(user / 1e5);
  return {
    totalNs: total,
    estimatedTotalMs: totalT / 10,
    userCodeMs: userT / 10,
    libraryMs: (totalT - userT) / 10,
    profiles: fg.shared?.profiles?.length ?? 0,
  };
}

function insightsOf(info: FrameInfo | undefined, profiles: number, totalNs: number): string[] {
  if (!info) return [];
  const out: string[] = [];
  const p75 = info.p75Duration ?? 0;
  const p99 = info.p99Duration ?? 0;
  const perProfile = profiles > 0 ? (info.count ?? 0) / profiles : 0;
  if (perProfile >= 5) out.push(`called about ${Math.round(perProfile)} times per profile`);
  if (p75 > 0 && p99 > 3 * p75)
    out.push(`high variance: p99 is ${Math.round((p99 / p75) * 10) / 10}x p75`);
  if (p75 >= 100e6) out.push(`slow: p75 is ${ms(p75)} ms`);
  const self = pct(info.sumSelfTime ?? 0, totalNs);
  if (self >= 20) out.push(`${self}% of sampled time is spent in this function itself`);
  return out;
}

function frameKey(f: FlamegraphFrame | undefined): string {
  return f?.fingerprint ? `fp:${f.fingerprint}` : `${f?.name ?? ""}|${f?.file ?? ""}`;
}

/** Builds the frame table on demand, so only referenced frames are listed, each once. */
class FrameTable {
  readonly frames: ProfileAnalysis["frames"] = [];
  readonly #index = new Map<number, number>();
  constructor(
    private readonly fg: Flamegraph,
    private readonly profiles: number,
    private readonly totalNs: number,
  ) {}

  /** How many of these frames are not listed yet. */
  missing(upstream: number[]): number {
    return new Set(upstream.filter((k) => !this.#index.has(k))).size;
  }

  add(upstream: number): number {
    const known = this.#index.get(upstream);
    if (known !== undefined) return known;
    const f = this.fg.shared?.frames?.[upstream];
    const info = this.fg.shared?.frame_infos?.[upstream];
    this.frames.push({
      name: truncate(f?.name ?? "(unknown)", MAX_NAME),
      file: f?.file || f?.path ? truncate(f?.file ?? f?.path ?? "", MAX_NAME) : undefined,
      line: f?.line ?? undefined,
      isApplication: f?.is_application ?? false,
      occurrences: info?.count ?? 0,
      totalMs: ms(info?.sumDuration),
      selfMs: ms(info?.sumSelfTime),
      p75Ms: ms(info?.p75Duration),
      p95Ms: ms(info?.p95Duration),
      p99Ms: ms(info?.p99Duration),
      insights: insightsOf(info, this.profiles, this.totalNs),
    });
    this.#index.set(upstream, this.frames.length - 1);
    return this.frames.length - 1;
  }
}

export interface AnalysisOptions {
  focusOnUserCode: boolean;
  maxHotPaths: number;
  baselinePeriod?: string;
}

/** The current period's analysis, and the comparison when a baseline with data is given. */
export function analyzeFlamegraphs(
  current: Flamegraph,
  baseline: Flamegraph | null,
  opts: AnalysisOptions,
): { analysis: ProfileAnalysis; comparison: ProfileComparison | null } {
  const frames = current.shared?.frames ?? [];
  const infos = current.shared?.frame_infos ?? [];
  const t = totals(current);
  const table = new FrameTable(current, t.profiles, t.totalNs);
  const eligible = (k: number) => !opts.focusOnUserCode || frames[k]?.is_application === true;

  const topFunctions = frames
    .map((_, k) => k)
    .filter(eligible)
    .sort(
      (a, b) =>
        (infos[b]?.sumSelfTime ?? 0) - (infos[a]?.sumSelfTime ?? 0) ||
        (infos[b]?.sumDuration ?? 0) - (infos[a]?.sumDuration ?? 0),
    )
    .slice(0, MAX_TOP_FUNCTIONS)
    .map((k) => table.add(k));

  const stacks = mergedStacks(current);
  const totalSamples = stacks.reduce((sum, s) => sum + s.samples, 0);
  // Deep stacks keep their leaf end; paths that would overflow the frame table are left out.
  const hotPaths: ProfileAnalysis["hotPaths"] = [];
  for (const s of stacks) {
    if (hotPaths.length >= opts.maxHotPaths) break;
    const shown = s.frames.filter(eligible);
    const kept = shown.slice(-MAX_STACK_DEPTH);
    const leaf = s.frames[s.frames.length - 1];
    if (table.frames.length + table.missing([...kept, leaf]) > MAX_FRAMES) continue;
    hotPaths.push({
      stack: kept.map((k) => table.add(k)),
      rootFramesOmitted: shown.length - kept.length,
      leaf: table.add(leaf),
      samples: s.samples,
      durationMs: ms(s.ns),
      percent: pct(s.ns, t.totalNs) || pct(s.samples, totalSamples),
    });
  }

  const analysis: ProfileAnalysis = {
    platform: current.platform ?? undefined,
    profiles: t.profiles,
    estimatedTotalMs: t.estimatedTotalMs,
    userCodeMs: t.userCodeMs,
    libraryMs: t.libraryMs,
    frames: table.frames,
    topFunctions,
    hotPaths,
    hotPathsOmitted: Math.max(0, stacks.length - hotPaths.length),
  };
  const comparison =
    baseline && opts.baselinePeriod
      ? compare(current, baseline, opts.baselinePeriod, eligible, table)
      : null;
  return { analysis, comparison };
}

function compare(
  current: Flamegraph,
  baseline: Flamegraph,
  baselinePeriod: string,
  eligible: (k: number) => boolean,
  table: FrameTable,
): ProfileComparison {
  const stats = (fg: Flamegraph) => {
    const t = totals(fg);
    const perProfile = t.profiles > 0 ? Math.round((t.estimatedTotalMs / t.profiles) * 10) / 10 : 0;
    return { profiles: t.profiles, estimatedTotalMs: t.estimatedTotalMs, msPerProfile: perProfile };
  };
  const before = stats(baseline);
  const after = stats(current);
  const baseIndex = new Map(
    (baseline.shared?.frames ?? []).map((f, k) => [frameKey(f), k] as const),
  );
  const changes: ProfileComparison["functions"] = [];
  let unchanged = 0;
  const frames = current.shared?.frames ?? [];
  frames.forEach((f, k) => {
    const b = baseIndex.get(frameKey(f));
    if (b === undefined || !eligible(k)) return;
    const base = baseline.shared?.frame_infos?.[b]?.p95Duration ?? 0;
    const now = current.shared?.frame_infos?.[k]?.p95Duration ?? 0;
    if (base <= 0) return;
    const change = Math.round(((now - base) / base) * 1000) / 10;
    if (Math.abs(change) < CHANGE_THRESHOLD) {
      unchanged++;
      return;
    }
    changes.push({
      frame: k,
      baselineP95Ms: ms(base),
      currentP95Ms: ms(now),
      changePercent: change,
      change: change > 0 ? "regressed" : "improved",
    });
  });
  changes.sort((a, b) => b.changePercent - a.changePercent);
  const shown = changes.slice(0, MAX_COMPARED).map((c) => ({ ...c, frame: table.add(c.frame) }));
  return {
    baselinePeriod,
    baseline: before,
    current: after,
    changePercent:
      before.msPerProfile > 0
        ? Math.round(((after.msPerProfile - before.msPerProfile) / before.msPerProfile) * 1000) / 10
        : null,
    functions: shown,
    functionsOmitted: changes.length - shown.length,
    unchangedFunctions: unchanged,
  };
}
