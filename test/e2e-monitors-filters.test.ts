/**
 * End to end through a real MCP client (in memory), as an agent calls catalog tools (through
 * execute_sentry_tool): metric monitors and custom inbound filters, create → read → update →
 * read → delete → gone.
 */

import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../sandbox/server.js";
import { connectInMemory, startTestSandbox } from "./harness.js";

let sandbox: Sandbox;
let session: Awaited<ReturnType<typeof connectInMemory>>;
let client: Client;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  session = await connectInMemory(sandbox, { skills: ["inspect", "project-management"] });
  client = session.client;
});
afterAll(async () => {
  await session.close();
  await sandbox.close();
});

type Result = Awaited<ReturnType<Client["callTool"]>>;
const textOf = (r: Result) =>
  (r.content as Array<{ type: string; text?: string }>).map((c) => c.text ?? "").join("\n");

async function run(toolName: string, args: Record<string, unknown>) {
  const result = await client.callTool({
    name: "execute_sentry_tool",
    arguments: { name: toolName, arguments: args },
  });
  // biome-ignore lint/suspicious/noExplicitAny: structured payloads are read loosely here
  return { result, out: (result.structuredContent ?? textOf(result)) as any };
}

describe("metric monitors and inbound filters through the MCP client", () => {
  it("metric monitor: create → find → update → details → delete → gone", async () => {
    const created = await run("create_metric_monitor", {
      organizationSlug: "acme",
      projectSlug: "frontend",
      name: "Frontend LCP p75 too slow",
      query: {
        dataset: "events_analytics_platform",
        query: "span.op:ui.webvital.lcp",
        aggregate: "p75(measurements.lcp)",
        eventTypes: ["trace_item_span"],
        timeWindowSeconds: 900,
      },
      config: { detectionType: "static" },
      conditionGroup: {
        conditions: [
          { type: "gt", comparison: 2500, conditionResult: 75 },
          { type: "lte", comparison: 2500, conditionResult: 0 },
        ],
      },
    });
    expect(created.result.isError).toBeFalsy();
    const id = created.out.monitor.id as string;
    const found = await run("find_metric_monitors", {
      organizationSlug: "acme",
      projectSlug: "frontend",
    });
    expect(found.out).toContain("Frontend LCP p75 too slow");
    const updated = await run("update_metric_monitor", {
      organizationSlug: "acme",
      monitorId: id,
      status: "disabled",
      workflowIds: ["81003"],
    });
    expect(updated.out.changes).toEqual(["status: active → disabled", "alerts: none → 81003"]);
    const details = await client.callTool({
      name: "execute_sentry_tool",
      arguments: {
        name: "get_metric_monitor_details",
        arguments: { organizationSlug: "acme", monitorId: id },
      },
    });
    expect(textOf(details)).toContain("**Status**: disabled");
    expect(textOf(details)).toContain("(alert ID 81003");
    const deleted = await run("delete_metric_monitor", { organizationSlug: "acme", monitorId: id });
    expect(deleted.out.changed).toBe(true);
    const gone = await run("get_metric_monitor_details", {
      organizationSlug: "acme",
      monitorId: id,
    });
    expect(gone.result.isError).toBe(true);
  });

  it("inbound filter: create → list → pause → list → delete → gone", async () => {
    const created = await run("create_custom_inbound_filter", {
      organizationSlug: "acme",
      projectSlug: "mobile-app",
      name: "Old beta builds",
      dataType: "error",
      conditions: [{ type: "release", value: ["mobile-app@0.*"] }],
    });
    expect(created.result.isError).toBeFalsy();
    const id = created.out.filter.id as string;
    const args = { organizationSlug: "acme", projectSlug: "mobile-app" };
    expect((await run("find_custom_inbound_filters", args)).out).toContain(
      `**ID**: ${id} · **Status**: active (drops matching data)`,
    );
    const paused = await run("update_custom_inbound_filter", {
      ...args,
      filterId: id,
      active: false,
    });
    expect(paused.out.changes).toEqual(["active: true → false"]);
    expect((await run("find_custom_inbound_filters", args)).out).toContain(
      `**ID**: ${id} · **Status**: inactive (drops nothing)`,
    );
    await run("delete_custom_inbound_filter", { ...args, filterId: id });
    expect((await run("find_custom_inbound_filters", args)).out).not.toContain(`**ID**: ${id}`);
  });
});
