import { Redis } from "ioredis";
import type { KeyValueStore } from "./types.js";

/** INCR, and set the TTL only when the counter is new (a fixed window). */
const INCREMENT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return n`;

/**
 * The shared store for several instances: every key lives in Redis with a native TTL, under a
 * prefix so one Redis can serve other things too. `take` is GETDEL, `setIfAbsent` is SET NX.
 */
export function openRedisStore(url: string, options: { prefix?: string } = {}): KeyValueStore {
  const prefix = options.prefix ?? "sentry-mcp:";
  const redis = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
  });
  // Errors surface on the failing command; without a listener ioredis would also log them.
  redis.on("error", () => {});
  const k = (key: string) => `${prefix}${key}`;
  const ttl = (seconds: number) => Math.max(1, Math.ceil(seconds));
  return {
    get: (key) => redis.get(k(key)),
    async set(key, value, ttlSeconds) {
      await redis.set(k(key), value, "EX", ttl(ttlSeconds));
    },
    async setIfAbsent(key, value, ttlSeconds) {
      return (await redis.set(k(key), value, "EX", ttl(ttlSeconds), "NX")) === "OK";
    },
    take: (key) => redis.getdel(k(key)),
    async delete(key) {
      await redis.del(k(key));
    },
    async increment(key, ttlSeconds) {
      return Number(await redis.eval(INCREMENT, 1, k(key), String(ttl(ttlSeconds))));
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
