import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../sandbox/server.js";
import { startTestSandbox, TOKEN } from "./harness.js";

const CLI = new URL("../dist/src/cli/index.js", import.meta.url).pathname;

let sandbox: Sandbox;
let client: Client;
let stderr = "";

async function connect(args: string[]): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, ...args],
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "debug" },
    stderr: "pipe",
  });
  transport.stderr?.on("data", (chunk) => {
    stderr += String(chunk);
  });
  const c = new Client({ name: "e2e", version: "1.0.0" });
  await c.connect(transport);
  return c;
}

function textOf(result: Awaited<ReturnType<Client["callTool"]>>): string {
  return (result.content as Array<{ type: string; text?: string }>)
    .map((c) => c.text ?? "")
    .join("\n");
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
  client = await connect([
    `--access-token=${TOKEN}`,
    `--host=${sandbox.host}`,
    "--insecure-http",
    "--all-skills",
  ]);
});

afterAll(async () => {
  await client?.close();
  await sandbox?.close();
});

describe("stdio end to end (built CLI, real SDK client, sandbox over HTTP)", () => {
  it("lists the direct surface", async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "whoami",
        "find_organizations",
        "search_issues",
        "get_issue_details",
        "search_sentry_tools",
        "execute_sentry_tool",
      ]),
    );
    expect(tools.length).toBeLessThanOrEqual(10);
  });

  it("whoami", async () => {
    const result = await client.callTool({ name: "whoami", arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ id: expect.any(String) });
  });

  it("find_organizations, find_projects and find_teams (via execute)", async () => {
    const orgs = await client.callTool({ name: "find_organizations", arguments: {} });
    expect(
      (orgs.structuredContent as { organizations: Array<{ slug: string }> }).organizations.map(
        (o) => o.slug,
      ),
    ).toContain("acme");
    const projects = await client.callTool({
      name: "find_projects",
      arguments: { organizationSlug: "acme" },
    });
    expect(
      (projects.structuredContent as { projects: unknown[] }).projects.length,
    ).toBeGreaterThanOrEqual(3);
    const teams = await client.callTool({
      name: "execute_sentry_tool",
      arguments: { name: "find_teams", arguments: { organizationSlug: "acme" } },
    });
    expect(teams.isError).toBeFalsy();
    expect((teams.structuredContent as { teams: unknown[] }).teams.length).toBeGreaterThanOrEqual(
      2,
    );
  });

  it("search_issues then get_issue_details on the first hit", async () => {
    const list = await client.callTool({
      name: "search_issues",
      arguments: { organizationSlug: "acme", query: "is:unresolved", limit: 5 },
    });
    const text = textOf(list);
    expect(list.isError).toBeFalsy();
    const shortId = /\*\*([A-Z0-9-]+-[A-Z0-9]+)\*\*/.exec(text)?.[1];
    expect(shortId).toBeTruthy();
    const details = await client.callTool({
      name: "get_issue_details",
      arguments: { organizationSlug: "acme", issueId: shortId },
    });
    expect(details.isError, textOf(details)).toBeFalsy();
    expect(textOf(details)).toContain(`# Issue ${shortId}`);
  });

  it("turns bad input into an isError result, not a protocol error", async () => {
    const result = await client.callTool({
      name: "get_issue_details",
      arguments: { organizationSlug: "acme", issueId: "../../x" },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/not an issue ID/);
  });

  it("search_events (via execute): a spans table with trace IDs", async () => {
    const result = await client.callTool({
      name: "execute_sentry_tool",
      arguments: {
        name: "search_events",
        arguments: { organizationSlug: "acme", dataset: "spans", query: "span.op:db", limit: 3 },
      },
    });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toMatch(/^# Spans in \*\*`acme`\*\*/);
    expect(textOf(result)).toMatch(/\| db \| .* \| [0-9a-f]{32} \|/);
  });

  it("get_trace_details (via execute): the checkout trace with its error", async () => {
    const traceId = sandbox.store.explore.traceIds.checkout;
    const result = await client.callTool({
      name: "execute_sentry_tool",
      arguments: {
        name: "get_trace_details",
        arguments: { organizationSlug: "acme", traceId },
      },
    });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain(`# Trace \`${traceId}\``);
    expect(textOf(result)).toContain("**PAYMENTS-1**");
  });

  it("get_span_details (via execute): one span of a trace", async () => {
    const traceId = sandbox.store.explore.traceIds.revenue;
    const span = sandbox.store.explore.spans.find((s) => s.traceId === traceId && s.op === "db")!;
    const result = await client.callTool({
      name: "execute_sentry_tool",
      arguments: {
        name: "get_span_details",
        arguments: { organizationSlug: "acme", traceId, spanId: span.spanId },
      },
    });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain(`# Span \`${span.spanId}\``);
  });

  it("find_releases then get_release_details (via execute)", async () => {
    const list = await client.callTool({
      name: "execute_sentry_tool",
      arguments: { name: "find_releases", arguments: { organizationSlug: "acme", limit: 3 } },
    });
    expect(list.isError).toBeFalsy();
    const version = /^- \*\*`([^`]+)`\*\*/m.exec(textOf(list))?.[1];
    expect(version).toBeTruthy();
    const details = await client.callTool({
      name: "execute_sentry_tool",
      arguments: {
        name: "get_release_details",
        arguments: { organizationSlug: "acme", releaseVersion: version },
      },
    });
    expect(details.isError, textOf(details)).toBeFalsy();
    expect(textOf(details)).toContain(`# Release \`${version}\``);
  });

  const catalogCall = (toolName: string, args: Record<string, unknown>) =>
    client.callTool({
      name: "execute_sentry_tool",
      arguments: { name: toolName, arguments: args },
    });

  it("find_alert_rules, get_alert_rule and get_metric_monitor_details (via execute)", async () => {
    const rules = await catalogCall("find_alert_rules", { organizationSlug: "acme" });
    expect(rules.isError).toBeFalsy();
    expect(textOf(rules)).toContain("### Checkout error spike");
    const rule = await catalogCall("get_alert_rule", {
      organizationSlug: "acme",
      kind: "issue",
      ruleIdOrName: "81001",
    });
    expect(textOf(rule)).toContain("- PagerDuty `Backend on-call` (priority: `critical`)");
    const legacy = await catalogCall("get_alert_rule", {
      organizationSlug: "globex",
      kind: "metric",
      ruleIdOrName: "5601",
    });
    expect(textOf(legacy)).toContain("- Critical when above `1500`");
    const monitor = await catalogCall("get_metric_monitor_details", {
      organizationSlug: "acme",
      monitorId: "70012",
    });
    expect(textOf(monitor)).toContain("**Aggregate**: `count()`");
  });

  it("find_monitors and get_monitor_details (via execute)", async () => {
    const list = await catalogCall("find_monitors", { organizationSlug: "acme" });
    expect(textOf(list)).toContain("`production`: failing");
    const details = await catalogCall("get_monitor_details", {
      organizationSlug: "acme",
      monitorSlug: "nightly-ledger-reconcile",
    });
    expect(details.isError).toBeFalsy();
    expect(textOf(details)).toContain("**Schedule**: every day at 02:00");
    expect(textOf(details)).toContain("### Recent Check-ins");
  });

  it("find_dashboards and get_dashboard_details (via execute)", async () => {
    const list = await catalogCall("find_dashboards", { organizationSlug: "acme" });
    expect(textOf(list)).toContain("### Backend health");
    const details = await catalogCall("get_dashboard_details", {
      organizationSlug: "acme",
      dashboardIdOrTitle: "5101",
    });
    expect(textOf(details)).toContain("Table of errors, top 10");
  });

  it("search_docs then get_doc with --docs-search-url / --docs-url", async () => {
    const docsClient = await connect([
      `--access-token=${TOKEN}`,
      `--host=${sandbox.host}`,
      "--insecure-http",
      `--docs-search-url=${sandbox.url}/api/search`,
      `--docs-url=${sandbox.url}/docs`,
    ]);
    try {
      const search = await docsClient.callTool({
        name: "execute_sentry_tool",
        arguments: { name: "search_docs", arguments: { query: "react error boundary" } },
      });
      const found = search.structuredContent as {
        results: Array<{ path: string }>;
        suggestedActions: Array<{ arguments: { name: string; arguments: { path: string } } }>;
      };
      expect(found.results[0].path).toBe("/platforms/javascript/guides/react/");
      expect(JSON.parse(textOf(search))).toEqual(found);
      // Follow the suggested action as a client would.
      const action = found.suggestedActions[0];
      const page = await docsClient.callTool({
        name: "execute_sentry_tool",
        arguments: action.arguments,
      });
      expect(page.isError).toBeFalsy();
      expect(textOf(page)).toContain("Sentry.ErrorBoundary");
    } finally {
      await docsClient.close();
    }
  });

  it("analyze_issue_with_seer (via execute) reuses Seer's analysis", async () => {
    const result = await catalogCall("analyze_issue_with_seer", {
      organizationSlug: "acme",
      issueId: "BACKEND-1A",
    });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain("## Root Cause");
    expect(textOf(result)).toContain("## Suggested Fix");
  });

  const runIssueTool = (toolName: string, args: Record<string, unknown>) =>
    client.callTool({
      name: "execute_sentry_tool",
      arguments: { name: toolName, arguments: args },
    });

  it("get_issue_details: a metric issue's alert details", async () => {
    const result = await client.callTool({
      name: "get_issue_details",
      arguments: { organizationSlug: "acme", issueId: "BACKEND-1K" },
    });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain("## Metric Alert Details");
  });

  it("get_event_stacktrace (via execute): the full exception chain", async () => {
    const result = await runIssueTool("get_event_stacktrace", {
      organizationSlug: "acme",
      issueId: "BACKEND-1A",
    });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain("## Exceptions (2)");
  });

  it("get_issue_breadcrumbs (via execute)", async () => {
    const result = await runIssueTool("get_issue_breadcrumbs", {
      organizationSlug: "acme",
      issueId: "FRONTEND-2A",
    });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain("5 of 5 breadcrumbs");
  });

  it("get_issue_activity (via execute): structured comments", async () => {
    const result = await runIssueTool("get_issue_activity", {
      organizationSlug: "acme",
      issueId: "BACKEND-1A",
    });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { comments: unknown[] }).comments.length).toBe(3);
  });

  it("get_issue_tag_values (via execute)", async () => {
    const result = await runIssueTool("get_issue_tag_values", {
      organizationSlug: "acme",
      issueId: "BACKEND-1A",
      tagKey: "release",
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ tagKey: "release", totalEvents: 1843 });
  });

  it("get_issue_user_reports (via execute)", async () => {
    const result = await runIssueTool("get_issue_user_reports", {
      organizationSlug: "acme",
      issueId: "FRONTEND-2A",
    });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { reports: unknown[] }).reports.length).toBe(3);
  });

  it("search_issue_events (via execute)", async () => {
    const result = await runIssueTool("search_issue_events", {
      organizationSlug: "acme",
      issueId: "BACKEND-1A",
      query: "environment:staging",
    });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toMatch(/- `[0-9a-f]{32}` · .* · `staging`/);
  });

  it("get_event_attachment (via execute): a screenshot as image content", async () => {
    const a = sandbox.store.attachments.find((x) => x.name === "screenshot.png")!;
    const result = await runIssueTool("get_event_attachment", {
      organizationSlug: "acme",
      projectSlug: "frontend",
      eventId: a.eventId,
      attachmentId: a.id,
    });
    expect(result.isError).toBeFalsy();
    expect(result.content).toContainEqual(
      expect.objectContaining({ type: "image", mimeType: "image/png" }),
    );
  });

  it("get_sentry_resource: an issue link and a trace link", async () => {
    const issue = await client.callTool({
      name: "get_sentry_resource",
      arguments: { url: `http://${sandbox.host}/organizations/acme/issues/FRONTEND-2C/` },
    });
    expect(issue.isError).toBeFalsy();
    expect(textOf(issue)).toContain("## CSP Violation");
    const trace = await client.callTool({
      name: "get_sentry_resource",
      arguments: {
        resourceType: "trace",
        resourceId: "8088ca2920a539140b8daf3e3fd87934",
        organizationSlug: "acme",
      },
    });
    expect(trace.isError).toBeFalsy();
    expect(textOf(trace)).toContain("# Trace `8088ca2920a539140b8daf3e3fd87934`");
  });

  it("get_replay_details (via execute): pages, errors with issues, clicks", async () => {
    const result = await client.callTool({
      name: "execute_sentry_tool",
      arguments: {
        name: "get_replay_details",
        arguments: { organizationSlug: "acme", replayId: "3c7a8e2f9d1b4a60b5e4c3d2a1f0e9d8" },
      },
    });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain("# Replay `3c7a8e2f9d1b4a60b5e4c3d2a1f0e9d8`");
    expect(textOf(result)).toContain("**`FRONTEND-2A`**");
    expect(textOf(result)).toContain("rage click (6×)");
  });

  it("get_profile (via execute): a structured flamegraph analysis", async () => {
    const result = await client.callTool({
      name: "execute_sentry_tool",
      arguments: {
        name: "get_profile",
        arguments: {
          organizationSlug: "acme",
          projectSlugOrId: "backend",
          transactionName: "GET /api/v2/orders/",
        },
      },
    });
    expect(result.isError).toBeFalsy();
    const out = result.structuredContent as {
      hasCurrentData: boolean;
      analysis: { frames: Array<{ name: string }>; hotPaths: unknown[] };
    };
    expect(out.hasCurrentData).toBe(true);
    expect(out.analysis.frames.map((f) => f.name)).toContain("OrderSerializer.get_line_items");
    expect(out.analysis.hotPaths.length).toBeGreaterThan(0);
  });

  it("get_profile_details (via execute): a legacy profile suggests the flamegraph", async () => {
    const result = await client.callTool({
      name: "execute_sentry_tool",
      arguments: {
        name: "get_profile_details",
        arguments: {
          organizationSlug: "acme",
          projectSlugOrId: "mobile-app",
          profileId: "9d4352ab3a49d85b1dc877c1f697e576",
        },
      },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      profile: { profileType: "legacy_speedscope", transactionName: "CheckoutActivity" },
      samples: null,
      suggestedActions: [{ toolName: "execute_sentry_tool", arguments: { name: "get_profile" } }],
    });
  });

  it("search_ai_conversations then get_ai_conversation_details (via execute)", async () => {
    const list = await client.callTool({
      name: "execute_sentry_tool",
      arguments: {
        name: "search_ai_conversations",
        arguments: { organizationSlug: "acme", query: "refund" },
      },
    });
    expect(list.isError).toBeFalsy();
    const id = /`(conv_[0-9a-f]+)`/.exec(textOf(list))?.[1];
    expect(id).toBe("conv_68f2a9d1c3b74e0a9f51d2e3");
    const details = await client.callTool({
      name: "execute_sentry_tool",
      arguments: {
        name: "get_ai_conversation_details",
        arguments: { organizationSlug: "acme", conversationId: id },
      },
    });
    expect(details.isError).toBeFalsy();
    expect(textOf(details)).toContain("- Tool `issue_refund`");
    expect(textOf(details)).toContain("**failed**");
  });

  it("keeps the token out of failing calls, also when the upstream echoes it", async () => {
    const faults = [
      { kind: "status", status: 500 },
      { kind: "echo", status: 400 },
      { kind: "echo", status: 200 },
    ] as const;
    try {
      for (const fault of faults) {
        sandbox.faults.set({ path: "/**", ...fault });
        const result = await client.callTool({
          name: "find_projects",
          arguments: { organizationSlug: "acme" },
        });
        expect(textOf(result)).not.toContain(TOKEN);
      }
    } finally {
      sandbox.faults.clear();
    }
  });

  it("never writes the token to stderr", () => {
    expect(stderr).not.toContain(TOKEN);
  });
});

describe("CLI errors", () => {
  it("exits 1 with one line for a bad flag", async () => {
    const { spawnSync } = await import("node:child_process");
    const run = spawnSync(process.execPath, [CLI, "--nope"], {
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "" },
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    const noToken = spawnSync(process.execPath, [CLI], {
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "" },
    });
    expect(noToken.status).toBe(1);
    expect(noToken.stderr).toMatch(/No access token/);
  });
});
