import { describe, expect, it } from "vitest";
import type { Flamegraph } from "../../sentry-api/profiles.js";
import {
  analyzeFlamegraphs,
  hasProfileData,
  MAX_FRAMES,
  MAX_STACK_DEPTH,
} from "./profile-flamegraph.js";

/** A Java-like flamegraph: 30 call paths, each 150 frames deep, sharing a long root. */
function deep(): Flamegraph {
  const frames = Array.from({ length: 400 }, (_, k) => ({
    name: `com.example.layer${k}.Handler.invoke${"x".repeat(k % 3 === 0 ? 300 : 0)}`,
    file: `Handler${k}.java`,
    line: k,
    is_application: k % 3 !== 1,
    fingerprint: k + 1,
  }));
  const samples = Array.from({ length: 30 }, (_, p) => [
    ...Array.from({ length: 140 }, (_, k) => k),
    ...Array.from({ length: 10 }, (_, k) => 140 + p * 8 + k),
  ]);
  return {
    platform: "java",
    transactionName: "GET /deep",
    profiles: [
      {
        isMainThread: true,
        name: "main",
        samples,
        sample_counts: samples.map((_, k) => 30 - k),
        sample_durations_ns: samples.map((_, k) => (30 - k) * 10_000_000),
      },
    ],
    shared: {
      frames,
      frame_infos: frames.map((_, k) => ({
        count: 3,
        sumDuration: 1e9,
        sumSelfTime: k >= 140 ? 2e7 : 0,
        p75Duration: 1e7,
        p95Duration: 2e7,
        p99Duration: 9e7,
      })),
      profiles: [{ profile_id: "a" }, { profile_id: "b" }],
    },
  };
}

describe("analyzeFlamegraphs", () => {
  it("bounds deep stacks and the frame table, keeping each stack's leaf end", () => {
    const { analysis } = analyzeFlamegraphs(deep(), null, {
      focusOnUserCode: false,
      maxHotPaths: 20,
    });
    expect(analysis.frames.length).toBeLessThanOrEqual(MAX_FRAMES);
    expect(analysis.hotPaths.length).toBeGreaterThan(0);
    for (const path of analysis.hotPaths) {
      expect(path.stack.length).toBeLessThanOrEqual(MAX_STACK_DEPTH);
      expect(path.rootFramesOmitted).toBe(150 - MAX_STACK_DEPTH);
      expect(path.stack.at(-1)).toBe(path.leaf);
    }
    expect(analysis.hotPathsOmitted).toBe(30 - analysis.hotPaths.length);
    for (const f of analysis.frames) expect(f.name.length).toBeLessThan(260);
    expect(JSON.stringify(analysis).length).toBeLessThan(15_000);
  });

  it("splits sampled time by the leaf frame so the parts add up", () => {
    const { analysis } = analyzeFlamegraphs(deep(), null, {
      focusOnUserCode: true,
      maxHotPaths: 5,
    });
    expect(analysis.userCodeMs + analysis.libraryMs).toBeCloseTo(analysis.estimatedTotalMs, 6);
    expect(analysis.userCodeMs).toBeGreaterThan(0);
    expect(analysis.libraryMs).toBeGreaterThan(0);
    for (const path of analysis.hotPaths)
      for (const k of path.stack) expect(analysis.frames[k].isApplication).toBe(true);
  });

  it("compares against a baseline by fingerprint, listing only real changes", () => {
    const base = deep();
    const now = deep();
    now.shared!.frame_infos = now.shared!.frame_infos!.map((info, k) =>
      k === 150 ? { ...info, p95Duration: 6e7 } : info,
    );
    const { comparison } = analyzeFlamegraphs(now, base, {
      focusOnUserCode: true,
      maxHotPaths: 3,
      baselinePeriod: "30d",
    });
    expect(comparison?.functions).toEqual([
      {
        frame: expect.any(Number),
        baselineP95Ms: 20,
        currentP95Ms: 60,
        changePercent: 200,
        change: "regressed",
      },
    ]);
    expect(comparison?.changePercent).toBe(0);
  });

  it("has no data without sampled stacks", () => {
    expect(
      hasProfileData({
        platform: "python",
        transactionName: "x",
        profiles: [],
        shared: { frames: [] },
      }),
    ).toBe(false);
    expect(hasProfileData(null)).toBe(false);
    expect(hasProfileData(deep())).toBe(true);
  });
});
