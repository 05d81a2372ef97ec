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
const base = { organizationSlug: "acme", monitorId: "70012" };

describe("update_metric_monitor", () => {
  it("raises thresholds, narrows the query and pauses, answering before → after", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const out = await tools.structured("update_metric_monitor", {
      ...base,
      status: "disabled",
      query: { environment: "production", timeWindowSeconds: 900 },
      conditionGroup: {
        logicType: "any",
        conditions: [
          { type: "gt", comparison: 800, conditionResult: 75 },
          { type: "lte", comparison: 400, conditionResult: 0 },
        ],
      },
    });
    expect(json(out)).toMatchInlineSnapshot(`
      {
        "after": {
          "conditions": [
            {
              "comparison": 800,
              "conditionResult": 75,
              "type": "gt",
            },
            {
              "comparison": 400,
              "conditionResult": 0,
              "type": "lte",
            },
          ],
          "config": {
            "comparisonDeltaSeconds": null,
            "detectionType": "static",
          },
          "description": "Errors on the checkout endpoint above normal levels.",
          "id": "70012",
          "name": "Checkout error spike",
          "owner": {
            "id": "4500101",
            "name": "platform",
            "type": "team",
          },
          "project": "backend",
          "query": {
            "aggregate": "count()",
            "dataset": "events",
            "environment": "production",
            "eventTypes": [
              "error",
            ],
            "query": "transaction:/api/v2/orders/*/checkout/ level:error",
            "timeWindowSeconds": 900,
          },
          "status": "disabled",
          "url": "https://sentry.example/organizations/acme/monitors/70012/",
          "workflowIds": [
            "81002",
          ],
        },
        "before": {
          "conditions": [
            {
              "comparison": 500,
              "conditionResult": 75,
              "type": "gt",
            },
            {
              "comparison": 250,
              "conditionResult": 50,
              "type": "gt",
            },
            {
              "comparison": 250,
              "conditionResult": 0,
              "type": "lte",
            },
          ],
          "config": {
            "comparisonDeltaSeconds": null,
            "detectionType": "static",
          },
          "description": "Errors on the checkout endpoint above normal levels.",
          "id": "70012",
          "name": "Checkout error spike",
          "owner": {
            "id": "4500101",
            "name": "platform",
            "type": "team",
          },
          "project": "backend",
          "query": {
            "aggregate": "count()",
            "dataset": "events",
            "environment": "production",
            "eventTypes": [
              "error",
            ],
            "query": "transaction:/api/v2/orders/*/checkout/ level:error",
            "timeWindowSeconds": 3600,
          },
          "status": "active",
          "url": "https://sentry.example/organizations/acme/monitors/70012/",
          "workflowIds": [
            "81002",
          ],
        },
        "changed": true,
        "changes": [
          "status: active → disabled",
          "timeWindow: 1h → 15m",
          "conditions: [critical above 500, warning above 250, resolved at or below 250] → [critical above 800, resolved at or below 400]",
        ],
        "organization": "acme",
        "summary": "Updated metric monitor Checkout error spike: status: active → disabled; timeWindow: 1h → 15m; conditions: [critical above 500, warning above 250, resolved at or below 250] → [critical above 800, resolved at or below 400].",
      }
    `);
    expect(rec.writes().map((w) => [w.method, w.path, w.body])).toEqual([
      [
        "PUT",
        "/api/0/organizations/acme/detectors/70012/",
        {
          enabled: false,
          dataSources: [
            {
              dataset: "events",
              query: "transaction:/api/v2/orders/*/checkout/ level:error",
              aggregate: "count()",
              environment: "production",
              eventTypes: ["error"],
              timeWindow: 900,
            },
          ],
          config: { detectionType: "static", comparisonDelta: null },
          conditionGroup: {
            logicType: "any",
            conditions: [
              { type: "gt", comparison: 800, conditionResult: 75 },
              { type: "lte", comparison: 400, conditionResult: 0 },
            ],
          },
        },
      ],
    ]);
    const details = await tools.text("get_metric_monitor_details", base);
    expect(details).toContain("**Status**: disabled");
    expect(details).toContain("**Interval**: 15 minutes");
  });

  it("reports an already-applied change without writing", async () => {
    const rec = recordingFetch();
    const out = await toolCaller(sandbox, { fetch: rec.fetch }).structured(
      "update_metric_monitor",
      {
        ...base,
        status: "disabled",
        name: "Checkout error spike",
        query: { timeWindowSeconds: 900 },
      },
    );
    expect(out).toMatchObject({
      changed: false,
      summary: "Nothing to change: metric monitor Checkout error spike already has these values.",
    });
    expect(rec.writes()).toEqual([]);
  });

  it("switches to percent detection, reconnects alerts and changes owner", async () => {
    const tools = toolCaller(sandbox);
    const out = (await tools.structured("update_metric_monitor", {
      ...base,
      projectSlug: "backend",
      owner: "user:100001",
      workflowIds: ["81001"],
      config: { detectionType: "percent", comparisonDeltaSeconds: 86400 },
      conditionGroup: {
        logicType: "any",
        conditions: [
          { type: "gt", comparison: 130, conditionResult: 75 },
          { type: "lte", comparison: 110, conditionResult: 0 },
        ],
      },
    })) as { changes: string[] };
    expect(out.changes).toMatchInlineSnapshot(`
      [
        "owner: platform (team:4500101) → dana.reyes@acme.example (user:100001)",
        "detection: static → percent",
        "comparisonDelta: none → 1d",
        "conditions: [critical above 800, resolved at or below 400] → [critical above 130, resolved at or below 110]",
        "alerts: 81002 → 81001",
      ]
    `);
    const alerts = await tools.text("get_alert_rule", {
      organizationSlug: "acme",
      ruleIdOrName: "81002",
    });
    expect(alerts).not.toContain("Checkout error spike");
  });

  it("keeps condition ids copied from the monitor, so Sentry changes those conditions in place", async () => {
    const rec = recordingFetch();
    await toolCaller(sandbox, { fetch: rec.fetch }).structured("update_metric_monitor", {
      organizationSlug: "acme",
      monitorId: "70015",
      conditionGroup: {
        id: "990123",
        logicType: "any",
        conditions: [
          {
            id: "990124",
            type: "anomaly_detection",
            comparison: { sensitivity: "low", seasonality: "auto", thresholdType: 0 },
            conditionResult: 75,
          },
        ],
      },
    });
    expect(rec.writes()[0]?.body).toMatchObject({
      conditionGroup: { id: "990123", conditions: [{ id: "990124", type: "anomaly_detection" }] },
    });
  });

  it("refuses bad input before writing: no field, detection without conditions, wrong project, not a metric monitor", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    expect(textOf(await tools.call("update_metric_monitor", base))).toMatch(
      /^Input error: Pass at least one field to change: name, description/,
    );
    expect(
      textOf(
        await tools.call("update_metric_monitor", {
          ...base,
          config: { detectionType: "dynamic" },
        }),
      ),
    ).toMatch(/needs a matching conditionGroup/);
    expect(
      textOf(
        await tools.call("update_metric_monitor", { ...base, projectSlug: "frontend", name: "x" }),
      ),
    ).toBe(
      "Input error: Metric monitor 70012 belongs to project backend, not frontend; projectSlug only scopes the call, it does not move the monitor.",
    );
    expect(
      textOf(
        await tools.call("update_metric_monitor", {
          organizationSlug: "acme",
          monitorId: "70001",
          name: "x",
        }),
      ),
    ).toMatch(/^Input error: Monitor 70001 is not a metric monitor/);
    expect(
      textOf(
        await tools.call("update_metric_monitor", {
          organizationSlug: "acme",
          monitorId: "79999",
          name: "x",
        }),
      ),
    ).toBe(
      "Input error: No metric monitor 79999 in acme (wrong ID, or already deleted); find_metric_monitors lists them.",
    );
    expect(rec.writes()).toEqual([]);
  });
});
