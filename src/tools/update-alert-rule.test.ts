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
const org = { organizationSlug: "acme" };

describe("update_alert_rule", () => {
  it("enables an alert, changes its interval and owner and adds a project, answering before → after", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const out = await tools.structured("update_alert_rule", {
      ...org,
      ruleIdOrName: "Frequent frontend errors on Chrome",
      status: "active",
      frequencyMinutes: 60,
      owner: "team:4500101",
      addProjectSlugs: ["mobile-app"],
    });
    expect(json(out)).toMatchInlineSnapshot(`
      {
        "after": {
          "actionFilters": [
            {
              "actions": [
                {
                  "config": {
                    "targetIdentifier": "100003",
                    "targetType": "user",
                  },
                  "data": {},
                  "id": "990020",
                  "integrationId": null,
                  "type": "email",
                },
                {
                  "config": {
                    "targetType": "issue_owners",
                  },
                  "data": {
                    "fallthroughType": "ActiveMembers",
                  },
                  "id": "990021",
                  "integrationId": null,
                  "type": "email",
                },
              ],
              "conditions": [
                {
                  "comparison": {
                    "interval": "1h",
                    "value": 100,
                  },
                  "conditionResult": true,
                  "id": "990017",
                  "type": "event_frequency_count",
                },
                {
                  "comparison": {
                    "key": "browser.name",
                    "match": "eq",
                    "value": "Chrome",
                  },
                  "conditionResult": true,
                  "id": "990018",
                  "type": "tagged_event",
                },
                {
                  "comparison": {
                    "level": 40,
                    "match": "gte",
                  },
                  "conditionResult": true,
                  "id": "990019",
                  "type": "level",
                },
              ],
              "id": "990022",
              "logicType": "all",
            },
          ],
          "detectorIds": [
            "70002",
            "70103",
          ],
          "environment": null,
          "frequencyMinutes": 60,
          "id": "81003",
          "name": "Frequent frontend errors on Chrome",
          "owner": "team:4500101",
          "status": "active",
          "triggers": {
            "conditions": [
              {
                "comparison": true,
                "conditionResult": true,
                "id": "990014",
                "type": "first_seen_event",
              },
              {
                "comparison": true,
                "conditionResult": true,
                "id": "990015",
                "type": "regression_event",
              },
            ],
            "id": "990016",
            "logicType": "any-short",
          },
          "url": "https://sentry.example/organizations/acme/monitors/alerts/81003/",
        },
        "before": {
          "actionFilters": [
            {
              "actions": [
                {
                  "config": {
                    "targetIdentifier": "100003",
                    "targetType": "user",
                  },
                  "data": {},
                  "id": "990020",
                  "integrationId": null,
                  "type": "email",
                },
                {
                  "config": {
                    "targetType": "issue_owners",
                  },
                  "data": {
                    "fallthroughType": "ActiveMembers",
                  },
                  "id": "990021",
                  "integrationId": null,
                  "type": "email",
                },
              ],
              "conditions": [
                {
                  "comparison": {
                    "interval": "1h",
                    "value": 100,
                  },
                  "conditionResult": true,
                  "id": "990017",
                  "type": "event_frequency_count",
                },
                {
                  "comparison": {
                    "key": "browser.name",
                    "match": "eq",
                    "value": "Chrome",
                  },
                  "conditionResult": true,
                  "id": "990018",
                  "type": "tagged_event",
                },
                {
                  "comparison": {
                    "level": 40,
                    "match": "gte",
                  },
                  "conditionResult": true,
                  "id": "990019",
                  "type": "level",
                },
              ],
              "id": "990022",
              "logicType": "all",
            },
          ],
          "detectorIds": [
            "70002",
          ],
          "environment": null,
          "frequencyMinutes": 1440,
          "id": "81003",
          "name": "Frequent frontend errors on Chrome",
          "owner": null,
          "status": "disabled",
          "triggers": {
            "conditions": [
              {
                "comparison": true,
                "conditionResult": true,
                "id": "990014",
                "type": "first_seen_event",
              },
              {
                "comparison": true,
                "conditionResult": true,
                "id": "990015",
                "type": "regression_event",
              },
            ],
            "id": "990016",
            "logicType": "any-short",
          },
          "url": "https://sentry.example/organizations/acme/monitors/alerts/81003/",
        },
        "changed": true,
        "changes": [
          "status: disabled → active",
          "frequencyMinutes: 1440 → 60",
          "owner: none → team:4500101",
          "sources: +all issues of mobile-app",
        ],
        "organization": "acme",
        "sources": [
          {
            "id": "70002",
            "name": "Error Monitor",
            "project": "frontend",
            "type": "error",
          },
          {
            "id": "70103",
            "name": "Issue Stream",
            "project": "mobile-app",
            "type": "issue_stream",
          },
        ],
        "summary": "Updated alert "Frequent frontend errors on Chrome" (ID 81003): status: disabled → active; frequencyMinutes: 1440 → 60; owner: none → team:4500101; sources: +all issues of mobile-app.",
      }
    `);
    expect(json(out).after.detectorIds).toEqual(["70002", "70103"]);
    expect(rec.writes()).toMatchInlineSnapshot(`
      [
        {
          "body": {
            "config": {
              "frequency": 60,
            },
            "detectorIds": [
              "70002",
              "70103",
            ],
            "enabled": true,
            "name": "Frequent frontend errors on Chrome",
            "owner": "team:4500101",
          },
          "method": "PUT",
          "path": "/api/0/organizations/acme/workflows/81003/",
          "query": "",
        },
      ]
    `);
    const read = await tools.text("get_alert_rule", { ...org, ruleIdOrName: "81003" });
    expect(read).toContain("**Status**: enabled");
    expect(read).toMatch(/\*\*Action interval\*\*: at most once every (1 |an? )?hour per issue/);
  });

  it("replaces triggers and action groups, keeping component ids it is given", async () => {
    const tools = toolCaller(sandbox);
    const current = sandbox.store.alerts.workflows.find((w) => w.id === "81002")!;
    const group = structuredClone(current.actionFilters[0]) as {
      id: string;
      actions: Array<{ id: string; config: Record<string, unknown> }>;
    };
    // Move the Slack action to another channel: the copied channel ID must not stick.
    group.actions[1].config = { ...group.actions[1].config, targetDisplay: "#backend-alerts" };
    const out = await tools.structured("update_alert_rule", {
      ...org,
      ruleIdOrName: "81002",
      triggers: {
        logicType: "any-short",
        conditions: [{ type: "regression_event", comparison: true, conditionResult: true }],
      },
      actionFilters: [group],
    });
    expect(json(out).changes).toMatchInlineSnapshot(`
      [
        "triggers: issue_priority_greater_or_equal, issue_priority_deescalating → regression_event",
        "actionFilters: [email 4500101, slack #checkout-alerts] → [email 4500101, slack #backend-alerts]",
      ]
    `);
    const slack = json(out).after.actionFilters[0].actions[1];
    expect(slack.id).toBe(group.actions[1].id);
    expect(slack.config.targetIdentifier).toBe("C04BK2X9L");
  });

  it("reports an already-applied change without writing", async () => {
    const rec = recordingFetch();
    const out = await toolCaller(sandbox, { fetch: rec.fetch }).structured("update_alert_rule", {
      ...org,
      ruleIdOrName: "81001",
      status: "active",
      environment: "production",
      frequencyMinutes: 30,
      addDetectorIds: ["70001"],
    });
    expect(json(out).summary).toMatchInlineSnapshot(
      `"Nothing to change: alert "Page on-call for high-priority backend issues" (ID 81001) already has these values."`,
    );
    expect(rec.writes()).toEqual([]);
  });

  it("disconnects a monitor; the monitor stays and forgets the alert", async () => {
    const out = await toolCaller(sandbox).structured("update_alert_rule", {
      ...org,
      ruleIdOrName: "81004",
      removeDetectorIds: ["70015"],
    });
    expect(json(out).changes).toMatchInlineSnapshot(`
      [
        "sources: −Mobile crash anomalies (metric monitor 70015, mobile-app)",
      ]
    `);
    const monitor = sandbox.store.alerts.detectors.find((d) => d.id === "70015");
    expect(monitor?.workflowIds).toEqual([]);
  });

  it("refuses bad input before any request", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    expect(
      textOf(await tools.call("update_alert_rule", { ...org, ruleIdOrName: "81001" })),
    ).toMatchInlineSnapshot(
      `"Input error: Pass at least one field to change: name, status, frequencyMinutes, environment, owner, triggers, actionFilters, addProjectSlugs, removeProjectSlugs, addDetectorIds, removeDetectorIds."`,
    );
    expect(
      textOf(
        await tools.call("update_alert_rule", {
          ...org,
          ruleIdOrName: "81001",
          addDetectorIds: [],
        }),
      ),
    ).toMatchInlineSnapshot(
      `"Input error: Invalid arguments for update_alert_rule: addDetectorIds: Too small: expected array to have >=1 items"`,
    );
    expect(rec.sent).toEqual([]);
  });

  it("names a missing alert (by ID or name) and a source both added and removed", async () => {
    const tools = toolCaller(sandbox);
    expect(
      textOf(await tools.call("update_alert_rule", { ...org, ruleIdOrName: "89999", name: "x" })),
    ).toMatchInlineSnapshot(
      `"Input error: No alert with ID 89999 in acme (wrong ID, or already deleted); find_alert_rules lists them."`,
    );
    expect(
      textOf(await tools.call("update_alert_rule", { ...org, ruleIdOrName: "No such", name: "x" })),
    ).toMatchInlineSnapshot(
      `"Input error: No alert is named "No such"; find_alert_rules lists them."`,
    );
    expect(
      textOf(
        await tools.call("update_alert_rule", {
          ...org,
          ruleIdOrName: "81001",
          addDetectorIds: ["70012"],
          removeDetectorIds: ["70012"],
        }),
      ),
    ).toMatchInlineSnapshot(`"Input error: Source 70012 cannot be added and removed in one call."`);
  });

  it("upstream 400, 403 and 409 name the field, the scope and the fix", async () => {
    const args = { ...org, ruleIdOrName: "81001", name: "Renamed" };
    const denied = await toolCaller(sandbox, { fetch: readOnlyTokenFetch }).call(
      "update_alert_rule",
      args,
    );
    expect(textOf(denied)).toMatch(/refused to update alert 81001: the token lacks `alerts:write`/);
    const badOwner = await toolCaller(sandbox).call("update_alert_rule", {
      ...args,
      owner: "user:999999",
    });
    expect(textOf(badOwner)).toMatchInlineSnapshot(
      `"Input error: Sentry rejected the request to update alert 81001. \`owner\`: Could not resolve owner "user:999999". Use user:ID or team:ID of a member or team of the organization (find_teams lists teams)."`,
    );
    let puts = 0;
    const conflict = await toolCaller(sandbox, {
      fetch: failingFetch((m) => m === "PUT" && ++puts > 0, 409, {
        detail: "The alert was changed by someone else.",
      }),
    }).call("update_alert_rule", args);
    expect(textOf(conflict)).toMatchInlineSnapshot(
      `"Input error: Sentry refused to update alert 81001: The alert was changed by someone else. Read the alert again (get_alert_rule) and retry from its current state."`,
    );
    expect(puts).toBe(1);
    expect(sandbox.store.alerts.workflows.find((w) => w.id === "81001")?.name).not.toBe("Renamed");
  });

  it("under a project pin, changes only alerts wholly in the pinned project", async () => {
    const rec = recordingFetch();
    const pinned = toolCaller(sandbox, {
      fetch: rec.fetch,
      constraints: { organizationSlug: "acme", projectSlug: "frontend" },
    });
    const other = await pinned.call("update_alert_rule", { ruleIdOrName: "81001", name: "x" });
    expect(textOf(other)).toMatchInlineSnapshot(
      `"Input error: This session is limited to project "frontend"; alert 81001 (\`Page on-call for high-priority backend issues\`) also covers other projects. Use an organization-wide session."`,
    );
    const own = await pinned.structured("create_alert_rule", {
      name: "Frontend only",
      projectSlugs: ["frontend"],
      actionFilters: [],
    });
    const widening = await pinned.call("update_alert_rule", {
      ruleIdOrName: json(own).alertRule.id,
      addProjectSlugs: ["backend"],
    });
    expect(textOf(widening)).toMatchInlineSnapshot(
      `"Input error: This session is limited to project "frontend"; monitor 70101 (\`Issue Stream\`) is not in it."`,
    );
    expect(rec.writes().map((w) => w.method)).toEqual(["POST"]);
  });

  it("is refused in read-only sessions and without the project-management skill", async () => {
    const args = { ...org, ruleIdOrName: "81001", name: "x" };
    const ro = await toolCaller(sandbox, { readOnly: true }).call("update_alert_rule", args);
    expect(textOf(ro)).toBe(
      "Input error: update_alert_rule is not available in this session: the session is read-only.",
    );
    const noSkill = await toolCaller(sandbox, { skills: ["inspect"] }).call(
      "update_alert_rule",
      args,
    );
    expect(textOf(noSkill)).toMatch(/needs the project-management skill/);
  });
});
