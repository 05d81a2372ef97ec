/**
 * Seed: what an alert (workflow) can be built from in acme. The notification actions its
 * integrations offer (`GET /organizations/{org}/available-actions/`), the condition types of
 * triggers and action filters (`GET /organizations/{org}/data-conditions/?group=`), the Slack
 * channels the Slack integration resolves by name, and each project's issue-stream monitor (the
 * source that connects an alert to all issues of a project; Sentry creates one per project).
 */

import type { DetectorRecord } from "./alerts.js";
import { ACME_ORG_ID } from "./organizations.js";
import type { JsonObject } from "./types.js";
import { ago, DAY } from "./util.js";

const targetConfig = (targets: string[]): JsonObject => ({
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  properties: {
    target_identifier: { type: ["string", "null"] },
    target_display: { type: ["string", "null"] },
    target_type: { type: ["integer"], enum: targets.map(Number) },
  },
});

const tagsNotes: JsonObject = {
  type: "object",
  properties: { tags: { type: "string" }, notes: { type: "string" } },
  additionalProperties: false,
};

/** The org's notification actions, in the order Sentry lists them. */
export function availableActions(): JsonObject[] {
  return [
    {
      type: "email",
      handlerGroup: "notification",
      configSchema: targetConfig(["1", "2", "4"]),
      dataSchema: {
        type: "object",
        properties: {
          fallthroughType: { type: "string", enum: ["AllMembers", "ActiveMembers", "NoOne"] },
        },
        additionalProperties: false,
      },
    },
    {
      type: "slack",
      handlerGroup: "notification",
      configSchema: targetConfig(["0"]),
      dataSchema: tagsNotes,
      integrations: [{ id: "4410", name: "acme-corp" }],
    },
    {
      type: "msteams",
      handlerGroup: "notification",
      configSchema: targetConfig(["0"]),
      dataSchema: { type: "object", properties: {}, additionalProperties: false },
      integrations: [{ id: "4440", name: "Acme Engineering" }],
    },
    {
      type: "pagerduty",
      handlerGroup: "notification",
      configSchema: targetConfig(["0"]),
      dataSchema: {
        type: "object",
        properties: {
          priority: { type: "string", enum: ["critical", "error", "warning", "info"] },
        },
        additionalProperties: false,
      },
      integrations: [
        {
          id: "4420",
          name: "acme-pd",
          services: [
            { id: "7731", name: "Backend on-call" },
            { id: "7732", name: "Mobile on-call" },
          ],
        },
      ],
    },
    {
      type: "discord",
      handlerGroup: "notification",
      configSchema: targetConfig(["0"]),
      dataSchema: tagsNotes,
      integrations: [{ id: "4430", name: "Acme Community" }],
    },
    {
      type: "jira",
      handlerGroup: "ticket_creation",
      configSchema: targetConfig(["0"]),
      dataSchema: {
        type: "object",
        properties: { dynamic_form_fields: { type: "array" }, additional_fields: {} },
      },
      integrations: [{ id: "3100001", name: "acme.atlassian.net" }],
    },
    {
      type: "webhook",
      handlerGroup: "other",
      configSchema: targetConfig(["0"]),
      dataSchema: { type: "object", properties: {}, additionalProperties: false },
      services: [{ slug: "webhooks", name: "(Legacy) Webhooks" }],
    },
    {
      type: "sentry_app",
      handlerGroup: "other",
      configSchema: targetConfig(["3"]),
      dataSchema: {
        type: "object",
        properties: { settings: { type: "array" } },
      },
      sentryApp: {
        id: "5120",
        name: "Linear",
        installationId: "5121",
        installationUuid: "5b1c9e1e-0d8a-4a55-9b7e-2f1d3c4a5b60",
        status: "installed",
        settings: {
          type: "alert-rule-settings",
          uri: "/sentry/alert-rule-action",
          required_fields: [
            {
              type: "select",
              name: "team",
              label: "Linear team",
              options: [
                ["ENG", "Engineering"],
                ["OPS", "Operations"],
              ],
            },
          ],
        },
        title: "Create a Linear issue",
      },
    },
  ];
}

const bool: JsonObject = { type: "boolean" };
const interval: JsonObject = { type: "string", enum: ["1m", "5m", "15m", "1h", "1d", "1w", "30d"] };
const count = (extra: JsonObject = {}): JsonObject => ({
  type: "object",
  properties: { value: { type: "integer", minimum: 0 }, interval, ...extra },
  required: ["value", "interval"],
  additionalProperties: false,
});

const TRIGGERS: Array<[string, JsonObject]> = [
  ["first_seen_event", bool],
  ["regression_event", bool],
  ["reappeared_event", bool],
  ["issue_resolved_trigger", bool],
  ["new_high_priority_issue", bool],
  ["existing_high_priority_issue", bool],
];

const FILTERS: Array<[string, JsonObject]> = [
  [
    "age_comparison",
    {
      type: "object",
      properties: {
        comparison_type: { type: "string", enum: ["older", "newer"] },
        value: { type: "integer", minimum: 0 },
        time: { type: "string", enum: ["minute", "hour", "day", "week"] },
      },
      required: ["comparison_type", "value", "time"],
    },
  ],
  [
    "assigned_to",
    {
      type: "object",
      properties: {
        target_type: { type: "string", enum: ["Unassigned", "Team", "Member"] },
        target_identifier: { type: ["integer", "string"] },
      },
      required: ["target_type"],
    },
  ],
  ["event_frequency_count", count()],
  ["event_frequency_percent", count({ comparison_interval: interval })],
  ["event_unique_user_frequency_count", count({ filters: { type: "array" } })],
  [
    "issue_occurrences",
    {
      type: "object",
      properties: { value: { type: "integer", minimum: 0 } },
      required: ["value"],
    },
  ],
  ["issue_priority_greater_or_equal", { type: "integer", enum: [25, 50, 75] }],
  ["issue_priority_deescalating", bool],
  ["latest_release", bool],
  [
    "level",
    {
      type: "object",
      properties: {
        level: { type: "integer", enum: [0, 10, 20, 30, 40, 50] },
        match: { type: "string", enum: ["eq", "gte", "lte"] },
      },
      required: ["level", "match"],
    },
  ],
  [
    "tagged_event",
    {
      type: "object",
      properties: {
        key: { type: "string" },
        match: { type: "string", enum: ["eq", "ne", "sw", "ew", "co", "nc", "is", "ns"] },
        value: { type: "string" },
      },
      required: ["key", "match"],
    },
  ],
];

/** Condition types by handler group, as `/data-conditions/?group=` lists them. */
export function dataConditions(): JsonObject[] {
  const of = (group: string, list: Array<[string, JsonObject]>) =>
    list.map(([type, comparisonJsonSchema]) => ({
      type,
      handlerGroup: group,
      ...(group === "action_filter" ? { handlerSubgroup: "issue_attributes" } : {}),
      comparisonJsonSchema,
    }));
  return [...of("workflow_trigger", TRIGGERS), ...of("action_filter", FILTERS)];
}

/** Slack channels by name, per integration: Sentry resolves `targetDisplay` to the channel ID. */
export const SLACK_CHANNELS: Record<string, Record<string, string>> = {
  "4410": {
    "#backend-alerts": "C04BK2X9L",
    "#checkout-alerts": "C07CHK0UT",
    "#on-call": "C02ONC4LL",
    "#frontend": "C05FR0NT1",
  },
};

/** One issue-stream monitor per acme project (ids 70101..). */
export function issueStreamDetectors(now: Date): DetectorRecord[] {
  const projects: Array<[string, string]> = [
    ["70101", "4500011"],
    ["70102", "4500012"],
    ["70103", "4500013"],
    ["70104", "4500014"],
  ];
  return projects.map(([id, projectId]) => ({
    id,
    orgId: ACME_ORG_ID,
    projectId,
    name: "Issue Stream",
    description: null,
    type: "issue_stream",
    workflowIds: [],
    owner: null,
    createdBy: null,
    dateCreated: ago(now, 400 * DAY),
    dateUpdated: ago(now, 400 * DAY),
    dataSources: null,
    conditionGroup: null,
    config: {},
    enabled: true,
    latestGroupId: null,
  }));
}
