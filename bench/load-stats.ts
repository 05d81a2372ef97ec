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
  slopeMiBPerMin: number;
  flat: boolean;
}

/**
 * Memory after warm-up against the end of the run. Flat: the second half of the run grew by
 * less than 10% of the warmed RSS (or 8 MiB, whichever is more) and does not trend upwards by
 * more than that per minute.
 */
export function memoryVerdict(samples: readonly RssSample[], warmupSeconds: number): MemoryVerdict {
  const warm = samples.filter((s) => s.at >= warmupSeconds);
  const measured = warm.length > 1 ? warm : samples;
  const warmMiB = measured[0]?.mib ?? 0;
  const endMiB = measured.at(-1)?.mib ?? 0;
  const maxMiB = Math.max(0, ...measured.map((s) => s.mib));
  const half = measured.filter((s) => s.at >= (measured[0].at + (measured.at(-1)?.at ?? 0)) / 2);
  const tolerance = Math.max(8, warmMiB * 0.1);
  const secondHalfGrowth = (half.at(-1)?.mib ?? 0) - (half[0]?.mib ?? 0);
  const slopeMiBPerMin = rssSlope(half);
  return {
    warmMiB,
    endMiB,
    maxMiB,
    growthMiB: endMiB - warmMiB,
    slopeMiBPerMin,
    flat: secondHalfGrowth <= tolerance && slopeMiBPerMin <= tolerance,
  };
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
