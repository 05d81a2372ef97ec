import { it } from "vitest";
import { makeHostile } from "../sandbox/data/hostile.js";
import { startTestSandbox, toolCaller } from "./harness.js";
it("dump", async () => {
  const sandbox = await startTestSandbox();
  makeHostile(sandbox.store);
  const tools = toolCaller(sandbox);
  const r = await tools.call("find_alert_rules", { organizationSlug: "globex" });
  console.log(r.content.map((c: any) => c.text).join("\n"));
  await sandbox.close();
}, 60000);
