/**
 * When grants and unredeemed codes end. Each record holding a Sentry token is indexed under the
 * ten-minute bucket its lifetime ends in (a counter per bucket plus one entry per record, so
 * instances sharing Redis never overwrite each other). A sweep walks the buckets that are wholly
 * in the past, one instance at a time, and hands every indexed record key to a callback that
 * revokes what really ended. Records stay readable for GRACE past their end so the sweep can
 * still open them.
 */
import type { KeyValueStore } from "../store/types.js";

const BUCKET_MS = 10 * 60_000;
/** How long an ended record (and its index entry) stays readable for the sweep. */
export const END_GRACE_SECONDS = 7 * 24 * 3600;

const keys = {
  count: (bucket: number) => `ends:${bucket}`,
  entry: (bucket: number, n: number) => `ends:${bucket}:${n}`,
  cursor: "ends:cursor",
  lock: "lock:ends",
};

/** The cursor outlives any pause; without one the sweep starts a grace period back. */
const CURSOR_TTL_SECONDS = 400 * 24 * 3600;

const bucketOf = (ms: number) => Math.floor(ms / BUCKET_MS);

/** Store TTL for a record that ends at `endsAt`: its life plus the grace. */
export function recordTtlSeconds(endsAt: number, now: number): number {
  return Math.max(1, Math.ceil((endsAt - now) / 1000)) + END_GRACE_SECONDS;
}

/** Remembers that the record under `recordKey` ends at `endsAt`. */
export async function indexEnd(
  store: KeyValueStore,
  recordKey: string,
  endsAt: number,
  now: number,
): Promise<void> {
  const bucket = bucketOf(endsAt);
  const ttl = recordTtlSeconds((bucket + 1) * BUCKET_MS, now);
  const n = await store.increment(keys.count(bucket), ttl);
  await store.set(keys.entry(bucket, n), recordKey, ttl);
}

/**
 * Hands each record key indexed in a past bucket to `ended` (which checks the record really
 * ended: a grant may have been extended since). Returns how many keys it handed over; 0 when
 * another instance holds the sweep.
 */
export async function sweepEnds(
  store: KeyValueStore,
  now: number,
  ended: (recordKey: string) => Promise<void>,
): Promise<number> {
  if (!(await store.setIfAbsent(keys.lock, "1", 300))) return 0;
  let handed = 0;
  try {
    const last = bucketOf(now) - 1;
    const cursor = await store.get(keys.cursor);
    const first = cursor ? Number(cursor) + 1 : bucketOf(now - END_GRACE_SECONDS * 1000);
    for (let bucket = first; bucket <= last; bucket++) {
      const count = Number((await store.get(keys.count(bucket))) ?? 0);
      for (let n = 1; n <= count; n++) {
        const recordKey = await store.get(keys.entry(bucket, n));
        if (!recordKey) continue;
        await ended(recordKey);
        handed++;
      }
      await store.set(keys.cursor, String(bucket), CURSOR_TTL_SECONDS);
    }
  } finally {
    await store.delete(keys.lock);
  }
  return handed;
}
