/** Figures of a load run: latency percentiles, throughput and memory trend. */

/** The p-th percentile (0-100) of `values` by nearest rank; 0 for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export interface RssSample {
  /** seconds since the load started */
  at: number;
  mib: number;
}

/** Least-squares slope of RSS over time, in MiB per minute. */
export function rssSlope(samples: readonly RssSample[]): number {
  if (samples.length < 2) return 0;
  const n = samples.length;
  const meanT = samples.reduce((s, x) => s + x.at, 0) / n;
  const meanM = samples.reduce((s, x) => s + x.mib, 0) / n;
  let num = 0;
  let den = 0;
  for (const x of samples) {
    num += (x.at - meanT) * (x.mib - meanM);
    den += (x.at - meanT) ** 2;
  }
  return den === 0 ? 0 : (num / den) * 60;
}

export interface MemoryVerdict {
  warmMiB: number;
  endMiB: number;
  maxMiB: number;
  growthMiB: number;
  /** median of the last third minus median of the middle third */
  lateGrowthMiB: number;
  slopeMiBPerMin: number;
  flat: boolean;
}

/**
 * Memory after warm-up against the end of the run. RSS saw-tooths with garbage collection, so
 * the verdict compares medians: flat when the last third of the measured window is at most
 * 10% (or 8 MiB, whichever is more) above its middle third.
 */
export function memoryVerdict(samples: readonly RssSample[], warmupSeconds: number): MemoryVerdict {
  const warm = samples.filter((s) => s.at >= warmupSeconds);
  const measured = warm.length > 2 ? warm : samples;
  const warmMiB = measured[0]?.mib ?? 0;
  const endMiB = measured.at(-1)?.mib ?? 0;
  const maxMiB = Math.max(0, ...measured.map((s) => s.mib));
  const third = Math.max(1, Math.floor(measured.length / 3));
  const middle = medianOf(measured.slice(third, 2 * third).map((s) => s.mib));
  const last = medianOf(measured.slice(-third).map((s) => s.mib));
  const tolerance = Math.max(8, warmMiB * 0.1);
  return {
    warmMiB,
    endMiB,
    maxMiB,
    growthMiB: endMiB - warmMiB,
    lateGrowthMiB: last - middle,
    slopeMiBPerMin: rssSlope(measured),
    flat: last - middle <= tolerance,
  };
}

function medianOf(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Reads `--name=value` flags as bounded integers. */
export function intFlag(
  argv: readonly string[],
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value)) throw new Error(`--${name} must be an integer`);
  return Math.min(max, Math.max(min, value));
}
