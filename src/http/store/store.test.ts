import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedis } from "../../../test/oauth-helpers.js";
import { requireService } from "../../../test/services.js";
import { parseStoreSpec } from "./index.js";
import { openRedisStore } from "./redis.js";
import { openSqliteStore } from "./sqlite.js";
import type { KeyValueStore } from "./types.js";

/** The same contract for every implementation. */
function contract(name: string, open: () => KeyValueStore, wait: (ms: number) => Promise<void>) {
  describe(name, () => {
    let store: KeyValueStore;
    beforeAll(() => {
      store = open();
    });
    afterAll(async () => {
      await store.close();
    });

    it("gets, sets, overwrites and deletes", async () => {
      expect(await store.get("a")).toBeNull();
      await store.set("a", "1", 60);
      await store.set("a", "2", 60);
      expect(await store.get("a")).toBe("2");
      await store.delete("a");
      expect(await store.get("a")).toBeNull();
    });

    it("takes a value once", async () => {
      await store.set("once", "v", 60);
      const [x, y] = await Promise.all([store.take("once"), store.take("once")]);
      expect([x, y].sort()).toEqual([null, "v"].sort());
      expect(await store.get("once")).toBeNull();
    });

    it("writes only when absent", async () => {
      expect(await store.setIfAbsent("lock", "1", 60)).toBe(true);
      expect(await store.setIfAbsent("lock", "2", 60)).toBe(false);
      expect(await store.get("lock")).toBe("1");
    });

    it("counts", async () => {
      const counts = await Promise.all([1, 2, 3, 4, 5].map(() => store.increment("ctr", 60)));
      expect(counts.sort()).toEqual([1, 2, 3, 4, 5]);
    });

    it("expires entries after their TTL", async () => {
      await store.set("short", "v", 1);
      await store.increment("short-ctr", 1);
      expect(await store.get("short")).toBe("v");
      await wait(1100);
      expect(await store.get("short")).toBeNull();
      expect(await store.increment("short-ctr", 1)).toBe(1);
      expect(await store.setIfAbsent("short", "w", 1)).toBe(true);
    });
  });
}

let clock = 1_700_000_000_000;
contract(
  "SQLite store",
  () => openSqliteStore(":memory:", { now: () => clock, sweepMs: 0 }),
  async (ms) => {
    clock += ms;
  },
);

const redisServer = await requireService("redis", "Redis store contract");
let redis: Awaited<ReturnType<typeof startRedis>> | undefined;
describe.skipIf(!redisServer)("with a private redis-server", () => {
  beforeAll(async () => {
    redis = await startRedis(redisServer!);
  }, 20_000);
  afterAll(async () => {
    await redis?.stop();
  });
  contract(
    "Redis store",
    () => openRedisStore(redis!.url, { prefix: `t${Date.now()}:` }),
    (ms) => new Promise((r) => setTimeout(r, ms + 200)),
  );
});

describe("parseStoreSpec", () => {
  it.each([
    [undefined, { kind: "sqlite", location: ":memory:" }],
    [":memory:", { kind: "sqlite", location: ":memory:" }],
    ["sqlite:/var/lib/mcp/store.db", { kind: "sqlite", location: "/var/lib/mcp/store.db" }],
    ["./store.db", { kind: "sqlite", location: "./store.db" }],
    ["redis://cache:6379/2", { kind: "redis", location: "redis://cache:6379/2" }],
    ["rediss://user:pw@cache:6380", { kind: "redis", location: "rediss://user:pw@cache:6380" }],
  ])("%s", (input, expected) => {
    expect(parseStoreSpec(input)).toEqual(expected);
  });

  it("refuses other schemes", () => {
    expect(() => parseStoreSpec("memcached://x")).toThrow(/--store takes/);
  });
});
