import { it } from "vitest";
import { startTestSandbox, toolCaller } from "./harness.js";
import { FAULT_CASES } from "./reliability/fault-cases.js";
it("samples", async () => {
  const sandbox = await startTestSandbox();
  for (const fc of FAULT_CASES) {
    const tools = toolCaller(sandbox, { retryBudgetMs: 300, timeoutMs: fc.timeoutMs ?? 2000 });
    sandbox.faults.set({ path: "/**", ...fc.fault });
    for (const [name, args] of [["get_issue_details", { organizationSlug: "acme", issueId: "BACKEND-1A" }], ["find_projects", { organizationSlug: "acme" }]] as const) {
      const r = await tools.call(name, args);
      const text = r.content.map((c: any) => c.text ?? "").join("\n");
      console.log(`${fc.name} | ${name} | ${r.isError ? "ERR" : "ok"} | ${text.slice(0, 250).replace(/\n/g, "⏎")}`);
    }
  }
  await sandbox.close();
}, 120000);
