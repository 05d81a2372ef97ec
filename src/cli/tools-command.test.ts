import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { startTestSandbox, TOKEN } from "../../test/harness.js";
import { defaultConfig } from "../config.js";
import executeSentryTool from "../tools/execute-sentry-tool.js";
import findTeams from "../tools/find-teams.js";
import getIssueDetails from "../tools/get-issue-details.js";
import searchIssues from "../tools/search-issues.js";
import updateIssue from "../tools/update-issue.js";
import whoami from "../tools/whoami.js";
import type { TerminalIO } from "./terminal-output.js";
import { runTools } from "./tools-command.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

/** A fixed registry so the listing does not change when tools are added. */
const TOOLS = [whoami, searchIssues, getIssueDetails, findTeams, updateIssue, executeSentryTool];
const DIRECT = ["whoami", "search_issues", "get_issue_details", "execute_sentry_tool"];

async function list(overrides = {}, json = false) {
  let stdout = "";
  const io: TerminalIO = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: () => {},
    stdoutIsTTY: false,
    stderrIsTTY: false,
    color: false,
  };
  const config = defaultConfig({ sentryUrl: sandbox.url, accessToken: TOKEN, ...overrides });
  const code = await runTools(config, { args: [], json }, io, {
    tools: TOOLS,
    directNames: DIRECT,
  });
  expect(code).toBe(0);
  return stdout;
}

describe("sentry-mcp tools", () => {
  it("lists the session's tools with place, access and skills, then what is hidden", async () => {
    expect(await list()).toMatchInlineSnapshot(`
      "5 of 6 tools in this session (skills: inspect, seer)

        TOOL                 PLACE    ACCESS  SKILLS
        execute_sentry_tool  direct   read    (always)
        get_issue_details    direct   read    inspect,triage,seer
        search_issues        direct   read    inspect,triage,seer
        whoami               direct   read    (always)
        find_teams           catalog  read    inspect,triage,project-management,seer

      direct: listed to the model; catalog: found with search_sentry_tools, run with execute_sentry_tool.

      Not in this session:
        update_issue: needs the triage skill (grant it with --skills=inspect,seer,triage or MCP_SKILLS=inspect,seer,triage)
      "
    `);
  });

  it("shows writes when granted, and the read-only and pinned sessions", async () => {
    const triage = await list({ skills: ["inspect", "triage"] });
    expect(triage).toMatch(/execute_sentry_tool\s+direct\s+destructive/);
    expect(triage).toMatch(/update_issue\s+catalog\s+destructive\s+triage/);
    const readOnly = await list({ skills: ["inspect", "triage"], readOnly: true });
    expect(readOnly).toContain("(skills: inspect, triage; read-only)");
    expect(readOnly).toContain("update_issue: the session is read-only");
    const pinned = await list({ organizationSlug: "acme", projectSlug: "backend" });
    expect(pinned).toContain("pinned to organization acme, project backend");
  });

  it("--json lists the same for scripts", async () => {
    const data = JSON.parse(await list({}, true));
    expect(data.tools[0]).toEqual({
      name: "execute_sentry_tool",
      title: "Execute Sentry Tool",
      place: "direct",
      access: "read",
      skills: [],
    });
    expect(data.unavailable).toEqual([
      {
        name: "update_issue",
        reason:
          "needs the triage skill (grant it with --skills=inspect,seer,triage or MCP_SKILLS=inspect,seer,triage)",
      },
    ]);
  });
});
