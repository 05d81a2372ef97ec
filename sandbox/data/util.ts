/** Deterministic helpers for seed generation: clock offsets, hashing, a seeded PRNG. */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** ISO timestamp `agoMs` before `now`. */
export function ago(now: Date, agoMs: number): string {
  return new Date(now.getTime() - agoMs).toISOString();
}

/** 32-bit FNV-1a hash of a string. */
export function hash32(input: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    h ^= input.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32 PRNG seeded from a string; returns floats in [0, 1). */
export function prng(seed: string): () => number {
  let a = hash32(seed);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Deterministic lower-case hex string of `length` characters derived from `seed`. */
export function hexId(seed: string, length = 32): string {
  const rand = prng(seed);
  let out = "";
  while (out.length < length) {
    out += Math.floor(rand() * 0x10000)
      .toString(16)
      .padStart(4, "0");
  }
  return out.slice(0, length);
}

/** Splits `total` into integer parts proportional to `weights` (sums exactly to total). */
export function distribute(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((w) => Math.floor((total * w) / sum));
  let rest = total - parts.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i = (i + 1) % parts.length, rest--) parts[i]++;
  return parts;
}
