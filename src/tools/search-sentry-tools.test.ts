import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { startTestSandbox, toolCaller } from "../../test/harness.js";

let sandbox: Sandbox;
let tools: ReturnType<typeof toolCaller>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tools = toolCaller(sandbox);
});
afterAll(() => sandbox.close());

describe("search_sentry_tools", () => {
  it("ranks tools for a plain request; the top hits carry their parameters", async () => {
    expect(
      await tools.structured("search_sentry_tools", { query: "list teams", limit: 4 }),
    ).toMatchInlineSnapshot(`
      {
        "query": "list teams",
        "results": [
          {
            "access": "read",
            "direct": false,
            "name": "find_teams",
            "params": {
              "cursor?": "string — nextCursor of the previous page",
              "organizationSlug": "string",
              "query?": "string — Filter by name or slug",
            },
            "summary": "List teams in an organization with member counts and their projects.",
            "title": "Find Teams",
          },
          {
            "access": "write",
            "direct": false,
            "name": "add_team_to_project",
            "params": {
              "organizationSlug": "string",
              "projectSlug": "string — Project slug",
              "teamSlug": "string — Team slug (find_teams lists them)",
            },
            "summary": "Give a team access to a project.",
            "title": "Add Team to Project",
          },
          {
            "access": "write",
            "direct": false,
            "name": "create_team",
            "params": {
              "name": "string — Team name, e.g. Data Engineering",
              "organizationSlug": "string",
              "slug?": "string — Team slug (default: from the name)",
            },
            "summary": "Create a team in an organization; you join it.",
            "title": "Create Team",
          },
          {
            "access": "delete",
            "direct": false,
            "name": "remove_team_from_project",
            "summary": "Take a team's access to a project away.",
            "title": "Remove Team from Project",
          },
        ],
      }
    `);
  });

  it("never offers itself or execute_sentry_tool", async () => {
    const result = (await tools.structured("search_sentry_tools", {
      query: "search sentry tools execute",
      limit: 20,
    })) as { results: Array<{ name: string }> };
    const names = result.results.map((r) => r.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names).not.toContain("search_sentry_tools");
    expect(names).not.toContain("execute_sentry_tool");
  });

  it("rejects an empty query as an input error", async () => {
    const result = await tools.call("search_sentry_tools", { query: "  " });
    expect(result.isError).toBe(true);
  });
});
