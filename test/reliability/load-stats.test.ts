import { describe, expect, it } from "vitest";
import { intFlag, memoryVerdict, percentile, rssSlope } from "../../bench/load-stats.js";

describe("load figures", () => {
  it("takes nearest-rank percentiles", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBe(0);
  });

  it("calls a saw-tooth plateau flat and a steady climb growing", () => {
    const plateau = Array.from({ length: 60 }, (_, i) => ({
      at: i,
      mib: i < 10 ? 100 + i * 15 : 280 + (i % 4) * 5,
    }));
    expect(memoryVerdict(plateau, 10).flat).toBe(true);
    const leak = Array.from({ length: 60 }, (_, i) => ({ at: i, mib: 200 + i * 3 }));
    const verdict = memoryVerdict(leak, 10);
    expect(verdict.flat).toBe(false);
    expect(verdict.growthMiB).toBe(147);
    expect(rssSlope(leak)).toBeCloseTo(180);
  });

  it("reads bounded integer flags", () => {
    expect(intFlag(["--clients=500"], "clients", 8, 1, 64)).toBe(64);
    expect(intFlag([], "seconds", 20, 1, 300)).toBe(20);
    expect(() => intFlag(["--seconds=x"], "seconds", 20, 1, 300)).toThrow(/integer/);
  });
});
