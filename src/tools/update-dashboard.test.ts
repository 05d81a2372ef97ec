import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";
import {
  failingFetch,
  readOnlyTokenFetch,
  recordingFetch,
  textOf,
} from "../../test/write-helpers.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const json = (value: unknown) => JSON.parse(stable(JSON.stringify(value), sandbox));
const base = { organizationSlug: "acme", dashboardIdOrTitle: "Backend health" };

describe("update_dashboard", () => {
  it("adds, changes and removes single widgets without resending the rest by hand", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const out = await tools.structured("update_dashboard", {
      ...base,
      title: "Backend health (v2)",
      addWidgets: [{ title: "Checkout errors", conditions: "transaction:*checkout*" }],
      updateWidgets: [{ widget: "Errors by transaction", limit: 5, conditions: "level:fatal" }],
      removeWidgets: ["Unassigned issues"],
    });
    expect(json(out)).toMatchInlineSnapshot(`
      {
        "after": {
          "environments": [
            "production",
          ],
          "id": "5101",
          "period": "7d",
          "projects": [
            "backend",
          ],
          "title": "Backend health (v2)",
          "url": "https://sentry.example/organizations/acme/dashboard/5101/",
          "widgets": [
            {
              "dataset": "errors",
              "displayType": "table",
              "id": "510101",
              "limit": 5,
              "queries": [
                "count(), count_unique(user) by transaction where level:fatal, sorted by -count()",
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
              "dataset": "errors",
              "displayType": "line",
              "id": "520102",
              "limit": null,
              "queries": [
                "count() where transaction:*checkout*",
              ],
              "title": "Checkout errors",
            },
          ],
        },
        "before": {
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
        "changed": true,
        "changes": [
          "title: "Backend health" → "Backend health (v2)"",
          "removed widget "Unassigned issues"",
          "widget "Errors by transaction": limit 10 → 5; query count(), count_unique(user) by transaction where level:error, sorted by -count() → count(), count_unique(user) by transaction where level:fatal, sorted by -count()",
          "added widget "Checkout errors" (line of errors: count() where transaction:*checkout*)",
        ],
        "organization": "acme",
        "summary": "Updated dashboard "Backend health (v2)": 4 changes.",
      }
    `);
    const [put] = rec.writes();
    expect(put.method).toBe("PUT");
    const sent = (put.body as { widgets: Array<{ id?: string; title: string }> }).widgets;
    expect(sent.map((w) => [w.id ?? "new", w.title])).toMatchInlineSnapshot(`
      [
        [
          "510101",
          "Errors by transaction",
        ],
        [
          "510102",
          "Checkout p95 latency",
        ],
        [
          "510103",
          "Checkout p95 right now",
        ],
        [
          "new",
          "Checkout errors",
        ],
      ]
    `);
    const read = await tools.text("get_dashboard_details", {
      organizationSlug: "acme",
      dashboardIdOrTitle: "Backend health (v2)",
    });
    expect(read).toContain("`count()` where `transaction:*checkout*`");
    expect(read).not.toContain("Unassigned issues");
  });

  it("reports an already-applied change without writing", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const out = (await tools.structured("update_dashboard", {
      organizationSlug: "acme",
      dashboardIdOrTitle: "5101",
      title: "Backend health (v2)",
      updateWidgets: [{ widget: "Checkout p95 right now", displayType: "big_number" }],
    })) as { changed: boolean; summary: string; changes: string[] };
    expect(out).toMatchObject({
      changed: false,
      changes: [],
      summary: 'Nothing to change: dashboard "Backend health (v2)" already looks like this.',
    });
    expect(rec.writes()).toEqual([]);
  });

  it("replaces a multi-series widget's queries, and refuses an inline change to it", async () => {
    const tools = toolCaller(sandbox);
    expect(
      textOf(
        await tools.call("update_dashboard", {
          organizationSlug: "acme",
          dashboardIdOrTitle: "5101",
          updateWidgets: [{ widget: "Checkout p95 latency", conditions: "span.op:db" }],
        }),
      ),
    ).toBe('Input error: Widget "Checkout p95 latency" has 2 queries: pass them all in queries.');
    const out = (await tools.structured("update_dashboard", {
      organizationSlug: "acme",
      dashboardIdOrTitle: "5101",
      updateWidgets: [
        {
          widget: "Checkout p95 latency",
          displayType: "area",
          queries: [
            { name: "p99", aggregates: ["p99(span.duration)"], conditions: "span.op:http.server" },
          ],
        },
      ],
    })) as { changes: string[] };
    expect(out.changes).toMatchInlineSnapshot(`
      [
        "widget "Checkout p95 latency": displayType line → area; query p95: p95(span.duration) where span.op:http.server transaction:/api/v2/orders/*/checkout/ | p50: p50(span.duration) where span.op:http.server transaction:/api/v2/orders/*/checkout/ → p99: p99(span.duration) where span.op:http.server",
      ]
    `);
  });

  it("names unknown widgets and dashboards, needs a change, maps 403", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    expect(textOf(await tools.call("update_dashboard", base))).toBe(
      "Input error: Pass at least one change: title, addWidgets, updateWidgets, removeWidgets, projectSlugs, environments, period.",
    );
    expect(
      textOf(
        await tools.call("update_dashboard", {
          organizationSlug: "acme",
          dashboardIdOrTitle: "5101",
          removeWidgets: ["Nope"],
        }),
      ),
    ).toMatch(
      /^Input error: No widget "Nope" on this dashboard\. Widgets: 510101 "Errors by transaction"; /,
    );
    expect(
      textOf(
        await tools.call("update_dashboard", {
          organizationSlug: "acme",
          dashboardIdOrTitle: "9999",
          title: "x",
        }),
      ),
    ).toBe(
      "Input error: No dashboard 9999 in acme (wrong ID, or already deleted); find_dashboards lists them.",
    );
    expect(rec.writes()).toEqual([]);
    const denied = await toolCaller(sandbox, { fetch: readOnlyTokenFetch }).call(
      "update_dashboard",
      { organizationSlug: "acme", dashboardIdOrTitle: "5101", title: "Renamed" },
    );
    expect(textOf(denied)).toMatch(
      /^Input error: Sentry refused to update dashboard 5101: the token lacks `org:read`/,
    );
  });

  it("sends a failed write once: writes are never retried", async () => {
    let puts = 0;
    const failing = failingFetch((method) => method === "PUT", 503, { detail: "Unavailable" });
    const fetch: typeof globalThis.fetch = (input, init) => {
      if (init?.method === "PUT") puts++;
      return failing(input, init);
    };
    const out = await toolCaller(sandbox, { fetch }).call("update_dashboard", {
      organizationSlug: "acme",
      dashboardIdOrTitle: "5101",
      title: "Never applied",
    });
    expect(out.isError).toBe(true);
    expect(puts).toBe(1);
  });
});
