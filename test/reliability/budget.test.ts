/**
 * The response budget holds for every tool of ALL_TOOLS, markdown and structured alike: each
 * tool is called through a real MCP client (which checks structuredContent against the
 * outputSchema) with its limits at their maximum, over normal and over huge upstream data.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { ALL_TOOLS } from "../../src/catalog/index.js";
import { DEFAULT_RESPONSE_BUDGET } from "../../src/config.js";
import { SKILLS, type ToolCallResult } from "../../src/tools/types.js";
import { connectInMemory, startTestSandbox } from "../harness.js";
import { badResult, contentLength } from "./checks.js";
import { maximalArgs } from "./samples.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

async function everyTool(
  budget: number,
): Promise<{ problems: string[]; cut: string[]; errors: string[] }> {
  const mcp = await connectInMemory(sandbox, {
    skills: [...SKILLS],
    responseBudget: budget,
    seer: { timeoutMs: 300, pollIntervalMs: 50 },
  });
  const problems: string[] = [];
  const cut: string[] = [];
  const errors: string[] = [];
  try {
    for (const tool of ALL_TOOLS) {
      let result: ToolCallResult;
      try {
        result = (await mcp.client.callTool({
          name: tool.name,
          arguments: maximalArgs(tool, sandbox.store),
        })) as ToolCallResult;
      } catch (error) {
        // The SDK client rejects structuredContent that does not match the outputSchema.
        problems.push(`${tool.name}: ${(error as Error).message.slice(0, 300)}`);
        continue;
      }
      const bad = badResult(result);
      if (bad) problems.push(`${tool.name}: ${bad}`);
      const size = contentLength(result);
      if (size > budget) problems.push(`${tool.name}: ${size} characters, budget ${budget}`);
      const text = result.content.map((b) => (b.type === "text" ? b.text : "")).join("\n");
      if (/Response (cut|over)/.test(text)) cut.push(tool.name);
      if (result.isError) errors.push(`${tool.name}: ${text.slice(0, 120)}`);
    }
  } finally {
    await mcp.close();
  }
  return { problems, cut, errors };
}

describe("response budget", () => {
  it(`holds at the default (${DEFAULT_RESPONSE_BUDGET}) with maximal limits`, async () => {
    const { problems } = await everyTool(DEFAULT_RESPONSE_BUDGET);
    expect(problems).toEqual([]);
  }, 60_000);

  it("holds over huge upstream data (lists ×300, long texts, 1 MB padding)", async () => {
    sandbox.faults.set({ path: "/**", method: "GET", kind: "huge", items: 300 });
    try {
      const { problems, cut, errors } = await everyTool(DEFAULT_RESPONSE_BUDGET);
      console.error(
        `huge data: ${cut.length} answers cut to the budget; errors: ${errors.join(" | ")}`,
      );
      expect(problems).toEqual([]);
      // The data really was huge: most answers had to be cut.
      expect(cut.length).toBeGreaterThan(ALL_TOOLS.length / 5);
    } finally {
      sandbox.faults.clear();
    }
  }, 120_000);

  it("is one server-wide setting: a small budget holds for every tool too", async () => {
    const { problems } = await everyTool(3_000);
    expect(problems).toEqual([]);
  }, 60_000);
});
