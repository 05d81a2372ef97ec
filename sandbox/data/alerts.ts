/**
 * Seed: alerting. acme uses Sentry's current model (workflows = alerts, detectors = monitors);
 * globex plays a self-hosted install that predates it: its workflow/detector routes answer 404
 * and it has legacy issue alert rules and metric alert rules instead.
 */

import { issueStreamDetectors } from "./alert-options.js";
import { legacyIssueRules, legacyMetricRules } from "./alerts-legacy.js";
import { ACME_ORG_ID, GLOBEX_ORG_ID } from "./organizations.js";
import type { JsonObject } from "./types.js";
import { ago, DAY, HOUR, MINUTE } from "./util.js";

/** Orgs whose `/workflows/` and `/detectors/` routes do not exist (old self-hosted Sentry). */
export const LEGACY_ALERT_ORGS: readonly string[] = [GLOBEX_ORG_ID];

export interface WorkflowRecord {
  id: string;
  orgId: string;
  name: string;
  createdBy: string | null;
  dateCreated: string;
  dateUpdated: string;
  triggers: JsonObject | null;
  actionFilters: JsonObject[];
  environment: string | null;
  config: JsonObject;
  detectorIds: string[];
  enabled: boolean;
  lastTriggered: string | null;
  owner: string | null;
}

export interface DetectorRecord {
  id: string;
  orgId: string;
  projectId: string;
  name: string;
  description: string | null;
  type: string;
  workflowIds: string[];
  owner: { type: "user" | "team"; id: string } | null;
  createdBy: string | null;
  dateCreated: string;
  dateUpdated: string;
  dataSources: JsonObject[] | null;
  conditionGroup: JsonObject | null;
  config: JsonObject;
  enabled: boolean;
  /** the detector's most recent issue */
  latestGroupId: string | null;
}

/** A legacy issue alert rule (`/projects/{org}/{project}/rules/`), Sentry-shaped. */
export interface LegacyIssueRuleRecord {
  orgId: string;
  projectId: string;
  rule: JsonObject & { id: string; name: string };
}

/** A legacy metric alert rule (`/organizations/{org}/alert-rules/`), Sentry-shaped. */
export interface LegacyMetricRuleRecord {
  orgId: string;
  projectIds: string[];
  rule: JsonObject & { id: string; name: string };
}

export interface AlertStore {
  workflows: WorkflowRecord[];
  detectors: DetectorRecord[];
  issueRules: LegacyIssueRuleRecord[];
  metricRules: LegacyMetricRuleRecord[];
}

/** Builders of workflow components; their ids are internal (on the wire, useless to users). */
function components() {
  let n = 0;
  const cid = () => String(990000 + ++n);
  return {
    condition: (type: string, comparison: unknown, conditionResult: unknown): JsonObject =>
      ({ id: cid(), type, comparison, conditionResult }) as JsonObject,
    action: (
      type: string,
      config: JsonObject,
      data: JsonObject = {},
      integrationId: string | null = null,
    ): JsonObject => ({ id: cid(), type, integrationId, data, config, status: "active" }),
    group: (
      orgId: string,
      logicType: string,
      conditions: JsonObject[],
      actions: JsonObject[] = [],
    ): JsonObject => ({ id: cid(), organizationId: orgId, logicType, conditions, actions }),
  };
}
type Components = ReturnType<typeof components>;

function snubaSource(orgId: string, n: number, q: JsonObject): JsonObject {
  return {
    id: String(9100 + n),
    organizationId: orgId,
    type: "snuba_query_subscription",
    sourceId: String(61000 + n),
    queryObj: {
      id: String(61000 + n),
      status: 0,
      subscription: `${n}/${(0x5f1c0e7a + n * 7919).toString(16)}`,
      snubaQuery: { id: String(51000 + n), extrapolationMode: "unknown", ...q },
    },
  };
}

function workflows(now: Date, { condition, action, group }: Components): WorkflowRecord[] {
  const o = ACME_ORG_ID;
  return [
    {
      id: "81001",
      orgId: o,
      name: "Page on-call for high-priority backend issues",
      createdBy: "100002",
      dateCreated: ago(now, 180 * DAY),
      dateUpdated: ago(now, 12 * DAY),
      triggers: group(o, "any-short", [
        condition("new_high_priority_issue", true, true),
        condition("existing_high_priority_issue", true, true),
      ]),
      actionFilters: [
        group(
          o,
          "all",
          [
            condition(
              "tagged_event",
              { key: "environment", match: "eq", value: "production" },
              true,
            ),
          ],
          [
            action(
              "pagerduty",
              {
                targetType: "specific",
                targetDisplay: "Backend on-call",
                targetIdentifier: "7731",
              },
              { priority: "critical" },
              "4420",
            ),
            action(
              "slack",
              {
                targetType: "specific",
                targetDisplay: "#backend-alerts",
                targetIdentifier: "C04BK2X9L",
              },
              { tags: "environment,release", notes: "" },
              "4410",
            ),
          ],
        ),
      ],
      environment: "production",
      config: { frequency: 30 },
      detectorIds: ["70001"],
      enabled: true,
      lastTriggered: ago(now, 3 * HOUR),
      owner: "team:4500101",
    },
    {
      id: "81002",
      orgId: o,
      name: "Notify checkout owners on metric alerts",
      createdBy: "100001",
      dateCreated: ago(now, 90 * DAY),
      dateUpdated: ago(now, 90 * DAY),
      triggers: group(o, "any-short", [
        condition("issue_priority_greater_or_equal", 75, true),
        condition("issue_priority_deescalating", true, true),
      ]),
      actionFilters: [
        group(
          o,
          "any-short",
          [],
          [
            action("email", {
              targetType: "team",
              targetDisplay: null,
              targetIdentifier: "4500101",
            }),
            action(
              "slack",
              {
                targetType: "specific",
                targetDisplay: "#checkout-alerts",
                targetIdentifier: "C07CHK0UT",
              },
              { tags: "", notes: "Runbook: https://runbooks.acme.example/checkout" },
              "4410",
            ),
          ],
        ),
      ],
      environment: null,
      config: { frequency: 5 },
      detectorIds: ["70012", "70013"],
      enabled: true,
      lastTriggered: ago(now, 25 * MINUTE),
      owner: "team:4500101",
    },
    {
      id: "81003",
      orgId: o,
      name: "Frequent frontend errors on Chrome",
      createdBy: "100003",
      dateCreated: ago(now, 40 * DAY),
      dateUpdated: ago(now, 2 * DAY),
      triggers: group(o, "any-short", [
        condition("first_seen_event", true, true),
        condition("regression_event", true, true),
      ]),
      actionFilters: [
        group(
          o,
          "all",
          [
            condition("event_frequency_count", { value: 100, interval: "1h" }, true),
            condition("tagged_event", { key: "browser.name", match: "eq", value: "Chrome" }, true),
            condition("level", { level: 40, match: "gte" }, true),
          ],
          [
            action("email", {
              targetType: "user",
              targetDisplay: null,
              targetIdentifier: "100003",
            }),
            action(
              "email",
              { targetType: "issue_owners", targetDisplay: null, targetIdentifier: null },
              { fallthroughType: "ActiveMembers" },
            ),
          ],
        ),
      ],
      environment: null,
      config: { frequency: 1440 },
      detectorIds: ["70002"],
      enabled: false,
      lastTriggered: null,
      owner: null,
    },
    {
      id: "81004",
      orgId: o,
      name: "Mobile crash spike to Discord",
      createdBy: "100004",
      dateCreated: ago(now, 20 * DAY),
      dateUpdated: ago(now, 20 * DAY),
      triggers: group(o, "any-short", [condition("reappeared_event", true, true)]),
      actionFilters: [
        group(
          o,
          "any-short",
          [
            condition(
              "event_unique_user_frequency_count",
              {
                value: 50,
                interval: "15m",
                filters: [{ key: "os.name", match: "eq", value: "Android" }],
              },
              true,
            ),
            condition(
              "event_frequency_percent",
              { value: 200, interval: "1h", comparison_interval: "1d" },
              true,
            ),
          ],
          [
            action(
              "discord",
              {
                targetType: "specific",
                targetDisplay: "mobile-crashes",
                targetIdentifier: "1122334455",
              },
              { tags: "device,os" },
              "4430",
            ),
          ],
        ),
      ],
      environment: "production",
      config: { frequency: 60 },
      detectorIds: ["70003", "70015"],
      enabled: true,
      lastTriggered: ago(now, 2 * DAY),
      owner: "team:4500103",
    },
  ];
}

function detectors(now: Date, { condition, group }: Components): DetectorRecord[] {
  const o = ACME_ORG_ID;
  const errorDetector = (id: string, projectId: string, workflowIds: string[]): DetectorRecord => ({
    id,
    orgId: o,
    projectId,
    name: "Error Monitor",
    description: null,
    type: "error",
    workflowIds,
    owner: null,
    createdBy: null,
    dateCreated: ago(now, 400 * DAY),
    dateUpdated: ago(now, 400 * DAY),
    dataSources: null,
    conditionGroup: null,
    config: {},
    enabled: true,
    latestGroupId: null,
  });
  return [
    errorDetector("70001", "4500011", ["81001"]),
    errorDetector("70002", "4500012", ["81003"]),
    errorDetector("70003", "4500013", ["81004"]),
    {
      id: "70012",
      orgId: o,
      projectId: "4500011",
      name: "Checkout error spike",
      description: "Errors on the checkout endpoint above normal levels.",
      type: "metric_issue",
      workflowIds: ["81002"],
      owner: { type: "team", id: "4500101" },
      createdBy: "100002",
      dateCreated: ago(now, 120 * DAY),
      dateUpdated: ago(now, 14 * DAY),
      dataSources: [
        snubaSource(o, 12, {
          dataset: "events",
          query: "transaction:/api/v2/orders/*/checkout/ level:error",
          aggregate: "count()",
          timeWindow: 3600,
          environment: "production",
          eventTypes: ["error"],
        }),
      ],
      conditionGroup: group(o, "any", [
        condition("gt", 500, 75),
        condition("gt", 250, 50),
        condition("lte", 250, 0),
      ]),
      config: { detectionType: "static", comparisonDelta: null },
      enabled: true,
      latestGroupId: "6100000110",
    },
    {
      id: "70013",
      orgId: o,
      projectId: "4500011",
      name: "Slow checkout API (p95)",
      description: null,
      type: "metric_issue",
      workflowIds: ["81002"],
      owner: { type: "user", id: "100005" },
      createdBy: "100005",
      dateCreated: ago(now, 60 * DAY),
      dateUpdated: ago(now, 60 * DAY),
      dataSources: [
        snubaSource(o, 13, {
          dataset: "events_analytics_platform",
          query: "span.op:http.server transaction:/api/v2/orders/*/checkout/",
          aggregate: "p95(span.duration)",
          timeWindow: 900,
          environment: "production",
          eventTypes: ["trace_item_span"],
        }),
      ],
      conditionGroup: group(o, "any", [condition("gt", 1200, 75), condition("lte", 1200, 0)]),
      config: { detectionType: "static", comparisonDelta: null },
      enabled: true,
      latestGroupId: null,
    },
    {
      id: "70014",
      orgId: o,
      projectId: "4500012",
      name: "Frontend error volume vs. last week",
      description: null,
      type: "metric_issue",
      workflowIds: [],
      owner: null,
      createdBy: "100003",
      dateCreated: ago(now, 30 * DAY),
      dateUpdated: ago(now, 30 * DAY),
      dataSources: [
        snubaSource(o, 14, {
          dataset: "events",
          query: "",
          aggregate: "count()",
          timeWindow: 3600,
          environment: null,
          eventTypes: ["error", "default"],
        }),
      ],
      conditionGroup: group(o, "any", [condition("gt", 50, 75), condition("lte", 50, 0)]),
      config: { detectionType: "percent", comparisonDelta: 604800 },
      enabled: false,
      latestGroupId: null,
    },
    {
      id: "70015",
      orgId: o,
      projectId: "4500013",
      name: "Mobile crash anomalies",
      description: null,
      type: "metric_issue",
      workflowIds: ["81004"],
      owner: { type: "team", id: "4500103" },
      createdBy: "100004",
      dateCreated: ago(now, 20 * DAY),
      dateUpdated: ago(now, 20 * DAY),
      dataSources: [
        snubaSource(o, 15, {
          dataset: "events",
          query: "error.unhandled:true",
          aggregate: "count_unique(user)",
          timeWindow: 1800,
          environment: "production",
          eventTypes: ["error"],
        }),
      ],
      conditionGroup: group(o, "any", [
        condition(
          "anomaly_detection",
          { sensitivity: "medium", seasonality: "auto", threshold_type: 0 },
          75,
        ),
      ]),
      config: { detectionType: "dynamic", comparisonDelta: null },
      enabled: true,
      latestGroupId: null,
    },
  ];
}

export function seedAlerts(now: Date): AlertStore {
  const parts = components();
  return {
    workflows: workflows(now, parts),
    detectors: [...detectors(now, parts), ...issueStreamDetectors(now)],
    issueRules: legacyIssueRules(now),
    metricRules: legacyMetricRules(now),
  };
}
