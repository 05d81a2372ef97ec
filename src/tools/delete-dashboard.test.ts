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

describe("delete_dashboard", () => {
  it("deletes by title, reports what was there, and it is gone", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const out = await tools.structured("delete_dashboard", {
      organizationSlug: "acme",
      dashboardIdOrTitle: "Backend health",
    });
    expect(json(out)).toMatchInlineSnapshot(`
      {
        "changed": true,
        "deleted": {
          "environments": [
            "production",
          ],
          "id": "5101",
          "period": "7d",
          "projects": [
            "backend",
          ],
          "title": "Backend health",
          "url": "https://sentry.example/organizations/acme/dashboard/5101/",
          "widgets": [
            {
              "dataset": "errors",
              "displayType": "table",
              "id": "510101",
              "limit": 10,
              "queries": [
                "count(), count_unique(user) by transaction where level:error, sorted by -count()",
              ],
              "title": "Errors by transaction",
            },
            {
              "dataset": "spans",
              "displayType": "line",
              "id": "510102",
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
              "id": "510103",
              "limit": null,
              "queries": [
                "p95(span.duration) where span.op:http.server transaction:/api/v2/orders/*/checkout/",
              ],
              "title": "Checkout p95 right now",
            },
            {
              "dataset": "issues",
              "displayType": "table",
              "id": "510104",
              "limit": 5,
              "queries": [
                "columns issue, assignee, title, events where is:unresolved is:unassigned, sorted by freq",
              ],
              "title": "Unassigned issues",
            },
          ],
        },
        "organization": "acme",
        "summary": "Deleted dashboard "Backend health" (ID 5101) and its 4 widgets.",
      }
    `);
    expect(rec.writes().map((w) => `${w.method} ${w.path}`)).toEqual([
      "DELETE /api/0/organizations/acme/dashboards/5101/",
    ]);
    const list = await tools.text("find_dashboards", { organizationSlug: "acme" });
    expect(list).not.toContain("Backend health");
    expect(
      textOf(
        await tools.call("delete_dashboard", {
          organizationSlug: "acme",
          dashboardIdOrTitle: "5101",
        }),
      ),
    ).toBe(
      "Input error: No dashboard 5101 in acme (wrong ID, or already deleted); find_dashboards lists them.",
    );
    expect(rec.writes()).toHaveLength(1);
  });

  it("is destructive (the dispatcher asks first) and maps 403", async () => {
    const tools = toolCaller(sandbox);
    const tool = tools.catalog.tools().find((t) => t.name === "delete_dashboard");
    expect(tool?.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false });
    const denied = await toolCaller(sandbox, { fetch: readOnlyTokenFetch }).call(
      "delete_dashboard",
      { organizationSlug: "globex", dashboardIdOrTitle: "Storefront overview" },
    );
    expect(textOf(denied)).toMatch(/^Input error: Sentry refused to delete dashboard \d+: /);
  });
});
