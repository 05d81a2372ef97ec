import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";
import { readOnlyTokenFetch, textOf } from "../../test/write-helpers.js";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const json = (value: unknown) => JSON.parse(stable(JSON.stringify(value), sandbox));

describe("create_team", () => {
  it("creates a team the caller joins; find_teams lists it next", async () => {
    const tools = toolCaller(sandbox);
    const out = await tools.structured("create_team", {
      organizationSlug: "acme",
      name: "Data Engineering",
    });
    expect(json(out)).toMatchInlineSnapshot(`
      {
        "changed": true,
        "organization": "acme",
        "team": {
          "id": "4500112",
          "members": 1,
          "name": "Data Engineering",
          "slug": "data-engineering",
        },
        "url": "https://sentry.example/settings/acme/teams/data-engineering/",
      }
    `);
    const teams = (await tools.structured("find_teams", { organizationSlug: "acme" })) as {
      teams: Array<{ slug: string; members: number }>;
    };
    expect(teams.teams.find((t) => t.slug === "data-engineering")?.members).toBe(1);
  });

  it("409 on a taken slug names the fix", async () => {
    const result = await toolCaller(sandbox).call("create_team", {
      organizationSlug: "acme",
      name: "Platform again",
      slug: "platform",
    });
    expect(textOf(result)).toMatchInlineSnapshot(
      `"Input error: Sentry refused to create team "platform" in acme: A team with this slug already exists. Pass another slug; find_teams lists the teams."`,
    );
  });

  it("refuses a malformed slug before calling Sentry, and a 403 token", async () => {
    const tools = toolCaller(sandbox);
    expect(
      textOf(
        await tools.call("create_team", { organizationSlug: "acme", name: "x", slug: "Not OK" }),
      ),
    ).toMatch(/^Input error: Invalid arguments for create_team: slug: /);
    const denied = await toolCaller(sandbox, { fetch: readOnlyTokenFetch }).call("create_team", {
      organizationSlug: "acme",
      name: "Nope",
    });
    expect(textOf(denied)).toMatch(
      /^Input error: Sentry refused to create team "Nope" in acme: the token lacks `team:write`.*project-management skill/,
    );
  });
});
