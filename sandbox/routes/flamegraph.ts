/**
 * Aggregates stored profiles into Sentry's flamegraph shape: shared frames (deduplicated by
 * fingerprint) with frame infos, and the active thread's samples merged by stack (root → leaf).
 */

import type { FrameDef, StoredProfile } from "../data/profiles.js";
import { SAMPLE_INTERVAL_MS } from "../data/profiles.js";
import type { JsonObject } from "../data/types.js";
import { hash32 } from "../data/util.js";

interface FrameStats {
  frame: FrameDef;
  occurrences: number;
  sumNs: number;
  selfNs: number;
  perProfileNs: number[];
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, idx)];
}

const frameKey = (f: FrameDef) => `${f.module}|${f.function}|${f.file}|${f.line}`;

/** A Python frame's absolute path (app code under /app, libraries in site-packages). */
export function framePath(f: FrameDef, platform: string): string | null {
  if (platform !== "python") return null;
  return f.inApp ? `/app/${f.file}` : `/usr/local/lib/python3.12/site-packages/${f.file}`;
}

export function buildFlamegraph(
  profiles: StoredProfile[],
  meta: { transaction: string },
): JsonObject {
  const index = new Map<string, number>();
  const stats: FrameStats[] = [];
  const merged = new Map<string, { stack: number[]; count: number; ns: number }>();
  for (const p of profiles) {
    // Frames join the shared table when a sampled stack first uses them.
    const local = (i: number): number => {
      const f = p.frames[i];
      const key = frameKey(f);
      let k = index.get(key);
      if (k === undefined) {
        k = stats.length;
        index.set(key, k);
        stats.push({ frame: f, occurrences: 0, sumNs: 0, selfNs: 0, perProfileNs: [] });
      }
      return k;
    };
    const main = p.samples
      .filter((s) => s.thread === p.activeThread)
      .sort((a, b) => a.offsetNs - b.offsetNs);
    const inclusive = new Map<number, number>();
    let previous: number[] = [];
    main.forEach((sample, i) => {
      const next = main[i + 1]?.offsetNs ?? sample.offsetNs + SAMPLE_INTERVAL_MS * 1_000_000;
      const ns = next - sample.offsetNs;
      const stack = p.stacks[sample.stack].map(local);
      const key = stack.join(",");
      const entry = merged.get(key) ?? { stack, count: 0, ns: 0 };
      entry.count += 1;
      entry.ns += ns;
      merged.set(key, entry);
      let common = 0;
      while (common < stack.length && previous[common] === stack[common]) common++;
      stack.forEach((f, depth) => {
        if (depth >= common) stats[f].occurrences += 1;
        stats[f].sumNs += ns;
        inclusive.set(f, (inclusive.get(f) ?? 0) + ns);
      });
      stats[stack[stack.length - 1]].selfNs += ns;
      previous = stack;
    });
    for (const [f, ns] of inclusive) stats[f].perProfileNs.push(ns);
  }
  const stacks = [...merged.values()];
  const total = stacks.reduce((sum, s) => sum + s.count, 0);
  const first = profiles[0];
  return {
    activeProfileIndex: 0,
    metadata: {
      platform: first?.platform ?? "",
      projectID: first ? Number(first.projectId) : 0,
      transactionName: meta.transaction,
    },
    platform: first?.platform ?? "",
    projectID: first ? Number(first.projectId) : 0,
    transactionName: meta.transaction,
    profiles:
      stacks.length === 0
        ? []
        : [
            {
              endValue: total,
              isMainThread: true,
              name: first?.threads[first.activeThread]?.name ?? "main",
              samples: stacks.map((s) => s.stack),
              sample_counts: stacks.map((s) => s.count),
              sample_durations_ns: stacks.map((s) => s.ns),
              weights: stacks.map((s) => s.count),
              startValue: 0,
              threadID: first ? Number(first.activeThread) : 0,
              type: "sampled",
              unit: "count",
            },
          ],
    shared: {
      frames: stats.map(({ frame }) => ({
        name: frame.function,
        module: frame.module,
        file: frame.file,
        path: framePath(frame, first?.platform ?? ""),
        line: frame.line,
        is_application: frame.inApp,
        fingerprint: hash32(frameKey(frame)),
      })),
      frame_infos: stats.map((s) => ({
        count: s.occurrences,
        weight: s.sumNs,
        sumDuration: s.sumNs,
        sumSelfTime: s.selfNs,
        p75Duration: percentile(s.perProfileNs, 75),
        p95Duration: percentile(s.perProfileNs, 95),
        p99Duration: percentile(s.perProfileNs, 99),
      })),
      profiles: profiles.map((p) => ({
        project_id: Number(p.projectId),
        profile_id: p.profileId,
        start: p.startMs / 1000,
        end: (p.startMs + p.durationMs) / 1000,
      })),
    },
    metrics: null,
  };
}
