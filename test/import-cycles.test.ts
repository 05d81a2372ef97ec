/** The code under src/ has no import cycles (type-only imports included). */
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without type declarations
import { findCycles, importGraph } from "../scripts/import-cycles.mjs";

type Graph = Map<string, string[]>;
const cyclesOf = findCycles as (graph: Graph) => string[][];

describe("import cycles", () => {
  it("finds a cycle when there is one (the checker can fail)", () => {
    const graph: Graph = new Map([
      ["config.ts", ["types.ts"]],
      ["types.ts", ["client.ts"]],
      ["client.ts", ["telemetry.ts"]],
      ["telemetry.ts", ["config.ts"]],
      ["leaf.ts", []],
    ]);
    expect(cyclesOf(graph)).toEqual([["client.ts", "telemetry.ts", "config.ts", "types.ts"]]);
  });

  it("src/ has none", () => {
    const graph = importGraph("src") as Graph;
    expect(graph.size).toBeGreaterThan(100);
    const cycles = cyclesOf(graph).map((c) => c.map((f) => relative(process.cwd(), f)).join(" → "));
    expect(cycles).toEqual([]);
  });
});
