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

describe("create_project", () => {
  it("creates a project through a team and returns its DSN", async () => {
    const tools = toolCaller(sandbox);
    const out = await tools.structured("create_project", {
      organizationSlug: "acme",
      teamSlug: "platform",
      name: "Billing Worker",
      platform: "python-celery",
    });
    expect(json(out)).toMatchInlineSnapshot(`
      {
        "changed": true,
        "dsn": "https://33dbf8981068b46c6a8b7ca081dba8b9@o4500001.ingest.sandbox.invalid/4500022",
        "organization": "acme",
        "project": {
          "id": "4500022",
          "name": "Billing Worker",
          "platform": "python-celery",
          "slug": "billing-worker",
          "teams": [
            "platform",
          ],
        },
        "repository": null,
        "url": "https://sentry.example/settings/acme/projects/billing-worker/",
      }
    `);
    // the next reads see the project and its key
    const projects = (await tools.structured("find_projects", { organizationSlug: "acme" })) as {
      projects: Array<{ slug: string }>;
    };
    expect(projects.projects.map((p) => p.slug)).toContain("billing-worker");
    const keys = (await tools.structured("find_dsns", {
      organizationSlug: "acme",
      projectSlug: "billing-worker",
    })) as { keys: Array<{ dsn: string }> };
    expect(keys.keys.map((k) => k.dsn)).toEqual([(out as { dsn: string }).dsn]);
  });

  it("links a connected repository given by name, with a root code mapping", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const out = (await tools.structured("create_project", {
      organizationSlug: "acme",
      teamSlug: "platform",
      name: "Ledger",
      repository: "payments-service",
    })) as { repository: unknown; project: { slug: string } };
    expect(out.repository).toEqual({ name: "acme-corp/payments-service", linked: true });
    const repoSearch = rec.sent.find((r) => r.path === "/api/0/organizations/acme/repos/");
    expect(new URLSearchParams(repoSearch?.query).get("query")).toBe("payments-service");
    expect(rec.writes().map((w) => [w.path, w.body])).toEqual([
      ["/api/0/teams/acme/platform/projects/", { name: "Ledger" }],
      [
        "/api/0/organizations/acme/code-mappings/bulk/",
        {
          project: "ledger",
          repository: "acme-corp/payments-service",
          provider: "github",
          mappings: [{ stackRoot: "", sourceRoot: "" }],
        },
      ],
    ]);
    expect(sandbox.store.projects.find((p) => p.slug === "ledger")?.codeMappings).toEqual([
      { repositoryId: "4500204", stackRoot: "", sourceRoot: "" },
    ]);
    const before = rec.writes().length;
    const unknown = await tools.call("create_project", {
      organizationSlug: "acme",
      teamSlug: "platform",
      name: "Nope",
      repository: "acme-corp/nope",
    });
    expect(textOf(unknown)).toBe(
      'Input error: No connected repository "acme-corp/nope" in acme; connect it through a source code integration first.',
    );
    expect(rec.writes()).toHaveLength(before);
  });

  it("turns 409 (slug taken), 400 (platform) and 404 (team) into fixes", async () => {
    const tools = toolCaller(sandbox);
    const base = { organizationSlug: "acme", teamSlug: "platform", name: "Backend 2" };
    expect(textOf(await tools.call("create_project", { ...base, slug: "backend" }))).toBe(
      'Input error: Sentry refused to create project "backend" in acme: A project with this slug already exists. Pass another slug (find_projects lists the projects), or leave slug out.',
    );
    expect(
      textOf(await tools.call("create_project", { ...base, platform: "cobol" })),
    ).toMatchInlineSnapshot(
      `"Input error: Sentry rejected the request to create project "Backend 2" in acme. \`platform\`: Invalid platform. Use a Sentry platform id such as python, python-django, javascript, javascript-react, javascript-nextjs, node, go, java, ruby, php, dotnet, android, apple-ios, flutter, or other."`,
    );
    expect(textOf(await tools.call("create_project", { ...base, teamSlug: "nope" }))).toBe(
      'Input error: No team "nope" in organization "acme"; find_teams lists the teams.',
    );
  });

  it("is refused with a read-only token and hidden under a project pin", async () => {
    const denied = await toolCaller(sandbox, { fetch: readOnlyTokenFetch }).call("create_project", {
      organizationSlug: "acme",
      teamSlug: "web",
      name: "Nope",
    });
    expect(textOf(denied)).toMatch(/the token lacks `project:write`/);
    const rec = recordingFetch();
    const pinned = toolCaller(sandbox, {
      fetch: rec.fetch,
      constraints: { organizationSlug: "acme", projectSlug: "backend" },
    });
    expect(pinned.catalog.tools().map((t) => t.name)).not.toContain("create_project");
    expect(textOf(await pinned.call("create_project", { teamSlug: "web", name: "Nope" }))).toMatch(
      /not available in this session: the session is pinned to one project/,
    );
    expect(rec.writes()).toEqual([]);
  });
});
