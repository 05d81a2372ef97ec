import { afterEach, describe, expect, it } from "vitest";
import { openSqliteStore } from "../store/sqlite.js";
import { indexEnd, sweepEnds } from "./ends.js";

let clock = Date.parse("2026-11-01T12:00:00Z");
const store = openSqliteStore(":memory:", { now: () => clock, sweepMs: 0 });
afterEach(() => {
  clock += 24 * 3600_000;
});

describe("the index of record ends", () => {
  it("hands over each indexed key once its bucket is wholly past, once", async () => {
    const seen: string[] = [];
    const sweep = () => sweepEnds(store, clock, async (k) => void seen.push(k));
    await sweep();
    await indexEnd(store, "grant:a", clock + 15 * 60_000, clock);
    await indexEnd(store, "code:b", clock + 60_000, clock);
    expect(await sweep()).toBe(0);
    clock += 10 * 60_000;
    await sweep();
    clock += 20 * 60_000;
    await sweep();
    await sweep();
    expect(seen.sort()).toEqual(["code:b", "grant:a"]);
  });

  it("lets one sweeper at a time walk the index", async () => {
    await indexEnd(store, "grant:c", clock + 60_000, clock);
    clock += 30 * 60_000;
    expect(await store.setIfAbsent("lock:ends", "1", 300)).toBe(true);
    expect(await sweepEnds(store, clock, async () => {})).toBe(0);
    await store.delete("lock:ends");
    expect(await sweepEnds(store, clock, async () => {})).toBe(1);
  });
});
