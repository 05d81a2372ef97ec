import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";
import { readOnlyTokenFetch, recordingFetch, textOf } from "../../test/write-helpers.js";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const json = (value: unknown) => JSON.parse(stable(JSON.stringify(value), sandbox));

describe("remove_team_from_project", () => {
  it("takes a team's access away and warns when no team is left", async () => {
    const tools = toolCaller(sandbox);
    const out = await tools.structured("remove_team_from_project", {
      organizationSlug: "acme",
      projectSlug: "frontend",
      teamSlug: "web",
    });
    expect(json(out)).toMatchInlineSnapshot(`
      {
        "after": {
          "teams": [],
        },
        "before": {
          "teams": [
            "web",
          ],
        },
        "changed": true,
        "organization": "acme",
        "project": "frontend",
        "summary": "Removed #web from frontend: teams #web → none. The project has no team now: only organization owners and managers can reach it.",
        "team": "web",
        "url": "https://sentry.example/settings/acme/projects/frontend/",
      }
    `);
    const teams = (await tools.structured("find_teams", { organizationSlug: "acme" })) as {
      teams: Array<{ slug: string; projects: string[] }>;
    };
    expect(teams.teams.find((t) => t.slug === "web")?.projects).not.toContain("frontend");
  });

  it("reports a team without access as already removed, without writing", async () => {
    const rec = recordingFetch();
    const out = (await toolCaller(sandbox, { fetch: rec.fetch }).structured(
      "remove_team_from_project",
      { organizationSlug: "acme", projectSlug: "backend", teamSlug: "mobile" },
    )) as { changed: boolean; summary: string };
    expect(out).toMatchObject({
      changed: false,
      summary: "Nothing to change: #mobile has no access to backend.",
    });
    expect(rec.writes()).toEqual([]);
  });

  it("is refused with a read-only token", async () => {
    const denied = await toolCaller(sandbox, { fetch: readOnlyTokenFetch }).call(
      "remove_team_from_project",
      { organizationSlug: "acme", projectSlug: "backend", teamSlug: "platform" },
    );
    expect(textOf(denied)).toMatch(
      /refused to remove team platform from project backend: the token lacks `project:write`/,
    );
  });
});
