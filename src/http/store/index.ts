import { ConfigurationError } from "../../errors.js";
import { openRedisStore } from "./redis.js";
import { openSqliteStore } from "./sqlite.js";
import type { KeyValueStore } from "./types.js";

export type { KeyValueStore } from "./types.js";

export interface StoreSpec {
  kind: "sqlite" | "redis";
  /** The SQLite path (`:memory:` or a file) or the Redis URL. */
  location: string;
}

/**
 * `--store` → which store: `redis://` / `rediss://` URLs pick Redis; `sqlite:PATH`, a plain
 * path or `:memory:` (the default) pick SQLite.
 */
export function parseStoreSpec(value: string | undefined): StoreSpec {
  const v = (value ?? "").trim();
  if (v === "" || v === ":memory:" || v === "memory" || v === "sqlite::memory:") {
    return { kind: "sqlite", location: ":memory:" };
  }
  if (/^rediss?:\/\//i.test(v)) {
    try {
      new URL(v);
    } catch {
      throw new ConfigurationError("Invalid --store Redis URL.");
    }
    return { kind: "redis", location: v };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(v) && !/^sqlite:/i.test(v)) {
    throw new ConfigurationError(
      "--store takes redis://..., rediss://..., sqlite:PATH, a file path or :memory:.",
    );
  }
  const path = v.replace(/^sqlite:(\/\/)?/i, "");
  return { kind: "sqlite", location: path === "" ? ":memory:" : path };
}

export function openStore(spec: StoreSpec, options: { now?: () => number } = {}): KeyValueStore {
  return spec.kind === "redis"
    ? openRedisStore(spec.location)
    : openSqliteStore(spec.location, { now: options.now });
}
