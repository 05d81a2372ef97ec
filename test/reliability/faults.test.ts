/**
 * The fault matrix: every tool of ALL_TOOLS × every way an upstream answer can go wrong, with
 * the fault on every route. Each call must end, within a bound, as a clear error (or, for the
 * faults that leave data usable, a normal answer): never a hang, a crash or a leaked token.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FaultSpec } from "../../sandbox/faults.js";
import type { Sandbox } from "../../sandbox/server.js";
import { ALL_TOOLS } from "../../src/catalog/index.js";
import { startTestSandbox, toolCaller } from "../harness.js";
import { badResult, contentLength, resultText } from "./checks.js";
import { sampleArgs } from "./samples.js";

const TIMEOUT_MS = 300;
const RETRY_BUDGET_MS = 300;
const BUDGET = 25_000;
/** The longest one call may take under any fault with these settings. */
const BOUND_MS = 6_000;

interface FaultCase {
  name: string;
  fault: Omit<FaultSpec, "path">;
  /** "error": a call that met the fault fails clearly; "any": it may also answer normally. */
  outcome: "error" | "any";
  /** what the error must say when the call fails */
  says?: RegExp;
}

export const FAULT_CASES: FaultCase[] = [
  { name: "500", fault: { kind: "status", status: 500 }, outcome: "error", says: /500/ },
  { name: "502 HTML", fault: { kind: "status", status: 502 }, outcome: "error", says: /502/ },
  {
    name: "503 Retry-After",
    fault: { kind: "status", status: 503, retryAfter: 0 },
    outcome: "error",
    says: /503/,
  },
  {
    name: "429 Retry-After",
    fault: { kind: "rate-limit", retryAfter: 1 },
    outcome: "error",
    says: /Rate limited|429/,
  },
  { name: "slow", fault: { kind: "slow", delayMs: 60 }, outcome: "any" },
  {
    name: "stalled",
    fault: { kind: "slow", delayMs: 3_000 },
    outcome: "error",
    says: /did not answer in time|timed out|time/,
  },
  { name: "reset", fault: { kind: "reset" }, outcome: "error", says: /Could not reach|reach/ },
  {
    name: "truncated JSON",
    fault: { kind: "truncated" },
    outcome: "error",
    says: /unexpected response|not JSON|invalid/,
  },
  {
    name: "HTML page",
    fault: { kind: "html" },
    outcome: "error",
    says: /unexpected response|HTML|not JSON/,
  },
  { name: "wrong shape", fault: { kind: "wrong-shape" }, outcome: "any" },
  { name: "huge", fault: { kind: "huge", items: 300 }, outcome: "any" },
  { name: "missing fields", fault: { kind: "missing-fields" }, outcome: "any" },
];

interface Cell {
  tool: string;
  ms: number;
  isError: boolean;
  faulted: number;
  problem?: string;
}

async function runFault(sandbox: Sandbox, fc: FaultCase): Promise<Cell[]> {
  const tools = toolCaller(sandbox, {
    timeoutMs: TIMEOUT_MS,
    retryBudgetMs: RETRY_BUDGET_MS,
    responseBudget: BUDGET,
    seer: { timeoutMs: 500, pollIntervalMs: 50 },
  });
  const cells: Cell[] = [];
  for (const tool of ALL_TOOLS) {
    sandbox.faults.set({ path: "/**", ...fc.fault });
    const before = sandbox.faults.hits.length;
    const started = Date.now();
    const result = await Promise.race([
      tools.call(tool.name, sampleArgs(tool, sandbox.store)),
      new Promise<undefined>((r) => setTimeout(() => r(undefined), BOUND_MS * 2)),
    ]);
    const ms = Date.now() - started;
    const faulted = sandbox.faults.hits.length - before;
    const cell: Cell = { tool: tool.name, ms, isError: !!result?.isError, faulted };
    if (!result) cell.problem = "hung";
    else if (ms > BOUND_MS) cell.problem = `took ${ms} ms`;
    else {
      const text = resultText(result);
      cell.problem = badResult(result);
      if (!cell.problem && contentLength(result) > BUDGET)
        cell.problem = `${contentLength(result)} characters, over the budget`;
      if (!cell.problem && result.isError && fc.says && !fc.says.test(text))
        cell.problem = `error does not name the fault: ${text.slice(0, 200)}`;
      if (!cell.problem && fc.outcome === "error" && !result.isError && faulted > 0) {
        cell.problem = `answered normally although every request failed: ${text.slice(0, 160)}`;
      }
    }
    cells.push(cell);
  }
  sandbox.faults.clear();
  return cells;
}

describe("fault matrix", () => {
  const sandboxes: Sandbox[] = [];
  beforeAll(async () => {
    for (const _ of FAULT_CASES) sandboxes.push(await startTestSandbox());
  });
  afterAll(() => Promise.all(sandboxes.map((s) => s.close())));

  it(`every tool × ${FAULT_CASES.length} faults ends clearly within ${BOUND_MS} ms`, async () => {
    const results = await Promise.all(FAULT_CASES.map((fc, i) => runFault(sandboxes[i], fc)));
    const problems: string[] = [];
    let cells = 0;
    let faulted = 0;
    for (const [i, fc] of FAULT_CASES.entries()) {
      for (const cell of results[i]) {
        cells++;
        if (cell.faulted > 0) faulted++;
        if (cell.problem) problems.push(`${fc.name} × ${cell.tool}: ${cell.problem}`);
      }
    }
    const slowest = results
      .flat()
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3);
    console.error(
      `fault matrix: ${ALL_TOOLS.length} tools × ${FAULT_CASES.length} faults = ${cells} cells, ${faulted} met a fault; slowest ${slowest.map((c) => `${c.tool} ${c.ms} ms`).join(", ")}`,
    );
    expect(problems).toEqual([]);
  }, 180_000);
});
