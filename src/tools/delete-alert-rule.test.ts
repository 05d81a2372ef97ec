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

describe("delete_alert_rule", () => {
  it("deletes an alert and keeps its monitors; the alert is gone for the next read", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const out = await tools.structured("delete_alert_rule", {
      organizationSlug: "acme",
      ruleId: "81002",
    });
    expect(json(out)).toMatchInlineSnapshot(`
      {
        "changed": true,
        "deleted": {
          "actionFilters": [
            {
              "actions": [
                {
                  "config": {
                    "targetIdentifier": "4500101",
                    "targetType": "team",
                  },
                  "data": {},
                  "id": "990011",
                  "integrationId": null,
                  "type": "email",
                },
                {
                  "config": {
                    "targetDisplay": "#checkout-alerts",
                    "targetIdentifier": "C07CHK0UT",
                    "targetType": "specific",
                  },
                  "data": {
                    "notes": "Runbook: https://runbooks.acme.example/checkout",
                    "tags": "",
                  },
                  "id": "990012",
                  "integrationId": "4410",
                  "type": "slack",
                },
              ],
              "conditions": [],
              "id": "990013",
              "logicType": "any-short",
            },
          ],
          "detectorIds": [
            "70012",
            "70013",
          ],
          "environment": null,
          "frequencyMinutes": 5,
          "id": "81002",
          "name": "Notify checkout owners on metric alerts",
          "owner": "team:4500101",
          "status": "active",
          "triggers": {
            "conditions": [
              {
                "comparison": 75,
                "conditionResult": true,
                "id": "990008",
                "type": "issue_priority_greater_or_equal",
              },
              {
                "comparison": true,
                "conditionResult": true,
                "id": "990009",
                "type": "issue_priority_deescalating",
              },
            ],
            "id": "990010",
            "logicType": "any-short",
          },
          "url": "https://sentry.example/organizations/acme/monitors/alerts/81002/",
        },
        "keptMonitors": [
          {
            "id": "70012",
            "name": "Checkout error spike",
            "project": "backend",
            "type": "metric_issue",
          },
          {
            "id": "70013",
            "name": "Slow checkout API (p95)",
            "project": "backend",
            "type": "metric_issue",
          },
        ],
        "organization": "acme",
        "ruleId": "81002",
        "summary": "Deleted alert "Notify checkout owners on metric alerts" (ID 81002); it notifies nobody now. Its monitors are kept (deleting an alert never deletes monitors): Checkout error spike (metric monitor 70012, backend), Slow checkout API (p95) (metric monitor 70013, backend).",
      }
    `);
    expect(rec.writes()).toMatchInlineSnapshot(`
      [
        {
          "body": undefined,
          "method": "DELETE",
          "path": "/api/0/organizations/acme/workflows/81002/",
          "query": "",
        },
      ]
    `);
    const gone = await tools.call("get_alert_rule", {
      organizationSlug: "acme",
      kind: "issue",
      ruleIdOrName: "81002",
    });
    expect(gone.isError).toBe(true);
    const monitor = await tools.text("get_metric_monitor_details", {
      organizationSlug: "acme",
      monitorId: "70012",
    });
    expect(monitor).toContain("Checkout error spike");
    expect(sandbox.store.alerts.detectors.find((d) => d.id === "70012")?.workflowIds).toEqual([]);
  });

  it("says when the alert is already gone, without writing", async () => {
    const rec = recordingFetch();
    const again = await toolCaller(sandbox, { fetch: rec.fetch }).call("delete_alert_rule", {
      organizationSlug: "acme",
      ruleId: "81002",
    });
    expect(textOf(again)).toMatchInlineSnapshot(
      `"Input error: No alert with ID 81002 in acme (wrong ID, or already deleted); find_alert_rules lists them."`,
    );
    expect(rec.writes()).toEqual([]);
  });

  it("refuses a non-numeric ID before any request", async () => {
    const rec = recordingFetch();
    const out = await toolCaller(sandbox, { fetch: rec.fetch }).call("delete_alert_rule", {
      organizationSlug: "acme",
      ruleId: "Page on-call",
    });
    expect(textOf(out)).toMatchInlineSnapshot(
      `"Input error: Invalid arguments for delete_alert_rule: ruleId: must be a numeric alert ID"`,
    );
    expect(rec.sent).toEqual([]);
  });

  it("upstream 403 and 409 leave the alert in place", async () => {
    const args = { organizationSlug: "acme", ruleId: "81001" };
    const denied = await toolCaller(sandbox, { fetch: readOnlyTokenFetch }).call(
      "delete_alert_rule",
      args,
    );
    expect(textOf(denied)).toMatch(/refused to delete alert 81001: the token lacks `alerts:write`/);
    let deletes = 0;
    const conflict = await toolCaller(sandbox, {
      fetch: failingFetch((m) => m === "DELETE" && ++deletes > 0, 409, {
        detail: "This alert is being changed.",
      }),
    }).call("delete_alert_rule", args);
    expect(textOf(conflict)).toMatchInlineSnapshot(
      `"Input error: Sentry refused to delete alert 81001: This alert is being changed. Read the alert again (get_alert_rule) and retry."`,
    );
    expect(deletes).toBe(1);
    expect(sandbox.store.alerts.workflows.some((w) => w.id === "81001")).toBe(true);
  });

  it("under a project pin, deletes only alerts wholly in the pinned project", async () => {
    const rec = recordingFetch();
    const pinned = toolCaller(sandbox, {
      fetch: rec.fetch,
      constraints: { organizationSlug: "acme", projectSlug: "frontend" },
    });
    const other = await pinned.call("delete_alert_rule", { ruleId: "81001" });
    expect(textOf(other)).toMatchInlineSnapshot(
      `"Input error: This session is limited to project "frontend"; alert 81001 (\`Page on-call for high-priority backend issues\`) also covers other projects. Use an organization-wide session."`,
    );
    const mismatch = await toolCaller(sandbox, { fetch: rec.fetch }).call("delete_alert_rule", {
      organizationSlug: "acme",
      projectSlug: "frontend",
      ruleId: "81001",
    });
    expect(textOf(mismatch)).toMatchInlineSnapshot(
      `"Input error: Alert 81001 (\`Page on-call for high-priority backend issues\`) is not connected to project frontend."`,
    );
    expect(rec.writes()).toEqual([]);
    const own = await pinned.structured("delete_alert_rule", { ruleId: "81003" });
    expect(json(own).summary).toMatchInlineSnapshot(
      `"Deleted alert "Frequent frontend errors on Chrome" (ID 81003); it notifies nobody now. Its monitors are kept (deleting an alert never deletes monitors): error issues of frontend (monitor 70002)."`,
    );
  });

  it("asks for confirmation where the client can, and is refused read-only or without the skill", async () => {
    const tool = toolCaller(sandbox)
      .catalog.tools()
      .find((t) => t.name === "delete_alert_rule");
    expect(tool?.annotations.destructiveHint).toBe(true);
    const args = { organizationSlug: "acme", ruleId: "81004" };
    const ro = await toolCaller(sandbox, { readOnly: true }).call("delete_alert_rule", args);
    expect(textOf(ro)).toBe(
      "Input error: delete_alert_rule is not available in this session: the session is read-only.",
    );
    const noSkill = await toolCaller(sandbox, { skills: ["inspect"] }).call(
      "delete_alert_rule",
      args,
    );
    expect(textOf(noSkill)).toMatch(/needs the project-management skill/);
  });
});
