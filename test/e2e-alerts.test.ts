/**
 * Alerts end to end through a real MCP client (in memory): options → create → read → update →
 * delete (after the user confirms) → gone, with the alert's monitors still there; declining the
 * confirmation changes nothing.
 */

import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../sandbox/server.js";
import { connectInMemory, startTestSandbox } from "./harness.js";
import { recordingFetch } from "./write-helpers.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

type Result = Awaited<ReturnType<Client["callTool"]>>;
const textOf = (r: Result) =>
  (r.content as Array<{ type: string; text?: string }>).map((c) => c.text ?? "").join("\n");

/** A session whose client answers every confirmation with `confirm`. */
async function session(confirm: boolean) {
  const rec = recordingFetch();
  const s = await connectInMemory(sandbox, {
    fetch: rec.fetch,
    skills: ["inspect", "project-management"],
    clientCapabilities: { elicitation: {} },
  });
  const asked: string[] = [];
  s.client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push((request.params as { message: string }).message);
    return { action: "accept", content: { confirm } };
  });
  /** Calls a catalog tool through execute_sentry_tool, as an agent would. */
  const run = async (name: string, args: Record<string, unknown>) => {
    const result = await s.client.callTool({
      name: "execute_sentry_tool",
      arguments: { name, arguments: args },
    });
    // biome-ignore lint/suspicious/noExplicitAny: structured payloads are read loosely here
    return { result, data: (result.structuredContent ?? textOf(result)) as any };
  };
  return { ...s, run, asked, rec };
}

describe("alert lifecycle through the MCP client", () => {
  it("create → get → update → delete (confirmed) → gone; the monitors remain", async () => {
    const s = await session(true);
    const options = await s.run("get_alert_options", {
      organizationSlug: "acme",
      section: "sources",
      projectSlug: "backend",
      sourceTypes: ["metric_issue"],
    });
    const monitor = options.data.sources[0];
    expect(monitor).toMatchObject({ id: "70012", name: "Checkout error spike" });

    const created = await s.run("create_alert_rule", {
      organizationSlug: "acme",
      name: "Checkout spike to on-call",
      detectorIds: [monitor.id],
      actionFilters: [
        {
          logicType: "any-short",
          conditions: [],
          actions: [
            {
              type: "pagerduty",
              integrationId: "4420",
              data: { priority: "critical" },
              config: { targetType: "specific", targetIdentifier: "7731" },
            },
          ],
        },
      ],
    });
    const id = created.data.alertRule.id;
    expect(created.result.isError).toBeFalsy();
    const read = await s.run("get_alert_rule", { organizationSlug: "acme", ruleIdOrName: id });
    expect(read.data).toContain("## Checkout spike to on-call");
    expect(read.data).toContain("Checkout error spike (metric monitor, ID 70012)");

    const updated = await s.run("update_alert_rule", {
      organizationSlug: "acme",
      ruleIdOrName: "Checkout spike to on-call",
      status: "disabled",
    });
    expect(updated.data.changes).toEqual(["status: active → disabled"]);
    expect(s.asked).toHaveLength(1);
    const again = await s.run("update_alert_rule", {
      organizationSlug: "acme",
      ruleIdOrName: id,
      status: "disabled",
    });
    expect(again.data.changed).toBe(false);

    const deleted = await s.run("delete_alert_rule", { organizationSlug: "acme", ruleId: id });
    expect(s.asked).toHaveLength(3);
    expect(s.asked[2]).toContain("delete_alert_rule");
    expect(deleted.data.summary).toContain("Its monitors are kept");
    const gone = await s.run("get_alert_rule", {
      organizationSlug: "acme",
      kind: "issue",
      ruleIdOrName: id,
    });
    expect(gone.result.isError).toBe(true);
    const kept = await s.run("get_metric_monitor_details", {
      organizationSlug: "acme",
      monitorId: "70012",
    });
    expect(kept.result.isError).toBeFalsy();
    expect(JSON.stringify(kept.data)).toContain("Checkout error spike");
    await s.close();
  });

  it("a declined confirmation deletes nothing", async () => {
    const s = await session(false);
    const { result } = await s.run("delete_alert_rule", {
      organizationSlug: "acme",
      ruleId: "81001",
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("Not run: the user did not confirm delete_alert_rule");
    expect(s.rec.writes()).toEqual([]);
    expect(sandbox.store.alerts.workflows.some((w) => w.id === "81001")).toBe(true);
    await s.close();
  });
});
