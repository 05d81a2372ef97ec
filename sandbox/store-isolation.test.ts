/**
 * Two sandbox stores never share an object: a test that mutates its sandbox (writes, hostile
 * data) cannot leak into another sandbox in the same process (vitest runs files with
 * `isolate: false`, so module-level seed constants are shared between test files).
 */

import { describe, expect, it } from "vitest";
import { createStore } from "./data/index.js";

/** Paths of objects reachable from both `a` and `b` at the same place. */
function sharedObjects(a: unknown, b: unknown, path = "store", seen = new Set<object>()): string[] {
  if (a === null || typeof a !== "object" || b === null || typeof b !== "object") return [];
  if (a === b) return [path];
  if (seen.has(a)) return [];
  seen.add(a);
  if (a instanceof Map) {
    return [...a].flatMap(([k, v]) =>
      sharedObjects(v, (b as Map<unknown, unknown>).get(k), `${path}.get(${String(k)})`, seen),
    );
  }
  return Object.keys(a).flatMap((k) =>
    sharedObjects(
      (a as Record<string, unknown>)[k],
      (b as Record<string, unknown>)[k],
      `${path}.${k}`,
      seen,
    ),
  );
}

describe("createStore", () => {
  it("builds every store from fresh objects", () => {
    const at = Date.parse("2026-06-01T12:00:00Z");
    const shared = sharedObjects(createStore(new Date(at)), createStore(new Date(at)));
    expect(
      shared.map((p) => p.replace(/\.\d+/g, "[]")).filter((p, i, all) => all.indexOf(p) === i),
    ).toEqual([]);
  });
});
