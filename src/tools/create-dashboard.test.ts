import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Contract } from "../../sandbox/contract/validator.js";
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

describe("create_dashboard", () => {
  it("makes a dashboard of checkout errors in one call with a sensible widget", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const out = await tools.structured("create_dashboard", {
      organizationSlug: "acme",
      title: "Checkout errors",
      widgets: [{ title: "Checkout errors", conditions: "transaction:*checkout*" }],
    });
    expect(json(out)).toMatchInlineSnapshot(`
      {
        "changed": true,
        "dashboard": {
          "environments": [],
          "id": "5202",
          "period": null,
          "projects": [],
          "title": "Checkout errors",
          "url": "https://sentry.example/organizations/acme/dashboard/5202/",
          "widgets": [
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
        "organization": "acme",
        "summary": "Created dashboard "Checkout errors" (ID 5202) with 1 widget.",
      }
    `);
    expect(rec.writes().map((w) => w.body)).toMatchInlineSnapshot(`
      [
        {
          "title": "Checkout errors",
          "widgets": [
            {
              "description": null,
              "displayType": "line",
              "interval": "5m",
              "layout": {
                "h": 2,
                "minH": 2,
                "w": 2,
                "x": 0,
                "y": 0,
              },
              "limit": null,
              "queries": [
                {
                  "aggregates": [
                    "count()",
                  ],
                  "columns": [],
                  "conditions": "transaction:*checkout*",
                  "fieldAliases": [
                    "",
                  ],
                  "fields": [
                    "count()",
                  ],
                  "name": "",
                  "orderby": "",
                },
              ],
              "title": "Checkout errors",
              "widgetType": "error-events",
            },
          ],
        },
      ]
    `);
    // what the tool sends is a body Sentry documents (camelCase, as its serializer takes it)
    const [post] = rec.writes();
    expect(new Contract().validateRequest("POST", post.path, post.body)?.errors).toEqual([]);
    const read = await tools.text("get_dashboard_details", {
      organizationSlug: "acme",
      dashboardIdOrTitle: "Checkout errors",
    });
    expect(read).toContain("Line chart of errors");
    expect(read).toContain("`count()` where `transaction:*checkout*`");
  });

  it("defaults per widget: grouped tables, issue lists, big numbers; saved filters by slug", async () => {
    const tools = toolCaller(sandbox);
    const out = (await tools.structured("create_dashboard", {
      organizationSlug: "acme",
      title: "Payments overview",
      projectSlugs: ["payments"],
      environments: ["production"],
      period: "7d",
      widgets: [
        { title: "Errors by transaction", columns: ["transaction"] },
        { title: "Open issues", dataset: "issues", conditions: "is:unresolved" },
        {
          title: "p95",
          dataset: "spans",
          displayType: "big_number",
          aggregates: ["p95(span.duration)"],
        },
        {
          title: "Latency",
          dataset: "spans",
          queries: [
            { name: "p50", aggregates: ["p50(span.duration)"] },
            { name: "p95", aggregates: ["p95(span.duration)"] },
          ],
        },
      ],
    })) as { dashboard: unknown };
    expect(json(out.dashboard)).toMatchInlineSnapshot(`
      {
        "environments": [
          "production",
        ],
        "id": "5203",
        "period": "7d",
        "projects": [
          "payments",
        ],
        "title": "Payments overview",
        "url": "https://sentry.example/organizations/acme/dashboard/5203/",
        "widgets": [
          {
            "dataset": "errors",
            "displayType": "table",
            "id": "520103",
            "limit": 10,
            "queries": [
              "count() by transaction, sorted by -count()",
            ],
            "title": "Errors by transaction",
          },
          {
            "dataset": "issues",
            "displayType": "table",
            "id": "520104",
            "limit": 10,
            "queries": [
              "columns issue, assignee, title where is:unresolved, sorted by freq",
            ],
            "title": "Open issues",
          },
          {
            "dataset": "spans",
            "displayType": "big_number",
            "id": "520105",
            "limit": null,
            "queries": [
              "p95(span.duration)",
            ],
            "title": "p95",
          },
          {
            "dataset": "spans",
            "displayType": "line",
            "id": "520106",
            "limit": null,
            "queries": [
              "p50: p50(span.duration)",
              "p95: p95(span.duration)",
            ],
            "title": "Latency",
          },
        ],
      }
    `);
  });

  it("refuses bad input before sending, and names Sentry's field and the fix on 400 and 409", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    expect(
      textOf(
        await tools.call("create_dashboard", {
          organizationSlug: "acme",
          title: "X",
          widgets: [{ title: "Pie", displayType: "pie" }],
        }),
      ),
    ).toMatch(/displayType: Invalid option: expected one of "line"\|"area"/);
    // an unknown key inside a widget is refused by name, never dropped in silence
    expect(
      textOf(
        await tools.call("create_dashboard", {
          organizationSlug: "acme",
          title: "X",
          widgets: [{ title: "Spans", widgetType: "spans" }],
        }),
      ),
    ).toMatch(/widgets\.0: Unrecognized key: "widgetType"/);
    expect(
      textOf(
        await tools.call("create_dashboard", {
          organizationSlug: "acme",
          title: "X",
          widgets: [{ title: "Both", conditions: "a", queries: [{ conditions: "b" }] }],
        }),
      ),
    ).toBe(
      'Input error: Widget "Both": give aggregates/columns/conditions/orderby inline or in queries, not both.',
    );
    expect(
      textOf(
        await tools.call("create_dashboard", {
          organizationSlug: "acme",
          title: "X",
          projectSlugs: ["nope"],
        }),
      ),
    ).toMatch(/^Input error: No project "nope" in acme\. Projects: /);
    expect(rec.writes()).toEqual([]);
    const taken = await tools.call("create_dashboard", {
      organizationSlug: "acme",
      title: "Backend health",
    });
    expect(textOf(taken)).toBe(
      'Input error: Sentry refused to create dashboard "Backend health": Dashboard title already taken. Pick another title (find_dashboards lists the taken ones), or change that dashboard with update_dashboard.',
    );
    // Sentry checks each widget query's search syntax and names the widget by its index.
    const rejecting = toolCaller(sandbox, {
      fetch: failingFetch(
        (method, path) => method === "POST" && path.endsWith("/dashboards/"),
        400,
        { widgets: [{}, { queries: [{ conditions: ["Invalid conditions: level:"] }] }] },
      ),
    });
    const bad = await rejecting.call("create_dashboard", {
      organizationSlug: "acme",
      title: "Syntax",
      widgets: [{ title: "Ok" }, { title: "Broken", conditions: "level:" }],
    });
    expect(textOf(bad)).toBe(
      'Input error: Sentry rejected the request to create dashboard "Syntax". `widgets.1.queries.0.conditions`: Invalid conditions: level:. (widget "Broken") Check the field names and search syntax; search_events with the same dataset tries them.',
    );
    const denied = await toolCaller(sandbox, { fetch: readOnlyTokenFetch }).call(
      "create_dashboard",
      { organizationSlug: "acme", title: "Denied" },
    );
    expect(textOf(denied)).toMatch(
      /^Input error: Sentry refused to create dashboard "Denied": the token lacks `org:read` or the user may not change this resource/,
    );
  });
});
