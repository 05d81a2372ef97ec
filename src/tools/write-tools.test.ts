/**
 * The write tools as a set: exact annotations, and no write without the granting skill or in a
 * read-only session, at listing and at dispatch (direct and through execute_sentry_tool).
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { startTestSandbox, toolCaller } from "../../test/harness.js";
import { recordingFetch, textOf } from "../../test/write-helpers.js";
import { ALL_TOOLS } from "../catalog/index.js";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const CREATES = [
  "add_issue_note",
  "create_team",
  "create_project",
  "create_dsn",
  "create_uptime_monitor",
];
const ADDITIVE = ["add_team_to_project"];
const UPDATES = [
  "update_issue",
  "update_project",
  "remove_team_from_project",
  "update_dsn",
  "update_uptime_monitor",
  "delete_uptime_monitor",
  "delete_monitor_environment",
];
const READS = ["find_dsns", "find_uptime_monitors", "get_uptime_monitor_details"];
const TRIAGE = ["update_issue", "add_issue_note"];
const WRITES = [...CREATES, ...ADDITIVE, ...UPDATES];

const tool = (name: string) => ALL_TOOLS.find((t) => t.name === name)!;

/** One valid call per write tool (never reaches Sentry in these tests). */
const CALLS: Record<string, Record<string, unknown>> = {
  update_issue: { organizationSlug: "acme", issueId: "BACKEND-1K", status: "resolved" },
  add_issue_note: { organizationSlug: "acme", issueId: "BACKEND-1K", text: "hi" },
  create_team: { organizationSlug: "acme", name: "Nope" },
  create_project: { organizationSlug: "acme", teamSlug: "web", name: "Nope" },
  update_project: { organizationSlug: "acme", projectSlug: "backend", name: "Nope" },
  add_team_to_project: { organizationSlug: "acme", projectSlug: "backend", teamSlug: "web" },
  remove_team_from_project: {
    organizationSlug: "acme",
    projectSlug: "backend",
    teamSlug: "platform",
  },
  create_dsn: { organizationSlug: "acme", projectSlug: "backend", name: "Nope" },
  update_dsn: {
    organizationSlug: "acme",
    projectSlug: "backend",
    keyId: "0".repeat(32),
    isActive: false,
  },
  create_uptime_monitor: {
    organizationSlug: "acme",
    projectSlug: "backend",
    name: "Nope",
    url: "https://nope.example/",
    intervalSeconds: 60,
  },
  update_uptime_monitor: {
    organizationSlug: "acme",
    projectSlug: "payments",
    uptimeMonitorId: "7300101",
    status: "disabled",
  },
  delete_uptime_monitor: {
    organizationSlug: "acme",
    projectSlug: "payments",
    uptimeMonitorId: "7300101",
  },
  delete_monitor_environment: {
    organizationSlug: "acme",
    projectSlug: "backend",
    monitorSlug: "nightly-ledger-reconcile",
    environment: "production",
  },
};

describe("write tools", () => {
  it("are all registered with exact annotations and their skill", () => {
    for (const name of CREATES) {
      expect(tool(name).annotations, name).toEqual({
        readOnlyHint: false,
        destructiveHint: false,
        openWorldHint: true,
      });
    }
    expect(tool("add_team_to_project").annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    });
    for (const name of UPDATES) {
      expect(tool(name).annotations, name).toEqual({
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
        openWorldHint: true,
      });
    }
    for (const name of READS) {
      expect(tool(name).annotations, name).toEqual({
        readOnlyHint: true,
        destructiveHint: false,
        openWorldHint: true,
      });
    }
    for (const name of WRITES) {
      expect(tool(name).skills, name).toEqual([
        TRIAGE.includes(name) ? "triage" : "project-management",
      ]);
      expect(tool(name).outputSchema, name).toBeDefined();
    }
    expect(tool("create_project").hideWhenPinned).toBe("project");
    expect(Object.keys(CALLS).sort()).toEqual([...WRITES].sort());
  });

  it("are neither listed nor callable in a read-only session, even through execute_sentry_tool", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { readOnly: true, fetch: rec.fetch });
    const listed = tools.catalog.tools().map((t) => t.name);
    for (const name of WRITES) {
      expect(listed, name).not.toContain(name);
      const direct = await tools.call(name, CALLS[name]);
      expect(textOf(direct), name).toBe(
        `Input error: ${name} is not available in this session: the session is read-only.`,
      );
      const viaExecute = await tools.call("execute_sentry_tool", {
        name,
        arguments: CALLS[name],
      });
      expect(textOf(viaExecute), name).toBe(textOf(direct));
    }
    // the read tools of the same skills stay
    for (const name of READS) expect(listed).toContain(name);
    expect(rec.sent).toEqual([]);
  });

  it("need their granting skill: inspect alone gets the reads but no write", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { skills: ["inspect"], fetch: rec.fetch });
    const listed = tools.catalog.tools().map((t) => t.name);
    for (const name of WRITES) {
      expect(listed, name).not.toContain(name);
      const skill = TRIAGE.includes(name) ? "triage" : "project-management";
      const viaExecute = await tools.call("execute_sentry_tool", {
        name,
        arguments: CALLS[name],
      });
      expect(textOf(viaExecute), name).toBe(
        `Input error: ${name} is not available in this session: needs the ${skill} skill (grant it with --skills=inspect,${skill} or MCP_SKILLS=inspect,${skill}).`,
      );
    }
    for (const name of READS) expect(listed).toContain(name);
    expect(rec.sent).toEqual([]);
    // triage does not grant project-management writes, and the reverse
    const triage = toolCaller(sandbox, { skills: ["triage"] })
      .catalog.tools()
      .map((t) => t.name);
    expect(triage).toEqual(expect.arrayContaining(TRIAGE));
    expect(triage).not.toContain("create_project");
    const pm = toolCaller(sandbox, { skills: ["project-management"] })
      .catalog.tools()
      .map((t) => t.name);
    expect(pm).not.toContain("update_issue");
    expect(pm).toContain("delete_monitor_environment");
  });
});
