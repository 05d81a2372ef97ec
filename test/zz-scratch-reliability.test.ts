import { it } from "vitest";
import { ALL_TOOLS } from "../src/catalog/index.js";
import { startTestSandbox, toolCaller } from "./harness.js";
import { sampleArgs, maximalArgs } from "./reliability/samples.js";
it("samples", async () => {
  const t0 = Date.now();
  const sandbox = await startTestSandbox();
  console.log("sandbox start ms", Date.now() - t0);
  const tools = toolCaller(sandbox, { seer: { timeoutMs: 500, pollIntervalMs: 50 } });
  for (const tool of ALL_TOOLS) {
    const s = Date.now();
    const r = await tools.call(tool.name, maximalArgs(tool, sandbox.store));
    const text = r.content.map((c: any) => c.text ?? "").join("\n");
    console.log(`${r.isError ? "ERR" : "ok "} ${tool.name} ${text.length} ${Date.now() - s}ms ${r.isError ? text.slice(0, 200) : ""}`);
  }
  await sandbox.close();
}, 120000);
