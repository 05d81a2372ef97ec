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

describe("duplicate_dashboard", () => {
  it("copies widgets and saved filters; Sentry numbers the default title", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const out = await tools.structured("duplicate_dashboard", {
      organizationSlug: "acme",
      dashboardIdOrTitle: "Backend health",
    });
    expect(json(out)).toMatchInlineSnapshot(`
      {
        "changed": true,
        "dashboard": {
          "environments": [
            "production",
          ],
          "id": "5202",
          "period": "7d",
          "projects": [
            "backend",
          ],
          "title": "Backend health copy",
          "url": "https://sentry.example/organizations/acme/dashboard/5202/",
          "widgets": [
            {
              "dataset": "errors",
              "displayType": "table",
              "id": "520102",
              "limit": 10,
              "queries": [
                "count(), count_unique(user) by transaction where level:error, sorted by -count()",
              ],
              "title": "Errors by transaction",
            },
            {
              "dataset": "spans",
              "displayType": "line",
              "id": "520103",
              "limit": null,
              "queries": [
                "p95: p95(span.duration) where span.op:http.server transaction:/api/v2/orders/*/checkout/",
                "p50: p50(span.duration) where span.op:http.server transaction:/api/v2/orders/*/checkout/",
              ],
              "title": "Checkout p95 latency",
            },
            {
              "dataset": "spans",
              "displayType": "big_number",
              "id": "520104",
              "limit": null,
              "queries": [
                "p95(span.duration) where span.op:http.server transaction:/api/v2/orders/*/checkout/",
              ],
              "title": "Checkout p95 right now",
            },
            {
              "dataset": "issues",
              "displayType": "table",
              "id": "520105",
              "limit": 5,
              "queries": [
                "columns issue, assignee, title, events where is:unresolved is:unassigned, sorted by freq",
              ],
              "title": "Unassigned issues",
            },
          ],
        },
        "organization": "acme",
        "source": {
          "id": "5101",
          "title": "Backend health",
        },
        "summary": "Copied dashboard "Backend health" (ID 5101) to "Backend health copy" (ID 5202) with 4 widgets.",
      }
    `);
    const [post] = rec.writes();
    expect(post.body).toMatchObject({ title: "Backend health", duplicate: true });
    expect(JSON.stringify(post.body)).not.toMatch(/"id"/);
    const again = (await tools.structured("duplicate_dashboard", {
      organizationSlug: "acme",
      dashboardIdOrTitle: "5101",
    })) as { summary: string };
    expect(again.summary).toMatch(/to "Backend health copy 1" \(ID \d+\) with 4 widgets\.$/);
    const read = await tools.text("get_dashboard_details", {
      organizationSlug: "acme",
      dashboardIdOrTitle: "Backend health copy",
    });
    expect(read).toContain("Checkout p95 latency");
  });

  it("takes a title; a taken one is a 409 naming the fix; unknown source and 403", async () => {
    const tools = toolCaller(sandbox);
    const named = (await tools.structured("duplicate_dashboard", {
      organizationSlug: "acme",
      dashboardIdOrTitle: "5101",
      title: "Backend health (experiment)",
    })) as { dashboard: { title: string } };
    expect(named.dashboard.title).toBe("Backend health (experiment)");
    expect(
      textOf(
        await tools.call("duplicate_dashboard", {
          organizationSlug: "acme",
          dashboardIdOrTitle: "5101",
          title: "Backend health (experiment)",
        }),
      ),
    ).toBe(
      "Input error: Sentry refused to duplicate dashboard 5101: Dashboard title already taken. Pick another title (find_dashboards lists the taken ones), or change that dashboard with update_dashboard.",
    );
    expect(
      textOf(
        await tools.call("duplicate_dashboard", {
          organizationSlug: "acme",
          dashboardIdOrTitle: "No such board",
        }),
      ),
    ).toMatch(/^Input error: No dashboard is titled "No such board"\./);
    const denied = await toolCaller(sandbox, { fetch: readOnlyTokenFetch }).call(
      "duplicate_dashboard",
      { organizationSlug: "acme", dashboardIdOrTitle: "5101", title: "Nope" },
    );
    expect(textOf(denied)).toMatch(/^Input error: Sentry refused to duplicate dashboard 5101: /);
  });
});
