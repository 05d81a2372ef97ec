import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";
import { recordingFetch, textOf } from "../../test/write-helpers.js";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const json = (value: unknown) => JSON.parse(stable(JSON.stringify(value), sandbox));

describe("update_project", () => {
  it("renames, re-slugs and changes the platform, answering before → after", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const out = await tools.structured("update_project", {
      organizationSlug: "acme",
      projectSlug: "mobile-app",
      name: "Android App",
      slug: "android-app",
      platform: "android",
    });
    expect(json(out)).toMatchInlineSnapshot(`
      {
        "after": {
          "name": "Android App",
          "platform": "android",
          "slug": "android-app",
          "teams": [
            "mobile",
          ],
        },
        "before": {
          "name": "Mobile App",
          "platform": "android",
          "slug": "mobile-app",
          "teams": [
            "mobile",
          ],
        },
        "changed": true,
        "changes": [
          "name: Mobile App → Android App",
          "slug: mobile-app → android-app",
        ],
        "organization": "acme",
        "summary": "Updated project android-app: name: Mobile App → Android App; slug: mobile-app → android-app.",
        "url": "https://sentry.example/settings/acme/projects/android-app/",
      }
    `);
    // platform was already android: only name and slug are sent
    expect(rec.writes().map((w) => w.body)).toEqual([{ name: "Android App", slug: "android-app" }]);
    const projects = (await tools.structured("find_projects", { organizationSlug: "acme" })) as {
      projects: Array<{ slug: string }>;
    };
    expect(projects.projects.map((p) => p.slug)).toContain("android-app");
  });

  it("reports values already set without writing", async () => {
    const rec = recordingFetch();
    const out = (await toolCaller(sandbox, { fetch: rec.fetch }).structured("update_project", {
      organizationSlug: "acme",
      projectSlug: "payments",
      name: "payments",
    })) as { changed: boolean; summary: string };
    expect(out).toMatchObject({
      changed: false,
      summary: "Nothing to change: project payments already has these values.",
    });
    expect(rec.writes()).toEqual([]);
  });

  it("turns Sentry's 400s into the field and its fix", async () => {
    const tools = toolCaller(sandbox);
    const slug = await tools.call("update_project", {
      organizationSlug: "acme",
      projectSlug: "payments",
      slug: "backend",
    });
    expect(textOf(slug)).toBe(
      "Input error: Sentry rejected the request to update project payments in acme. `slug`: Another project (backend) is already using that slug. Pick a slug no other project uses (find_projects lists them).",
    );
    const platform = await tools.call("update_project", {
      organizationSlug: "acme",
      projectSlug: "payments",
      platform: "cobol",
    });
    expect(textOf(platform)).toMatch(/`platform`: Invalid platform\. Use a Sentry platform id/);
  });

  it("needs a change, and will not move a pinned project's slug", async () => {
    const tools = toolCaller(sandbox);
    expect(
      textOf(
        await tools.call("update_project", { organizationSlug: "acme", projectSlug: "payments" }),
      ),
    ).toBe("Input error: Pass at least one of name, slug or platform.");
    const pinned = toolCaller(sandbox, {
      constraints: { organizationSlug: "acme", projectSlug: "payments" },
    });
    expect(textOf(await pinned.call("update_project", { slug: "pay" }))).toMatch(
      /pinned to project "payments"; renaming its slug/,
    );
    const renamed = (await pinned.structured("update_project", { name: "Payments API" })) as {
      changes: string[];
    };
    expect(renamed.changes).toEqual(["name: payments → Payments API"]);
  });
});
