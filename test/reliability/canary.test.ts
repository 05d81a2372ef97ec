/**
 * The canary token of the whole test suite (TOKEN in test/harness.ts) never shows: not in any
 * tool's answer or error (every tool of ALL_TOOLS, working and failing, including an upstream
 * that reflects the Authorization header back), not in a log line, not in a request URL.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FaultSpec } from "../../sandbox/faults.js";
import type { Sandbox } from "../../sandbox/server.js";
import { ALL_TOOLS } from "../../src/catalog/index.js";
import { SKILLS } from "../../src/tools/types.js";
import { connectInMemory, startTestSandbox, TOKEN, toolCaller } from "../harness.js";
import { resultText } from "./checks.js";
import { sampleArgs } from "./samples.js";

/** The distinctive part too, in case something cuts or re-encodes the token. */
const NEEDLES = [TOKEN, "sntryu_0000000000canary", encodeURIComponent(TOKEN)];
const leaks = (text: string) => NEEDLES.some((n) => text.includes(n));

const SCENARIOS: Array<{ name: string; fault?: Omit<FaultSpec, "path"> }> = [
  { name: "working" },
  { name: "500", fault: { kind: "status", status: 500 } },
  { name: "401", fault: { kind: "status", status: 401 } },
  { name: "echo in an error", fault: { kind: "echo", status: 400 } },
  { name: "echo in a 502", fault: { kind: "echo", status: 502 } },
  { name: "echo in the data", fault: { kind: "echo", status: 200 } },
  { name: "reset", fault: { kind: "reset" } },
  { name: "HTML page", fault: { kind: "html" } },
];

let sandbox: Sandbox;
/** one per scenario, so they run side by side */
const sandboxes: Sandbox[] = [];
const logged: string[] = [];
const restore: Array<() => void> = [];

beforeAll(async () => {
  sandbox = await startTestSandbox();
  for (const _ of SCENARIOS) sandboxes.push(await startTestSandbox());
  // Everything the server process writes to stderr or logs through console.
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: unknown, ...rest: unknown[]) => {
    logged.push(String(chunk));
    return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stderr.write;
  restore.push(() => {
    process.stderr.write = write;
  });
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    const original = console[method];
    console[method] = (...args: unknown[]) => {
      logged.push(args.map(String).join(" "));
      original(...args);
    };
    restore.push(() => {
      console[method] = original;
    });
  }
});
afterAll(async () => {
  for (const undo of restore) undo();
  await Promise.all([sandbox, ...sandboxes].map((s) => s.close()));
});

describe("canary token", () => {
  it(`stays out of every tool's output in ${SCENARIOS.length} scenarios`, async () => {
    const found: string[] = [];
    let calls = 0;
    await Promise.all(
      SCENARIOS.map(async (scenario, i) => {
        const box = sandboxes[i];
        const tools = toolCaller(box, {
          retryBudgetMs: 100,
          timeoutMs: 300,
          seer: { timeoutMs: 100, pollIntervalMs: 20 },
        });
        if (scenario.fault) box.faults.set({ path: "/**", ...scenario.fault });
        for (const tool of ALL_TOOLS) {
          calls++;
          const result = await tools.call(tool.name, sampleArgs(tool, box.store));
          if (leaks(resultText(result))) found.push(`${scenario.name} × ${tool.name}`);
        }
      }),
    );
    expect(found).toEqual([]);
    expect(calls).toBe(SCENARIOS.length * ALL_TOOLS.length);
  }, 120_000);

  it("stays out of answers through a real MCP client, with an echoing upstream", async () => {
    const mcp = await connectInMemory(sandbox, { skills: [...SKILLS] });
    try {
      sandbox.faults.set({ path: "/**", kind: "echo", status: 200 });
      for (const name of ["find_projects", "search_issues", "get_issue_details", "whoami"]) {
        const tool = ALL_TOOLS.find((t) => t.name === name)!;
        const result = await mcp.client.callTool({
          name,
          arguments: sampleArgs(tool, sandbox.store),
        });
        const text = resultText(result as { content: unknown });
        expect(leaks(text)).toBe(false);
        expect(text).toContain("[redacted]");
      }
    } finally {
      sandbox.faults.clear();
      await mcp.close();
    }
  });

  it("never travels in a URL and never shows in a log line", () => {
    const urls = [sandbox, ...sandboxes].flatMap((s) =>
      s.requests.map((r) => `${r.path}?${r.query}`),
    );
    expect(urls.filter(leaks)).toEqual([]);
    expect(logged.filter(leaks)).toEqual([]);
  });
});
