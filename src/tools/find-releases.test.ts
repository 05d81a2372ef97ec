import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { faultyFetch } from "../../test/fetch-faults.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";

let sandbox: Sandbox;
let tools: ReturnType<typeof toolCaller>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tools = toolCaller(sandbox);
});
afterAll(() => sandbox.close());

const lastQuery = () => new URLSearchParams(sandbox.requests.at(-1)?.query ?? "");
const errorText = async (args: Record<string, unknown>, caller = tools) => {
  const result = await caller.call("find_releases", args);
  expect(result.isError, JSON.stringify(args)).toBe(true);
  return result.content.map((c) => (c.type === "text" ? c.text : "")).join("");
};

describe("find_releases", () => {
  it("lists releases newest first with issues, commits, deploys and projects", async () => {
    const text = await tools.text("find_releases", { organizationSlug: "acme", limit: 5 });
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Releases in **\`acme\`**

      5 shown, newest first.

      - **\`frontend@5.9.1\`** · released 2026-10-31 12:00 UTC · 3 new issues · 3 commits · 2 deploys, last \`production\` at 2026-10-31 12:00 UTC · project \`frontend\`
      - **\`backend@2.14.0\`** · released 2026-10-30 12:00 UTC · 4 new issues · 4 commits · 2 deploys, last \`production\` at 2026-10-30 12:00 UTC · project \`backend\`
      - **\`payments@1.7.3\`** · released 2026-10-28 12:00 UTC · 3 new issues · 2 commits · 1 deploy, last \`production\` at 2026-10-28 12:00 UTC · project \`payments\`
      - **\`frontend@5.8.0\`** · released 2026-10-26 12:00 UTC · 5 new issues · 1 commit · 1 deploy, last \`production\` at 2026-10-26 12:00 UTC · project \`frontend\`
      - **\`backend@2.13.2\`** · released 2026-10-23 12:00 UTC · 4 new issues · 2 commits · 1 deploy, last \`production\` at 2026-10-23 12:00 UTC · project \`backend\`

      **URL**: https://sentry.example/organizations/acme/releases/

      ## Response Notes

      - \`get_release_details\` with \`releaseVersion\` shows commits, deploys, new issues and health.
      - More releases: pass \`cursor: "0:5:0"\` with the same filters."
    `);
  });

  it("passes filters, page size and cursor to Sentry", async () => {
    const text = await tools.text("find_releases", {
      organizationSlug: "acme",
      query: "backend",
      projectSlug: "backend",
      environment: "production",
      limit: 1,
      cursor: "0:1:0",
    });
    const q = lastQuery();
    expect(sandbox.requests.at(-1)?.path).toBe("/api/0/organizations/acme/releases/");
    expect(q.get("query")).toBe("backend");
    expect(q.get("project")).toBe("backend");
    expect(q.get("environment")).toBe("production");
    expect(q.get("per_page")).toBe("1");
    expect(q.get("cursor")).toBe("0:1:0");
    expect(text).toContain("# Releases in **`acme/backend`**");
    expect(text).toContain("**`backend@2.13.2`**");
    expect(text).toContain("matching `backend`, deployed to `production`");
  });

  it("says so when nothing matches", async () => {
    const text = await tools.text("find_releases", { organizationSlug: "acme", query: "nope@9" });
    expect(text).toContain("No releases match.");
  });

  it("rejects bad input before any request", async () => {
    const before = sandbox.requests.length;
    expect(await errorText({ organizationSlug: "acme", limit: 0 })).toMatch(/limit/);
    expect(await errorText({ organizationSlug: "a b" })).toMatch(/organization slug/);
    expect(await errorText({ organizationSlug: "acme", projectSlug: "../x" })).toMatch(/project/);
    expect(sandbox.requests.length).toBe(before);
  });

  it("maps upstream failures", async () => {
    expect(await errorText({ organizationSlug: "nope" })).toMatch(/^Not found/);
    expect(await errorText({ organizationSlug: "acme", projectSlug: "ghost" })).toMatch(
      /^Permission denied/,
    );
    const broken = toolCaller(sandbox, { fetch: faultyFetch(/\/releases\/$/, 500) });
    expect(await errorText({ organizationSlug: "acme" }, broken)).toMatch(/^Sentry error: .*500/);
  });

  it("stays bounded at the largest page", async () => {
    const text = await tools.text("find_releases", { organizationSlug: "acme", limit: 100 });
    expect(text.length).toBeLessThan(25_000);
    expect(text).not.toContain("cursor:");
  });
});
