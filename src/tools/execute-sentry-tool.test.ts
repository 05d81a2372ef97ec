import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const textOf = (r: { content: Array<{ type: string; text?: string }> }) =>
  r.content.map((c) => c.text ?? "").join("");

describe("execute_sentry_tool", () => {
  it("returns the inner tool's result unchanged (structured stays structured)", async () => {
    const tools = toolCaller(sandbox);
    const direct = await tools.call("find_teams", { organizationSlug: "acme" });
    const viaExecute = await tools.call("execute_sentry_tool", {
      name: "find_teams",
      arguments: { organizationSlug: "acme" },
    });
    expect(viaExecute).toEqual(direct);
    expect(viaExecute.structuredContent).toBeDefined();
  });

  it("answers a catalog-only markdown tool in full, as the tool would", async () => {
    const tools = toolCaller(sandbox);
    const result = await tools.call("execute_sentry_tool", {
      name: "find_dashboards",
      arguments: { organizationSlug: "acme" },
    });
    expect(result.structuredContent).toBeUndefined();
    expect(stable(textOf(result), sandbox)).toMatchInlineSnapshot(`
      "# Dashboards in **\`acme\`**

      ### Backend health

      **ID**: 5101 · **Widgets**: 4 (table, line chart, big number) · **Projects**: \`backend\` · **Environments**: \`production\` · **Created by**: Priya Natarajan · **Last viewed**: 2026-10-31 12:00 UTC · **Starred**
      **URL**: https://sentry.example/organizations/acme/dashboard/5101/

      ### Frontend web vitals

      **ID**: 5102 · **Widgets**: 3 (table, bar chart, text) · **Projects**: \`frontend\` · **Created by**: Marcus Oyelaran · **Last viewed**: 2026-10-26 12:00 UTC
      **URL**: https://sentry.example/organizations/acme/dashboard/5102/

      ### Payments operations

      **ID**: 5103 · **Widgets**: 2 (table, area chart) · **Projects**: \`payments\` · **Environments**: \`production\` · **Created by**: Sofia Lindqvist
      **URL**: https://sentry.example/organizations/acme/dashboard/5103/

      ## Response Notes

      - Widgets and their queries: \`get_dashboard_details(organizationSlug="acme", dashboardIdOrTitle="5101")\` via \`execute_sentry_tool\`."
    `);
  });

  it("names the parameter when arguments are invalid", async () => {
    const tools = toolCaller(sandbox);
    const result = await tools.call("execute_sentry_tool", {
      name: "search_issues",
      arguments: { organizationSlug: "acme", limit: "ten" },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Input error: Invalid arguments for search_issues: limit: /);
    const missing = await tools.call("execute_sentry_tool", {
      name: "find_teams",
      arguments: {},
    });
    expect(textOf(missing)).toMatch(/Invalid arguments for find_teams: organizationSlug: /);
  });

  it("refuses unknown tools and itself", async () => {
    const tools = toolCaller(sandbox);
    expect(
      textOf(await tools.call("execute_sentry_tool", { name: "drop_database", arguments: {} })),
    ).toMatch(/unknown tool "drop_database"/);
    expect(
      textOf(
        await tools.call("execute_sentry_tool", { name: "execute_sentry_tool", arguments: {} }),
      ),
    ).toMatch(/cannot run itself/);
  });

  it("enforces pins: injected, never overridden, also for values in URLs", async () => {
    const pinned = toolCaller(sandbox, {
      constraints: { organizationSlug: "acme", projectSlug: "payments" },
    });
    const teams = (await pinned.structured("find_teams", {})) as { organization: string };
    expect(teams.organization).toBe("acme");
    const override = await pinned.call("execute_sentry_tool", {
      name: "find_teams",
      arguments: { organizationSlug: "globex" },
    });
    expect(textOf(override)).toMatch(/pinned to organization "acme"/);
    const foreignUrl = await pinned.call("execute_sentry_tool", {
      name: "get_issue_details",
      arguments: { issueUrl: "https://globex.sentry.io/issues/123/" },
    });
    expect(textOf(foreignUrl)).toMatch(/limited to organization "acme"/);
    const otherProject = await pinned.call("get_issue_details", { issueId: "BACKEND-1A" });
    expect(otherProject.isError).toBe(true);
    expect(textOf(otherProject)).toMatch(/limited to project "payments"/);
  });

  it("enforces skills at dispatch, not only at listing", async () => {
    const docsOnly = toolCaller(sandbox, { skills: ["docs"] });
    const result = await docsOnly.call("execute_sentry_tool", {
      name: "search_issues",
      arguments: { organizationSlug: "acme" },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /search_issues is not available in this session: needs the inspect or triage or seer skill/,
    );
  });
});
