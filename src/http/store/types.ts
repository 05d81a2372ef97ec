/**
 * The one storage interface behind the remote service: OAuth clients, grants, tokens, codes and
 * rate-limit counters. Values are opaque strings (JSON written by the callers); every entry has a
 * TTL, so nothing lives forever. Implementations: SQLite (embedded default) and Redis (several
 * instances behind a load balancer).
 */
export interface KeyValueStore {
  /** The value, or null when absent or expired. */
  get(key: string): Promise<string | null>;
  /** Writes (or overwrites) a value that expires after ttlSeconds. */
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Writes only when no live value exists; true when this call wrote it (a lock). */
  setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  /** Atomically reads and deletes: at most one caller gets a single-use value. */
  take(key: string): Promise<string | null>;
  delete(key: string): Promise<void>;
  /**
   * Adds one to a counter and returns the new count; a new counter expires after ttlSeconds
   * (fixed windows for rate limits).
   */
  increment(key: string, ttlSeconds: number): Promise<number>;
  close(): Promise<void>;
}

/** Reads a JSON value; a corrupt entry reads as absent. */
export async function getJson<T>(store: KeyValueStore, key: string): Promise<T | null> {
  const raw = await store.get(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export async function takeJson<T>(store: KeyValueStore, key: string): Promise<T | null> {
  const raw = await store.take(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function setJson(store: KeyValueStore, key: string, value: unknown, ttlSeconds: number) {
  return store.set(key, JSON.stringify(value), Math.max(1, Math.ceil(ttlSeconds)));
}
