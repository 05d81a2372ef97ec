import { chmodSync, closeSync, existsSync, openSync } from "node:fs";
import Database from "better-sqlite3";
import type { KeyValueStore } from "./types.js";

export interface SqliteStoreOptions {
  /** Milliseconds since the epoch; tests pass a fake clock. */
  now?: () => number;
  /** How often expired rows are swept, in milliseconds (0 disables the timer). */
  sweepMs?: number;
}

/**
 * The embedded store: one SQLite table of key, value and expiry. A file survives restarts;
 * `:memory:` lives as long as the process. better-sqlite3 is synchronous, so each operation is
 * atomic within the process; IMMEDIATE transactions keep it atomic across processes sharing a file.
 */
export function openSqliteStore(path: string, options: SqliteStoreOptions = {}): KeyValueStore {
  const now = options.now ?? Date.now;
  // The file holds grants (sealed Sentry tokens) and hashes: owner-only, created that way.
  if (path !== ":memory:") ownerOnly(path, true);
  const db = new Database(path);
  if (path !== ":memory:") {
    db.pragma("journal_mode = WAL");
    db.pragma("busy_timeout = 5000");
    for (const side of [`${path}-wal`, `${path}-shm`]) ownerOnly(side, false);
  }
  db.exec(
    "CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires_at INTEGER NOT NULL)",
  );
  const selectLive = db.prepare<[string, number], { value: string }>(
    "SELECT value FROM kv WHERE key = ? AND expires_at > ?",
  );
  const upsert = db.prepare<[string, string, number]>(
    "INSERT INTO kv (key, value, expires_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at",
  );
  const remove = db.prepare<[string]>("DELETE FROM kv WHERE key = ?");
  const sweep = db.prepare<[number]>("DELETE FROM kv WHERE expires_at <= ?");
  const bump = db.prepare<[string, string]>("UPDATE kv SET value = ? WHERE key = ?");
  const expiry = (ttlSeconds: number) => now() + Math.max(1, ttlSeconds) * 1000;

  const setIfAbsent = db.transaction((key: string, value: string, ttl: number) => {
    if (selectLive.get(key, now())) return false;
    upsert.run(key, value, expiry(ttl));
    return true;
  });
  const take = db.transaction((key: string) => {
    const row = selectLive.get(key, now());
    remove.run(key);
    return row?.value ?? null;
  });
  const increment = db.transaction((key: string, ttl: number) => {
    const row = selectLive.get(key, now());
    if (!row) {
      upsert.run(key, "1", expiry(ttl));
      return 1;
    }
    const next = Number(row.value) + 1;
    bump.run(String(next), key);
    return next;
  });

  const timer =
    options.sweepMs === 0
      ? undefined
      : setInterval(() => sweep.run(now()), options.sweepMs ?? 60_000);
  timer?.unref();

  return {
    async get(key) {
      return selectLive.get(key, now())?.value ?? null;
    },
    async set(key, value, ttlSeconds) {
      upsert.run(key, value, expiry(ttlSeconds));
    },
    async setIfAbsent(key, value, ttlSeconds) {
      return setIfAbsent.immediate(key, value, ttlSeconds);
    },
    async take(key) {
      return take.immediate(key);
    },
    async delete(key) {
      remove.run(key);
    },
    async increment(key, ttlSeconds) {
      return increment.immediate(key, ttlSeconds);
    },
    async close() {
      if (timer) clearInterval(timer);
      db.close();
    },
  };
}

/** Creates the file 0600 (or makes an existing one 0600). */
function ownerOnly(path: string, create: boolean): void {
  if (create) closeSync(openSync(path, "a", 0o600));
  if (existsSync(path)) chmodSync(path, 0o600);
}
