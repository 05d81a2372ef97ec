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

const errorText = async (args: Record<string, unknown>, caller = tools) => {
  const result = await caller.call("get_release_details", args);
  expect(result.isError, JSON.stringify(args)).toBe(true);
  return result.content.map((c) => (c.type === "text" ? c.text : "")).join("");
};

describe("get_release_details", () => {
  it("shows health, deploys, commits, new issues and the previous release", async () => {
    const text = await tools.text("get_release_details", {
      organizationSlug: "acme",
      releaseVersion: "com.acme.mobile@3.2.0+412",
      includeHealth: true,
    });
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Release \`com.acme.mobile@3.2.0+412\` in **\`acme\`**

      **Created**: 2026-10-20 11:00 UTC
      **Released**: 2026-10-20 20:00 UTC
      **Projects**: \`mobile-app\`
      **New issues**: 3
      **Commits**: 2 by 1 author
      **Deploys**: 1
      **First event**: 2026-10-27 12:00 UTC
      **Last event**: 2026-11-01 11:20 UTC
      **URL**: https://sentry.example/organizations/acme/releases/com.acme.mobile%403.2.0%2B412/

      ## Health (last 14 days)

      - \`mobile-app\`: crash-free sessions 97.8%, crash-free users 96.2%, adoption 22.5% of users, 58,310 sessions, 1,283 crashed, adoption stage low adoption

      ## Deploys

      - \`production\` at 2026-10-20 20:00 UTC · Play Store staged rollout 20%

      ## Commits (2)

      - \`303b857c66e2\` · \`feat(checkout): one-tap payment sheet\` · by Sofia Lindqvist · in \`acme-corp/android-app\`
      - \`622618df1c7b\` · \`perf(catalog): decode product images at full resolution for tablets\` · by Sofia Lindqvist · in \`acme-corp/android-app\`

      ## New Issues (3, most frequent first; project = short ID prefix unless named)

      - **MOBILE-APP-4** · \`OutOfMemoryError: Failed to allocate a 41943056 byte allocation with 25165824 free bytes and 24MB until OOM\` · unresolved (escalating), high, fatal · 233 events, 190 users · last 2026-11-01 10:00 UTC
      - **MOBILE-APP-6** · \`File I/O on Main Thread\` · unresolved (ongoing), low, info · performance: file I/O main thread · 61 events, 48 users · last 2026-10-31 10:00 UTC
      - **MOBILE-APP-8** · \`User Feedback: App crashes when I rotate my phone 📱\` · unresolved (new), medium, info · feedback · 1 events, 1 users · last 2026-11-01 11:20 UTC

      ## Compared With \`com.acme.mobile@3.1.4+398\`

      - Created 2026-09-25 00:00 UTC (25 days before this release was created)
      - New issues: 3 then, 3 now
      - Commits: 0 then, 2 now
      - Crash-free sessions in \`mobile-app\`: 99.31% then, 97.8% now

      ## Response Notes

      - \`search_issues\` with \`query: 'firstRelease:"com.acme.mobile@3.2.0+412"'\` lists every new issue; \`release:"com.acme.mobile@3.2.0+412"\` every issue seen in it.
      - \`get_issue_details\` with a short ID above shows its stack trace."
    `);
  });

  it("omits health for releases without sessions", async () => {
    const text = await tools.text("get_release_details", {
      organizationSlug: "acme",
      releaseVersion: "backend@2.14.0",
    });
    expect(text).not.toContain("## Health");
    expect(text).toContain("## Commits (4)");
    expect(text).toContain("by dependabot\\[bot\\]");
    expect(text).toContain("## Compared With `backend@2.13.2`");
    expect(text).toContain("- New issues: 4 then, 4 now");
  });

  it("makes its requests in one parallel batch with the right parameters", async () => {
    const before = sandbox.requests.length;
    await tools.text("get_release_details", {
      organizationSlug: "acme",
      releaseVersion: "frontend@5.9.1",
    });
    const made = sandbox.requests.slice(before);
    const v = "frontend%405.9.1";
    expect(made.map((r) => r.path).sort()).toEqual(
      [
        "/api/0/organizations/acme/issues/",
        "/api/0/organizations/acme/releases/",
        `/api/0/organizations/acme/releases/${v}/`,
        `/api/0/organizations/acme/releases/${v}/commits/`,
        `/api/0/organizations/acme/releases/${v}/deploys/`,
      ].sort(),
    );
    const q = (path: string) => new URLSearchParams(made.find((r) => r.path === path)!.query);
    expect(q(`/api/0/organizations/acme/releases/${v}/`).get("health")).toBeNull();
    expect(q(`/api/0/organizations/acme/releases/${v}/commits/`).get("per_page")).toBe("10");
    expect(q(`/api/0/organizations/acme/releases/${v}/deploys/`).get("per_page")).toBe("10");
    expect(q("/api/0/organizations/acme/issues/").get("query")).toBe(
      'firstRelease:"frontend@5.9.1"',
    );
    expect(q("/api/0/organizations/acme/releases/").get("query")).toBe("frontend@");
  });

  it("scopes to projectSlugOrId and honours includeHealth, includeDeploys, includeCommits, limit", async () => {
    const before = sandbox.requests.length;
    const text = await tools.text("get_release_details", {
      organizationSlug: "acme",
      releaseVersion: "com.acme.mobile@3.2.0+412",
      projectSlugOrId: 4500013,
      includeHealth: true,
      includeDeploys: false,
      limit: 1,
    });
    const made = sandbox.requests.slice(before);
    const v = "com.acme.mobile%403.2.0%2B412";
    const q = (path: string) =>
      Object.fromEntries(new URLSearchParams(made.find((r) => r.path === path)?.query));
    expect(q(`/api/0/organizations/acme/releases/${v}/`)).toMatchObject({
      health: "1",
      project: "4500013",
    });
    expect(q(`/api/0/projects/acme/4500013/releases/${v}/commits/`)).toEqual({ per_page: "1" });
    expect(made.some((r) => r.path.endsWith("/deploys/"))).toBe(false);
    expect(q("/api/0/organizations/acme/issues/").query).toBe(
      'project.id:4500013 firstRelease:"com.acme.mobile@3.2.0+412"',
    );
    expect(text).toContain("## Health (last 14 days)");
    expect(text).not.toContain("## Deploys");
    expect(text).toMatch(/## Commits \(2\)\n\n- `303b857c66e2` .*\n- … 1 more commits/);
    const bySlug = sandbox.requests.length;
    const plain = await tools.text("get_release_details", {
      organizationSlug: "acme",
      releaseVersion: "com.acme.mobile@3.2.0+412",
      projectSlugOrId: "mobile-app",
      includeCommits: false,
    });
    const deploys = sandbox.requests.slice(bySlug).find((r) => r.path.endsWith("/deploys/"));
    expect(new URLSearchParams(deploys?.query).get("projectSlug")).toBe("mobile-app");
    expect(sandbox.requests.slice(bySlug).some((r) => r.path.endsWith("/commits/"))).toBe(false);
    expect(plain).not.toContain("## Health");
    expect(plain).not.toContain("## Commits");
    expect(plain).toContain("## Deploys");
  });

  it("accepts a release URL", async () => {
    const text = await tools.text("get_release_details", {
      releaseUrl: "https://acme.sentry.io/releases/payments%401.7.3/?project=4500014",
    });
    expect(text).toContain("# Release `payments@1.7.3` in **`acme`**");
    expect(text).toContain("## Compared With `payments@1.7.2`");
  });

  it("still answers when commits, deploys, issues or the comparison fail", async () => {
    const flaky = toolCaller(sandbox, {
      fetch: faultyFetch(/\/(commits|deploys|issues)\/$|\/releases\/$/, 500),
    });
    const text = await flaky.text("get_release_details", {
      organizationSlug: "acme",
      releaseVersion: "backend@2.14.0",
    });
    expect(text).toContain("# Release `backend@2.14.0`");
    expect(text).not.toContain("## Commits");
    expect(text).not.toContain("## Compared With");
  });

  it("rejects bad input before any request", async () => {
    const before = sandbox.requests.length;
    expect(await errorText({ organizationSlug: "acme" })).toMatch(/Pass releaseVersion/);
    expect(await errorText({ releaseVersion: "backend@2.14.0" })).toMatch(
      /organizationSlug is required/,
    );
    expect(await errorText({ releaseUrl: "https://acme.sentry.io/issues/6100000101/" })).toMatch(
      /not a release/,
    );
    expect(sandbox.requests.length).toBe(before);
  });

  it("maps upstream failures and respects project pins", async () => {
    expect(await errorText({ organizationSlug: "acme", releaseVersion: "nope@1.0.0" })).toMatch(
      /^Not found/,
    );
    const broken = toolCaller(sandbox, { fetch: faultyFetch(/\/releases\/[^/]+\/$/, 500) });
    expect(
      await errorText({ organizationSlug: "acme", releaseVersion: "backend@2.14.0" }, broken),
    ).toMatch(/^Sentry error: .*500/);
    const pinned = toolCaller(sandbox, {
      constraints: { organizationSlug: "acme", projectSlug: "payments" },
    });
    expect(await errorText({ releaseVersion: "backend@2.14.0" }, pinned)).toMatch(
      /limited to project "payments"/,
    );
  });
});
