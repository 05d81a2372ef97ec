import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";

let sandbox: Sandbox;
let tools: ReturnType<typeof toolCaller>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tools = toolCaller(sandbox);
});
afterAll(() => sandbox.close());

/** The query string of the latest dashboard list request. */
const lastQuery = () =>
  Object.fromEntries(
    new URLSearchParams(
      sandbox.requests.findLast((r) => r.path.endsWith("/dashboards/"))?.query ?? "",
    ),
  );

describe("find_dashboards", () => {
  it("lists dashboards with their widget kinds and projects", async () => {
    const text = await tools.text("find_dashboards", { organizationSlug: "acme" });
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
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
    expect(text).not.toMatch(/4500011|widgetDisplay|null|undefined/);
  });

  it("filters by title, sorts, pages, and says when nothing matches", async () => {
    const text = await tools.text("find_dashboards", {
      organizationSlug: "acme",
      titleQuery: "web",
    });
    expect(lastQuery()).toMatchObject({ query: "web", sort: "title", per_page: "25" });
    expect(text).toContain("### Frontend web vitals");
    expect(text).not.toContain("Backend health");
    const first = await tools.text("find_dashboards", { organizationSlug: "acme", limit: 1 });
    expect(first).toContain('cursor: "0:1:0"');
    const titles = async (sort: string) =>
      [
        ...(await tools.text("find_dashboards", { organizationSlug: "acme", sort })).matchAll(
          /^### (.+)$/gm,
        ),
      ].map((m) => m[1]);
    expect(await titles("-title")).toEqual([
      "Payments operations",
      "Frontend web vitals",
      "Backend health",
    ]);
    expect(lastQuery().sort).toBe("-title");
    expect(await titles("-dateCreated")).toEqual([...(await titles("dateCreated"))].reverse());
    const none = await tools.text("find_dashboards", {
      organizationSlug: "acme",
      titleQuery: "zzz",
    });
    expect(none).toBe("# Dashboards in **`acme`**\n\nNo dashboards match this title.");
  });

  it("rejects bad input and reports upstream errors", async () => {
    const bad = await tools.call("find_dashboards", { organizationSlug: "not a slug" });
    expect(bad.content[0]).toMatchObject({ text: expect.stringMatching(/^Input error/) });
    const unknown = await tools.call("find_dashboards", { organizationSlug: "nope" });
    expect(unknown.content[0]).toMatchObject({ text: expect.stringMatching(/^Not found/) });
    const denied = toolCaller(sandbox, {
      fetch: (() =>
        Promise.resolve(Response.json({ detail: "no" }, { status: 403 }))) as typeof fetch,
    });
    const result = await denied.call("find_dashboards", { organizationSlug: "acme" });
    expect(result.content[0]).toMatchObject({ text: expect.stringMatching(/^Permission denied/) });
  });
});
