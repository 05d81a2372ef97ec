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

describe("add_team_to_project", () => {
  it("gives a team access; find_teams shows the project under it", async () => {
    const tools = toolCaller(sandbox);
    const out = await tools.structured("add_team_to_project", {
      organizationSlug: "acme",
      projectSlug: "payments",
      teamSlug: "web",
    });
    expect(json(out)).toMatchInlineSnapshot(`
      {
        "after": {
          "teams": [
            "platform",
            "web",
          ],
        },
        "before": {
          "teams": [
            "platform",
          ],
        },
        "changed": true,
        "organization": "acme",
        "project": "payments",
        "summary": "Added #web to payments: teams #platform → #platform, #web.",
        "team": "web",
        "url": "https://sentry.example/settings/acme/projects/payments/",
      }
    `);
    const teams = (await tools.structured("find_teams", { organizationSlug: "acme" })) as {
      teams: Array<{ slug: string; projects: string[] }>;
    };
    expect(teams.teams.find((t) => t.slug === "web")?.projects).toContain("payments");
  });

  it("reports a team that already has access without writing", async () => {
    const rec = recordingFetch();
    const out = (await toolCaller(sandbox, { fetch: rec.fetch }).structured("add_team_to_project", {
      organizationSlug: "acme",
      projectSlug: "backend",
      teamSlug: "platform",
    })) as { changed: boolean; summary: string };
    expect(out.changed).toBe(false);
    expect(out.summary).toBe("Nothing to change: #platform already has access to backend.");
    expect(rec.writes()).toEqual([]);
  });

  it("names an unknown team, and a 403 token's missing scope", async () => {
    expect(
      textOf(
        await toolCaller(sandbox).call("add_team_to_project", {
          organizationSlug: "acme",
          projectSlug: "backend",
          teamSlug: "nope",
        }),
      ),
    ).toBe('Input error: No team "nope" in organization "acme"; find_teams lists the teams.');
    const denied = await toolCaller(sandbox, { fetch: readOnlyTokenFetch }).call(
      "add_team_to_project",
      { organizationSlug: "acme", projectSlug: "backend", teamSlug: "mobile" },
    );
    expect(textOf(denied)).toMatch(
      /refused to add team mobile to project backend: the token lacks `project:write`/,
    );
  });
});
