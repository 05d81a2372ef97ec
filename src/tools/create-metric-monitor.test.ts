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

/** "page me when p95 of checkout goes over 2 s": a static threshold on span durations. */
const p95 = {
  organizationSlug: "acme",
  projectSlug: "backend",
  name: "Checkout p95 over 2s",
  query: {
    dataset: "events_analytics_platform",
    query: "transaction:/api/v2/orders/*/checkout/",
    aggregate: "p95(span.duration)",
    eventTypes: ["trace_item_span"],
    timeWindowSeconds: 300,
  },
  config: { detectionType: "static" },
  conditionGroup: {
    conditions: [
      { type: "gt", comparison: 2000, conditionResult: 75 },
      { type: "lte", comparison: 2000, conditionResult: 0 },
    ],
  },
  workflowIds: ["81001"],
};

describe("create_metric_monitor", () => {
  it("creates a static monitor, sends Sentry's detector body, and find/get show it", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const out = await tools.structured("create_metric_monitor", p95);
    expect(json(out)).toMatchInlineSnapshot(`
      {
        "changed": true,
        "monitor": {
          "conditions": [
            {
              "comparison": 2000,
              "conditionResult": 75,
              "type": "gt",
            },
            {
              "comparison": 2000,
              "conditionResult": 0,
              "type": "lte",
            },
          ],
          "config": {
            "comparisonDeltaSeconds": null,
            "detectionType": "static",
          },
          "description": null,
          "id": "70105",
          "name": "Checkout p95 over 2s",
          "owner": null,
          "project": "backend",
          "query": {
            "aggregate": "p95(span.duration)",
            "dataset": "events_analytics_platform",
            "environment": null,
            "eventTypes": [
              "trace_item_span",
            ],
            "query": "transaction:/api/v2/orders/*/checkout/",
            "timeWindowSeconds": 300,
          },
          "status": "active",
          "url": "https://sentry.example/organizations/acme/monitors/70105/",
          "workflowIds": [
            "81001",
          ],
        },
        "organization": "acme",
        "summary": "Created metric monitor Checkout p95 over 2s (ID 70105) in backend, active, connected to alert 81001.",
      }
    `);
    expect(rec.writes()).toEqual([
      {
        method: "POST",
        path: "/api/0/organizations/acme/projects/backend/detectors/",
        query: "",
        body: {
          type: "metric_issue",
          name: "Checkout p95 over 2s",
          config: { detectionType: "static", comparisonDelta: null },
          conditionGroup: {
            logicType: "any",
            conditions: [
              { type: "gt", comparison: 2000, conditionResult: 75 },
              { type: "lte", comparison: 2000, conditionResult: 0 },
            ],
          },
          dataSources: [
            {
              dataset: "events_analytics_platform",
              query: "transaction:/api/v2/orders/*/checkout/",
              aggregate: "p95(span.duration)",
              environment: null,
              eventTypes: ["trace_item_span"],
              timeWindow: 300,
            },
          ],
          workflowIds: ["81001"],
        },
      },
    ]);
    const id = (out as { monitor: { id: string } }).monitor.id;
    const found = await tools.text("find_metric_monitors", {
      organizationSlug: "acme",
      projectSlug: "backend",
      query: "Checkout p95",
    });
    expect(found).toContain(`**ID**: ${id}`);
    const details = await tools.text("get_metric_monitor_details", {
      organizationSlug: "acme",
      monitorId: id,
    });
    expect(details).toContain("High priority when above `2000`");
    expect(details).toContain("Page on-call for high-priority backend issues (alert ID 81001");
  });

  it("reports a monitor that already exists instead of creating a twin", async () => {
    const rec = recordingFetch();
    const out = (await toolCaller(sandbox, { fetch: rec.fetch }).structured(
      "create_metric_monitor",
      p95,
    )) as { changed: boolean; summary: string };
    expect(out.changed).toBe(false);
    expect(out.summary).toMatch(
      /^Already exists: metric monitor Checkout p95 over 2s \(ID \d+\) in backend/,
    );
    expect(rec.writes()).toEqual([]);
  });

  it("creates percent and dynamic detection", async () => {
    const tools = toolCaller(sandbox);
    const percent = (await tools.structured("create_metric_monitor", {
      ...p95,
      name: "Checkout errors up 50% on last week",
      query: {
        dataset: "events",
        query: "level:error",
        aggregate: "count()",
        eventTypes: ["error"],
        timeWindowSeconds: 3600,
      },
      config: { detectionType: "percent", comparisonDeltaSeconds: 604800 },
      conditionGroup: {
        conditions: [
          { type: "gt", comparison: 150, conditionResult: 75 },
          { type: "lte", comparison: 150, conditionResult: 0 },
        ],
      },
      workflowIds: [],
    })) as { monitor: { config: unknown; workflowIds: string[] }; summary: string };
    expect(percent.monitor.config).toEqual({
      detectionType: "percent",
      comparisonDeltaSeconds: 604800,
    });
    expect(percent.summary).toMatch(/not connected to any alert yet/);
    const dynamic = (await tools.structured("create_metric_monitor", {
      ...p95,
      name: "Checkout latency anomalies",
      config: { detectionType: "dynamic" },
      conditionGroup: {
        conditions: [
          {
            type: "anomaly_detection",
            comparison: { sensitivity: "high", seasonality: "auto", thresholdType: 0 },
            conditionResult: 75,
          },
        ],
      },
    })) as { monitor: { config: unknown; conditions: unknown[] } };
    expect(dynamic.monitor).toMatchObject({
      config: { detectionType: "dynamic", comparisonDeltaSeconds: null },
      conditions: [{ type: "anomaly_detection", conditionResult: 75 }],
    });
  });

  it("refuses mismatched detection before sending anything", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const noDelta = await tools.call("create_metric_monitor", {
      ...p95,
      name: "x",
      config: { detectionType: "percent" },
    });
    expect(textOf(noDelta)).toMatch(/Percent detection needs config.comparisonDeltaSeconds/);
    const mixed = await tools.call("create_metric_monitor", {
      ...p95,
      name: "x",
      config: { detectionType: "dynamic" },
    });
    expect(textOf(mixed)).toMatch(
      /Dynamic detection takes exactly one anomaly_detection condition/,
    );
    const badResult = await tools.call("create_metric_monitor", {
      ...p95,
      conditionGroup: { conditions: [{ type: "gt", comparison: 1, conditionResult: 80 }] },
    });
    expect(textOf(badResult)).toMatch(
      /^Input error: Invalid arguments for create_metric_monitor: .*conditionResult/,
    );
    expect(rec.writes()).toEqual([]);
  });

  it("names the field and the fix when Sentry rejects the query", async () => {
    const out = await toolCaller(sandbox).call("create_metric_monitor", {
      ...p95,
      name: "Odd window",
      query: { ...p95.query, timeWindowSeconds: 420 },
    });
    expect(textOf(out)).toMatchInlineSnapshot(
      `"Input error: Sentry rejected the request to create metric monitor "Odd window" in backend. \`dataSources\`: Invalid timeWindow: 420. Choose one of 60, 300, 600, 900, 1800, 3600, 7200, 14400, 86400 seconds. Check query: dataset, a non-empty aggregate valid for it, and timeWindowSeconds of 60, 300, 600, 900, 1800, 3600, 7200, 14400 or 86400."`,
    );
  });
});
