import { it } from "vitest";
import { writeFileSync, mkdirSync } from "node:fs";
import { makeHostile } from "../sandbox/data/hostile.js";
import { ALL_TOOLS } from "../src/catalog/index.js";
import { startTestSandbox, toolCaller } from "./harness.js";
import { sampleArgs } from "./reliability/samples.js";
it("dump", async () => {
  const sandbox = await startTestSandbox();
  makeHostile(sandbox.store);
  mkdirSync("/tmp/hostile", { recursive: true });
  const tools = toolCaller(sandbox, { seer: { timeoutMs: 500, pollIntervalMs: 50 } });
  for (const tool of ALL_TOOLS.filter((t) => t.annotations.readOnlyHint)) {
    const r = await tools.call(tool.name, sampleArgs(tool, sandbox.store));
    const text = r.content.map((c: any) => c.text ?? "").join("\n");
    writeFileSync(`/tmp/hostile/${tool.name}.${r.structuredContent ? "json" : "md"}`, r.structuredContent ? JSON.stringify(r.structuredContent, null, 1) : text);
  }
  await sandbox.close();
}, 60000);
