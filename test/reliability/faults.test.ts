/**
 * The fault matrix: every tool of ALL_TOOLS × every way an upstream answer can go wrong, with
 * the fault on every route. Each call must end, within a bound, as a clear error (or, for the
 * faults that leave data usable, a normal answer): never a hang, a crash or a leaked token.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FaultHit } from "../../sandbox/faults.js";
import type { Sandbox } from "../../sandbox/server.js";
import { ALL_TOOLS } from "../../src/catalog/index.js";
import { startTestSandbox, toolCaller } from "../harness.js";
import { badResult, contentLength, resultText } from "./checks.js";
import { FAULT_CASES, type FaultCase } from "./fault-cases.js";
import { sampleArgs } from "./samples.js";

/** Upstream timeout of the sessions; `stalled` answers after it, everything else well before. */
const TIMEOUT_MS = 2_000;
const RETRY_BUDGET_MS = 300;
const BUDGET = 25_000;
/** The longest one call may take under any fault with these settings. */
const BOUND_MS = 6_000;

interface Cell {
  tool: string;
  ms: number;
  isError: boolean;
  faulted: number;
  problem?: string;
}

/**
 * A faulted request to Sentry's JSON API. Docs pages and attachment files are not JSON: a cut
 * or an HTML body there is content, and the docs site has its own (longer) timeout.
 */
function isJsonApi(hit: FaultHit): boolean {
  return hit.path.startsWith("/api/0/") && !/(^|&)download=/.test(hit.query);
}

async function runFault(sandbox: Sandbox, fc: FaultCase): Promise<Cell[]> {
  const tools = toolCaller(sandbox, {
    timeoutMs: fc.timeoutMs ?? TIMEOUT_MS,
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
    const hits = sandbox.faults.hits.slice(before);
    const faulted = hits.length;
    const api = hits.some(isJsonApi);
    const cell: Cell = { tool: tool.name, ms, isError: !!result?.isError, faulted };
    if (!result) cell.problem = "hung";
    else if (ms > BOUND_MS) cell.problem = `took ${ms} ms`;
    else {
      const text = resultText(result);
      cell.problem = badResult(result);
      if (!cell.problem && contentLength(result) > BUDGET)
        cell.problem = `${contentLength(result)} characters, over the budget`;
      if (!cell.problem && api && result.isError && fc.says && !fc.says.test(text))
        cell.problem = `error does not name the fault: ${text.slice(0, 200)}`;
      if (!cell.problem && api && fc.outcome === "error" && !result.isError) {
        cell.problem = `answered normally although every request failed: ${text.slice(0, 160)}`;
      }
    }
    cells.push(cell);
  }
  sandbox.faults.clear();
  return cells;
}

describe("sample arguments", () => {
  it("make every tool of ALL_TOOLS answer normally (so the matrix tests real work)", async () => {
    const sandbox = await startTestSandbox();
    try {
      const tools = toolCaller(sandbox, { seer: { timeoutMs: 500, pollIntervalMs: 50 } });
      const failing: string[] = [];
      for (const tool of ALL_TOOLS) {
        const result = await tools.call(tool.name, sampleArgs(tool, sandbox.store));
        if (result.isError) {
          failing.push(
            `${tool.name}: ${resultText(result).slice(0, 160)} (add its arguments to sampleTable in test/reliability/samples.ts)`,
          );
        }
      }
      expect(failing).toEqual([]);
    } finally {
      await sandbox.close();
    }
  });
});

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
    const perFault = FAULT_CASES.map(
      (fc, i) => `${fc.name} ${results[i].filter((c) => c.isError).length} errors`,
    );
    console.error(
      `fault matrix: ${ALL_TOOLS.length} tools × ${FAULT_CASES.length} faults = ${cells} cells, ${faulted} met a fault; ${perFault.join(", ")}; slowest ${slowest.map((c) => `${c.tool} ${c.ms} ms`).join(", ")}`,
    );
    expect(problems).toEqual([]);
  }, 180_000);
});
