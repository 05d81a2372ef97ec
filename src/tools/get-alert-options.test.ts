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
const org = { organizationSlug: "acme" };

describe("get_alert_options", () => {
  it("lists notification actions with their integrations and the input guide", async () => {
    const out = await toolCaller(sandbox).structured("get_alert_options", {
      ...org,
      section: "actions",
      actionTypes: ["slack", "pagerduty"],
    });
    expect(json(out)).toMatchInlineSnapshot(`
      {
        "actions": [
          {
            "configSchema": {
              "$schema": "https://json-schema.org/draft/2020-12/schema",
              "properties": {
                "target_display": {
                  "type": [
                    "string",
                    "null",
                  ],
                },
                "target_identifier": {
                  "type": [
                    "string",
                    "null",
                  ],
                },
                "target_type": {
                  "enum": [
                    0,
                  ],
                  "type": [
                    "integer",
                  ],
                },
              },
              "type": "object",
            },
            "dataSchema": {
              "additionalProperties": false,
              "properties": {
                "notes": {
                  "type": "string",
                },
                "tags": {
                  "type": "string",
                },
              },
              "type": "object",
            },
            "handlerGroup": "notification",
            "integrations": [
              {
                "id": "4410",
                "name": "acme-corp",
              },
            ],
            "type": "slack",
          },
          {
            "configSchema": {
              "$schema": "https://json-schema.org/draft/2020-12/schema",
              "properties": {
                "target_display": {
                  "type": [
                    "string",
                    "null",
                  ],
                },
                "target_identifier": {
                  "type": [
                    "string",
                    "null",
                  ],
                },
                "target_type": {
                  "enum": [
                    0,
                  ],
                  "type": [
                    "integer",
                  ],
                },
              },
              "type": "object",
            },
            "dataSchema": {
              "additionalProperties": false,
              "properties": {
                "priority": {
                  "enum": [
                    "critical",
                    "error",
                    "warning",
                    "info",
                  ],
                  "type": "string",
                },
              },
              "type": "object",
            },
            "handlerGroup": "notification",
            "integrations": [
              {
                "id": "4420",
                "name": "acme-pd",
                "services": [
                  {
                    "id": "7731",
                    "name": "Backend on-call",
                  },
                  {
                    "id": "7732",
                    "name": "Mobile on-call",
                  },
                ],
              },
            ],
            "type": "pagerduty",
          },
        ],
        "inputGuide": {
          "fieldNames": {
            "fallthrough_type": "fallthroughType",
            "target_display": "targetDisplay",
            "target_identifier": "targetIdentifier",
            "target_type": "targetType",
          },
          "notes": [
            "An action in actionFilters is {type, integrationId, config, data}: config takes the camelCase names above and targetType as its word.",
            "Integration actions need integrationId (and a service id as targetIdentifier where the integration lists services).",
            "Slack and Teams take a channel name in targetDisplay; email takes a user or team ID (find_teams) in targetIdentifier.",
          ],
          "targetTypes": {
            "0": "specific",
            "1": "user",
            "2": "team",
            "3": "sentry_app",
            "4": "issue_owners",
          },
        },
        "nextCursor": null,
        "organization": "acme",
        "section": "actions",
      }
    `);
  });

  it("lists trigger and filter condition types, paged", async () => {
    const tools = toolCaller(sandbox);
    const triggers = await tools.structured("get_alert_options", {
      ...org,
      section: "conditions",
      conditionGroup: "workflow_trigger",
      limit: 4,
    });
    expect(json(triggers)).toMatchInlineSnapshot(`
      {
        "conditionGroup": "workflow_trigger",
        "conditions": [
          {
            "comparisonJsonSchema": {
              "type": "boolean",
            },
            "handlerGroup": "workflow_trigger",
            "type": "first_seen_event",
          },
          {
            "comparisonJsonSchema": {
              "type": "boolean",
            },
            "handlerGroup": "workflow_trigger",
            "type": "regression_event",
          },
          {
            "comparisonJsonSchema": {
              "type": "boolean",
            },
            "handlerGroup": "workflow_trigger",
            "type": "reappeared_event",
          },
          {
            "comparisonJsonSchema": {
              "type": "boolean",
            },
            "handlerGroup": "workflow_trigger",
            "type": "issue_resolved_trigger",
          },
        ],
        "nextCursor": "0:4:0",
        "organization": "acme",
        "section": "conditions",
      }
    `);
    const next = await tools.structured("get_alert_options", {
      ...org,
      section: "conditions",
      conditionGroup: "workflow_trigger",
      limit: 4,
      cursor: (triggers as { nextCursor: string }).nextCursor,
    });
    expect(json(next).conditions.map((c: { type: string }) => c.type)).toEqual([
      "new_high_priority_issue",
      "existing_high_priority_issue",
    ]);
    const filters = await tools.structured("get_alert_options", {
      ...org,
      section: "conditions",
      conditionGroup: "action_filter",
    });
    expect(json(filters).conditions.map((c: { type: string }) => c.type)).toContain("tagged_event");
  });

  it("lists sources of a project, by type and search", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const out = await tools.structured("get_alert_options", {
      ...org,
      section: "sources",
      projectSlug: "backend",
      sourceTypes: ["issue_stream", "metric_issue"],
    });
    expect(json(out)).toMatchInlineSnapshot(`
      {
        "nextCursor": null,
        "organization": "acme",
        "section": "sources",
        "sources": [
          {
            "enabled": true,
            "id": "70012",
            "name": "Checkout error spike",
            "project": "backend",
            "type": "metric_issue",
            "workflowIds": [
              "81002",
            ],
          },
          {
            "enabled": true,
            "id": "70101",
            "name": "Issue Stream",
            "project": "backend",
            "type": "issue_stream",
            "workflowIds": [],
          },
          {
            "enabled": true,
            "id": "70013",
            "name": "Slow checkout API (p95)",
            "project": "backend",
            "type": "metric_issue",
            "workflowIds": [
              "81002",
            ],
          },
        ],
      }
    `);
    const searched = await tools.structured("get_alert_options", {
      ...org,
      section: "sources",
      projectSlug: "all",
      query: "checkout",
    });
    expect(json(searched).sources.map((s: { id: string }) => s.id)).toEqual(["70012", "70013"]);
    expect(
      rec.sent.filter((r) => r.path.endsWith("/detectors/")).map((r) => r.query),
    ).toMatchInlineSnapshot(`
        [
          "query=type%3A%5Bissue_stream%2Cmetric_issue%5D&project=4500011&per_page=25&sortBy=name",
          "query=checkout&per_page=25&sortBy=name",
        ]
      `);
  });

  it("under a project pin, lists only that project's sources", async () => {
    const pinned = toolCaller(sandbox, {
      constraints: { organizationSlug: "acme", projectSlug: "frontend" },
    });
    const out = await pinned.structured("get_alert_options", { section: "sources" });
    expect(json(out).sources.map((s: { project: string }) => s.project)).toEqual([
      "frontend",
      "frontend",
      "frontend",
    ]);
    const other = await pinned.call("get_alert_options", {
      section: "sources",
      projectSlug: "backend",
    });
    expect(textOf(other)).toMatchInlineSnapshot(
      `"Input error: This session is pinned to project "frontend"; projectSlug="backend" is not allowed."`,
    );
  });

  it("refuses filters of another section and conditions without a group", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const texts = await Promise.all(
      [
        { section: "sources", actionTypes: ["slack"] },
        { section: "actions", conditionGroup: "action_filter" },
        { section: "conditions", query: "x", conditionGroup: "action_filter" },
        { section: "conditions" },
        { section: "everything" },
      ].map(async (args) => textOf(await tools.call("get_alert_options", { ...org, ...args }))),
    );
    expect(texts).toMatchInlineSnapshot(`
      [
        "Input error: actionTypes goes with section "actions".",
        "Input error: conditionGroup goes with section "conditions".",
        "Input error: sourceTypes and query go with section "sources".",
        "Input error: section "conditions" needs conditionGroup: workflow_trigger (what starts the alert) or action_filter (filters of an action group).",
        "Input error: Invalid arguments for get_alert_options: section: Invalid option: expected one of "actions"|"conditions"|"sources"",
      ]
    `);
    expect(rec.sent).toEqual([]);
  });

  it("is available read-only and to the inspect skill", async () => {
    const out = await toolCaller(sandbox, { readOnly: true, skills: ["inspect"] }).call(
      "get_alert_options",
      { ...org, section: "actions", actionTypes: ["email"] },
    );
    expect(out.isError).toBeFalsy();
  });

  it("on an install without the workflow API, says so", async () => {
    const out = await toolCaller(sandbox).call("get_alert_options", {
      organizationSlug: "globex",
      section: "actions",
    });
    expect(textOf(out)).toMatchInlineSnapshot(
      `"Input error: This Sentry has no alert workflow API (an older self-hosted install): these alert tools do not apply to it; find_alert_rules and get_alert_rule read its legacy alert rules, and Sentry's web UI changes them."`,
    );
  });
});
