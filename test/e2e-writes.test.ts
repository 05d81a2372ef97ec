/**
 * End to end through a real MCP client (in memory): every write is read back through the MCP
 * tools, and writes are refused in read-only sessions and without the granting skill.
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
  session = await connectInMemory(sandbox, { skills: ["inspect", "triage", "project-management"] });
  client = session.client;
});
afterAll(async () => {
  await session.close();
  await sandbox.close();
});

type Result = Awaited<ReturnType<Client["callTool"]>>;
const textOf = (r: Result) =>
  (r.content as Array<{ type: string; text?: string }>).map((c) => c.text ?? "").join("\n");

/** Catalog tools go through execute_sentry_tool, as an agent would call them (markdown tools: text). */
async function run(toolName: string, args: Record<string, unknown>, via: Client = client) {
  const result = await via.callTool({
    name: "execute_sentry_tool",
    arguments: { name: toolName, arguments: args },
  });
  if (result.isError) throw new Error(`${toolName}: ${textOf(result)}`);
  // biome-ignore lint/suspicious/noExplicitAny: structured payloads are read loosely here
  return (result.structuredContent ?? textOf(result)) as any;
}

describe("writes are visible to the next read (MCP client)", () => {
  it("triage: resolve + assign, then a note; get_issue_details and activity show them", async () => {
    const updated = await run("update_issue", {
      organizationSlug: "acme",
      issueId: "FRONTEND-2F",
      status: "resolved",
      assignedTo: "#web",
      reason: "Fixed in frontend@5.10.0",
    });
    expect(updated.changed).toBe(true);
    const details = await client.callTool({
      name: "get_issue_details",
      arguments: { organizationSlug: "acme", issueId: "FRONTEND-2F" },
    });
    expect(textOf(details)).toContain("**Status**: resolved");
    expect(textOf(details)).toContain("**Assigned to**: team web");
    const search = await client.callTool({
      name: "search_issues",
      arguments: { organizationSlug: "acme", query: "is:resolved assigned:#web" },
    });
    expect(textOf(search)).toContain("FRONTEND-2F");
    const activity = await run("get_issue_activity", {
      organizationSlug: "acme",
      issueId: "FRONTEND-2F",
    });
    expect(JSON.stringify(activity)).toContain("Fixed in frontend@5.10.0");
    // the same request again is reported as already applied
    const again = await run("update_issue", {
      organizationSlug: "acme",
      issueId: "FRONTEND-2F",
      status: "resolved",
      assignedTo: "#web",
    });
    expect(again.changed).toBe(false);
  });

  it("projects: team → project (DSN) → rename → team access → keys", async () => {
    const team = await run("create_team", { organizationSlug: "acme", name: "Growth" });
    expect(team.team.slug).toBe("growth");
    const project = await run("create_project", {
      organizationSlug: "acme",
      teamSlug: "growth",
      name: "Landing Pages",
      platform: "javascript-nextjs",
    });
    const dsns = await run("find_dsns", { organizationSlug: "acme", projectSlug: "landing-pages" });
    expect(dsns.keys.map((k: { dsn: string }) => k.dsn)).toEqual([project.dsn]);

    await run("update_project", {
      organizationSlug: "acme",
      projectSlug: "landing-pages",
      slug: "growth-site",
      name: "Growth Site",
    });
    const projects = await client.callTool({
      name: "find_projects",
      arguments: { organizationSlug: "acme" },
    });
    expect(JSON.stringify(projects.structuredContent)).toContain('"growth-site"');
    expect(JSON.stringify(projects.structuredContent)).not.toContain('"landing-pages"');

    await run("add_team_to_project", {
      organizationSlug: "acme",
      projectSlug: "growth-site",
      teamSlug: "web",
    });
    await run("remove_team_from_project", {
      organizationSlug: "acme",
      projectSlug: "growth-site",
      teamSlug: "growth",
    });
    const teams = await run("find_teams", { organizationSlug: "acme" });
    const projectsOf = (slug: string) =>
      teams.teams.find((t: { slug: string }) => t.slug === slug).projects;
    expect(projectsOf("web")).toContain("growth-site");
    expect(projectsOf("growth")).not.toContain("growth-site");

    const key = await run("create_dsn", {
      organizationSlug: "acme",
      projectSlug: "growth-site",
      name: "Preview deploys",
    });
    await run("update_dsn", {
      organizationSlug: "acme",
      projectSlug: "growth-site",
      keyId: key.key.id,
      rateLimitCount: 10,
      rateLimitWindow: 60,
    });
    const keys = await run("find_dsns", { organizationSlug: "acme", projectSlug: "growth-site" });
    expect(keys.keys).toEqual([
      expect.objectContaining({ name: "Default", rateLimit: null }),
      expect.objectContaining({ name: "Preview deploys", rateLimit: { count: 10, window: 60 } }),
    ]);
  });

  it("uptime monitors: create → update → details → delete → gone", async () => {
    const created = await run("create_uptime_monitor", {
      organizationSlug: "acme",
      projectSlug: "frontend",
      name: "Docs site",
      url: "https://docs.acme.example/",
      intervalSeconds: 600,
    });
    const id = created.monitor.id;
    const args = { organizationSlug: "acme", projectSlug: "frontend", uptimeMonitorId: id };
    await run("update_uptime_monitor", { ...args, timeoutMs: 2000, owner: "#web" });
    const details = await run("get_uptime_monitor_details", args);
    expect(details.monitor).toMatchObject({
      timeoutMs: 2000,
      owner: { type: "team", name: "web" },
    });
    await run("delete_uptime_monitor", args);
    const listed = await run("find_uptime_monitors", {
      organizationSlug: "acme",
      projectSlug: "frontend",
    });
    expect(listed.monitors.map((m: { id: string }) => m.id)).not.toContain(id);
  });

  it("cron monitor environments: one goes, the monitor and the rest stay", async () => {
    const out = await run("delete_monitor_environment", {
      organizationSlug: "acme",
      projectSlug: "backend",
      monitorSlug: "nightly-ledger-reconcile",
      environment: "staging",
    });
    expect(out).toMatchObject({
      project: "backend",
      monitor: { slug: "nightly-ledger-reconcile" },
      environment: "staging",
      result: "deletion_scheduled",
      remainingEnvironments: ["production"],
    });
    const monitors = await run("find_monitors", {
      organizationSlug: "acme",
      projectSlug: "backend",
    });
    const text = JSON.stringify(monitors);
    expect(text).toContain("nightly-ledger-reconcile");
    const again = await run("delete_monitor_environment", {
      organizationSlug: "acme",
      projectSlug: "backend",
      monitorSlug: "nightly-ledger-reconcile",
      environment: "staging",
    });
    expect(again.result).toBe("already_absent");
  });
});

describe("no write without permission (MCP client)", () => {
  it("read-only session: execute_sentry_tool is listed read-only and refuses writes", async () => {
    const ro = await connectInMemory(sandbox, {
      skills: ["inspect", "triage", "project-management"],
      readOnly: true,
    });
    try {
      const { tools } = await ro.client.listTools();
      const execute = tools.find((t) => t.name === "execute_sentry_tool");
      expect(execute?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      const before = sandbox.requests.length;
      const result = await ro.client.callTool({
        name: "execute_sentry_tool",
        arguments: {
          name: "update_issue",
          arguments: { organizationSlug: "acme", issueId: "BACKEND-1K", status: "resolved" },
        },
      });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe(
        "Input error: update_issue is not available in this session: the session is read-only.",
      );
      const direct = await ro.client.callTool({
        name: "delete_uptime_monitor",
        arguments: {
          organizationSlug: "acme",
          projectSlug: "payments",
          uptimeMonitorId: "7300101",
        },
      });
      expect(textOf(direct)).toMatch(/the session is read-only/);
      expect(sandbox.requests.slice(before).filter((r) => r.method !== "GET")).toEqual([]);
      const search = await ro.client.callTool({
        name: "search_sentry_tools",
        arguments: { query: "create project" },
      });
      expect(JSON.stringify(search)).not.toContain("create_project");
    } finally {
      await ro.close();
    }
  });

  it("without the skill: inspect-only sessions cannot reach write tools", async () => {
    const inspect = await connectInMemory(sandbox, { skills: ["inspect"] });
    try {
      const result = await inspect.client.callTool({
        name: "execute_sentry_tool",
        arguments: {
          name: "create_project",
          arguments: { organizationSlug: "acme", teamSlug: "web", name: "Nope" },
        },
      });
      expect(textOf(result)).toBe(
        "Input error: create_project is not available in this session: needs the project-management skill (grant it with --skills=inspect,project-management or MCP_SKILLS=inspect,project-management).",
      );
      const reads = await run(
        "find_dsns",
        { organizationSlug: "acme", projectSlug: "payments" },
        inspect.client,
      );
      expect(reads.keys.length).toBeGreaterThan(0);
    } finally {
      await inspect.close();
    }
  });
});
