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
const args = { organizationSlug: "acme", monitorId: "70013" };

describe("delete_metric_monitor", () => {
  it("deletes the monitor, keeps its alerts, and the monitor is gone for the next read", async () => {
    const tools = toolCaller(sandbox);
    const out = await tools.structured("delete_metric_monitor", args);
    expect(json(out)).toMatchInlineSnapshot(`
      {
        "changed": true,
        "deleted": {
          "conditions": [
            {
              "comparison": 1200,
              "conditionResult": 75,
              "type": "gt",
            },
            {
              "comparison": 1200,
              "conditionResult": 0,
              "type": "lte",
            },
          ],
          "config": {
            "comparisonDeltaSeconds": null,
            "detectionType": "static",
          },
          "description": null,
          "id": "70013",
          "name": "Slow checkout API (p95)",
          "owner": {
            "id": "100005",
            "name": "kenji.watanabe@acme.example",
            "type": "user",
          },
          "project": "backend",
          "query": {
            "aggregate": "p95(span.duration)",
            "dataset": "events_analytics_platform",
            "environment": "production",
            "eventTypes": [
              "trace_item_span",
            ],
            "query": "span.op:http.server transaction:/api/v2/orders/*/checkout/",
            "timeWindowSeconds": 900,
          },
          "status": "active",
          "url": "https://sentry.example/organizations/acme/monitors/70013/",
          "workflowIds": [
            "81002",
          ],
        },
        "organization": "acme",
        "summary": "Deleted metric monitor Slow checkout API (p95) (ID 70013) from backend. Its alert 81002 remains.",
      }
    `);
    expect(textOf(await tools.call("get_metric_monitor_details", args))).toMatch(/^Not found: /);
    const alert = await tools.text("get_alert_rule", {
      organizationSlug: "acme",
      ruleIdOrName: "81002",
    });
    expect(alert).toContain("81002");
    expect(sandbox.store.alerts.workflows.find((w) => w.id === "81002")?.detectorIds).not.toContain(
      "70013",
    );
  });

  it("names a missing monitor without writing", async () => {
    const rec = recordingFetch();
    const result = await toolCaller(sandbox, { fetch: rec.fetch }).call(
      "delete_metric_monitor",
      args,
    );
    expect(textOf(result)).toBe(
      "Input error: No metric monitor 70013 in acme (wrong ID, or already deleted); find_metric_monitors lists them.",
    );
    expect(rec.writes()).toEqual([]);
  });
});
