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

describe("get_dashboard_details", () => {
  it("describes every widget's query in words", async () => {
    const text = await tools.text("get_dashboard_details", {
      organizationSlug: "acme",
      dashboardIdOrTitle: "5101",
    });
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Dashboard in **\`acme\`**

      ## Backend health

      **ID**: 5101
      **Projects**: \`backend\`
      **Environments**: \`production\`
      **Time range**: last 7 days
      **Releases**: \`backend@2.14.0\`
      **Created**: 2026-04-15 12:00 UTC by Priya Natarajan
      **Starred**: yes
      **URL**: https://sentry.example/organizations/acme/dashboard/5101/

      ## Widgets (4)

      ### Errors by transaction

      Table of errors, top 10
      - Query: \`count()\`, \`count_unique(user)\` by \`transaction\` where \`level:error\`, sorted by \`count()\` descending

      ### Checkout p95 latency

      Line chart of spans, points every hour
      Description: Server-side p95 of the checkout endpoint.
      - Query \`p95\`: \`p95(span.duration)\` where \`span.op:http.server transaction:/api/v2/orders/*/checkout/\`
      - Query \`p50\`: \`p50(span.duration)\` where \`span.op:http.server transaction:/api/v2/orders/*/checkout/\`

      ### Checkout p95 right now

      Big number of spans
      - Query: \`p95(span.duration)\` where \`span.op:http.server transaction:/api/v2/orders/*/checkout/\`
      - Thresholds: good up to 800 milliseconds, bad above 1500 milliseconds

      ### Unassigned issues

      Table of issues, top 5
      - Query: columns \`issue\`, \`assignee\`, \`title\`, \`events\` where \`is:unresolved is:unassigned\`, sorted by events"
    `);
    expect(text).not.toMatch(/widgetType|displayType|max_values|layout|null|undefined/);
  });

  it("covers bar charts, text widgets and logs tables", async () => {
    const web = await tools.text("get_dashboard_details", {
      organizationSlug: "acme",
      dashboardIdOrTitle: "5102",
    });
    expect(web).toContain("Bar chart of errors, top 5 series, points every 5 minutes");
    expect(web).toContain(
      "- Query: `count()` by `browser.name` with no filter, sorted by `count()` descending",
    );
    expect(web).toContain("Text widget: LCP under 2.5 s is good");
    expect(web).toContain("**Environments**: all environments");
    const payments = await tools.text("get_dashboard_details", {
      organizationSlug: "acme",
      dashboardIdOrTitle: "5103",
    });
    expect(payments).toContain("Table of logs, top 20");
    expect(payments).toContain("sorted by `timestamp` descending");
    expect(payments).toContain("**Time range**: last 24 hours");
  });

  it("looks a dashboard up by its exact title, in any case", async () => {
    const byId = await tools.text("get_dashboard_details", {
      organizationSlug: "acme",
      dashboardIdOrTitle: "5102",
    });
    const before = sandbox.requests.length;
    const byTitle = await tools.text("get_dashboard_details", {
      organizationSlug: "acme",
      dashboardIdOrTitle: "frontend WEB vitals",
    });
    expect(byTitle).toBe(byId);
    const search = sandbox.requests.slice(before).find((r) => r.path.endsWith("/dashboards/"));
    expect(Object.fromEntries(new URLSearchParams(search?.query))).toMatchObject({
      query: "frontend WEB vitals",
      sort: "title",
    });
  });

  it("lists the candidates when a title is ambiguous or unknown", async () => {
    const copy = structuredClone(sandbox.store.dashboards.find((d) => d.id === "5101")!);
    sandbox.store.dashboards.push({ ...copy, id: "5199" });
    try {
      const twice = await tools.call("get_dashboard_details", {
        organizationSlug: "acme",
        dashboardIdOrTitle: "Backend health",
      });
      expect(twice.content[0]).toMatchObject({
        text: 'Input error: Several dashboards are titled "Backend health": `5101` Backend health; `5199` Backend health. Pass the ID.',
      });
    } finally {
      sandbox.store.dashboards.pop();
    }
    const partial = await tools.call("get_dashboard_details", {
      organizationSlug: "acme",
      dashboardIdOrTitle: "health",
    });
    expect(partial.content[0]).toMatchObject({
      text: 'Input error: No dashboard is titled "health". Titles containing it: `5101` Backend health.',
    });
    const none = await tools.call("get_dashboard_details", {
      organizationSlug: "acme",
      dashboardIdOrTitle: "default-overview",
    });
    expect(none.content[0]).toMatchObject({
      text: 'Input error: No dashboard is titled "default-overview". find_dashboards lists them.',
    });
  });

  it("reports unknown dashboards and upstream errors", async () => {
    const unknown = await tools.call("get_dashboard_details", {
      organizationSlug: "acme",
      dashboardIdOrTitle: "5201",
    });
    expect(unknown.content[0]).toMatchObject({ text: expect.stringMatching(/^Not found/) });
    const broken = toolCaller(sandbox, {
      fetch: (() =>
        Promise.resolve(new Response("<html>bad gateway</html>", { status: 502 }))) as typeof fetch,
    });
    const down = await broken.call("get_dashboard_details", {
      organizationSlug: "acme",
      dashboardIdOrTitle: "5101",
    });
    expect(down.content[0]).toMatchObject({ text: expect.stringMatching(/^Sentry error: .*502/) });
  });
});
