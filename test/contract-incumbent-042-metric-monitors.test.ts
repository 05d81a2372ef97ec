/**
 * Contract with the incumbent's metric monitor tools added after 0.39
 * (test/fixtures/incumbent-0.42-metric-monitors.json): every property of every tool reaches
 * Sentry. The driver is test/contract/incumbent-042.ts.
 */

import type { DetectorRecord } from "../sandbox/data/alerts.js";
import type { Sandbox } from "../sandbox/server.js";
import { describeIncumbentTools, type Probe, writeOf } from "./contract/incumbent-042.js";
import type { SentRequest } from "./write-helpers.js";

type Body = Record<string, unknown> & {
  dataSources?: Array<Record<string, unknown>>;
  config?: Record<string, unknown>;
  conditionGroup?: { conditions: Array<Record<string, unknown>> };
};
const body = (s: SentRequest[]) => (writeOf(s)?.body ?? {}) as Body;
const listQuery = (s: SentRequest[]) =>
  new URLSearchParams(s.find((r) => r.path === "/api/0/organizations/acme/detectors/")?.query);

let n = 0;
const fresh = () => `Probe monitor ${++n}`;

const staticGroup = (threshold: number) => ({
  conditions: [
    { type: "gt", comparison: threshold, conditionResult: 75 },
    { type: "lte", comparison: threshold, conditionResult: 0 },
  ],
});
const createBase = () => ({
  organizationSlug: "acme",
  projectSlug: "backend",
  name: fresh(),
  query: {
    dataset: "events",
    query: "",
    aggregate: "count()",
    eventTypes: ["error"],
    timeWindowSeconds: 3600,
  },
  config: { detectionType: "static" },
  conditionGroup: staticGroup(100),
});

/** A copy of monitor 70014 under a new id, for the delete probes. */
function seedMonitor(sandbox: Sandbox): string {
  const source = sandbox.store.alerts.detectors.find((d) => d.id === "70014") as DetectorRecord;
  const id = String(70900 + ++n);
  sandbox.store.alerts.detectors.push({ ...structuredClone(source), id, workflowIds: [] });
  return id;
}

const probes = (sandbox: Sandbox): Record<string, () => Probe[]> => ({
  find_metric_monitors: () => [
    {
      label: "organizationSlug",
      args: { organizationSlug: "acme" },
      reached: (s) => listQuery(s).get("type") === "metric_issue",
    },
    {
      label: "projectSlug",
      args: { organizationSlug: "acme", projectSlug: "frontend" },
      reached: (s) => listQuery(s).get("project") === "4500012",
    },
    {
      label: "projectSlug (all)",
      args: { organizationSlug: "acme", projectSlug: "all" },
      reached: (s) => listQuery(s).get("project") === "-1",
    },
    {
      label: "query",
      args: { organizationSlug: "acme", query: "checkout" },
      reached: (s, t) =>
        listQuery(s).get("query") === "checkout" && t.includes("Checkout error spike"),
    },
    {
      label: "cursor",
      args: { organizationSlug: "acme", cursor: "0:1:0" },
      reached: (s) => listQuery(s).get("cursor") === "0:1:0",
    },
    {
      label: "limit",
      args: { organizationSlug: "acme", limit: 1 },
      reached: (s) => listQuery(s).get("per_page") === "1",
    },
    {
      label: "regionUrl (null branch)",
      args: { organizationSlug: "acme", regionUrl: null },
      reached: (s) => listQuery(s).has("type"),
    },
    {
      label: "regionUrl (string branch)",
      args: { organizationSlug: "acme", regionUrl: "https://us.sentry.io" },
      reached: (s) => listQuery(s).has("type"),
    },
  ],
  create_metric_monitor: () => {
    const posted = (s: SentRequest[]) =>
      writeOf(s)?.path === "/api/0/organizations/acme/projects/backend/detectors/";
    return [
      { label: "organizationSlug", args: createBase(), reached: posted },
      {
        label: "projectSlug",
        args: { ...createBase(), projectSlug: "frontend" },
        reached: (s) => writeOf(s)?.path.endsWith("/projects/frontend/detectors/") ?? false,
      },
      {
        label: "name",
        args: { ...createBase(), name: "Named probe" },
        reached: (s) => body(s).name === "Named probe",
      },
      {
        label: "description",
        args: { ...createBase(), description: "why it exists" },
        reached: (s) => body(s).description === "why it exists",
      },
      {
        label: "description (null branch)",
        args: { ...createBase(), description: null },
        reached: (s) => posted(s),
      },
      {
        label: "owner",
        args: { ...createBase(), owner: "team:4500101" },
        reached: (s, t) => body(s).owner === "team:4500101" && t.includes('"platform"'),
      },
      {
        label: "owner (null branch)",
        args: { ...createBase(), owner: null },
        reached: (s) => body(s).owner === null,
      },
      {
        label: "query",
        args: {
          ...createBase(),
          query: {
            dataset: "events_analytics_platform",
            query: "span.op:db",
            aggregate: "p95(span.duration)",
            eventTypes: ["trace_item_span"],
            environment: "production",
            timeWindowSeconds: 900,
          },
        },
        reached: (s) =>
          body(s).dataSources?.[0]?.aggregate === "p95(span.duration)" &&
          body(s).dataSources?.[0]?.environment === "production" &&
          body(s).dataSources?.[0]?.timeWindow === 900,
      },
      {
        label: "config (static)",
        args: createBase(),
        reached: (s) => body(s).config?.detectionType === "static",
      },
      {
        label: "config (percent)",
        args: {
          ...createBase(),
          config: { detectionType: "percent", comparisonDeltaSeconds: 86400 },
          conditionGroup: staticGroup(120),
        },
        reached: (s) => body(s).config?.comparisonDelta === 86400,
      },
      {
        label: "config (dynamic)",
        args: {
          ...createBase(),
          config: { detectionType: "dynamic" },
          conditionGroup: {
            conditions: [
              {
                type: "anomaly_detection",
                comparison: { sensitivity: "low", seasonality: "auto", thresholdType: 2 },
                conditionResult: 50,
              },
            ],
          },
        },
        reached: (s) =>
          body(s).config?.detectionType === "dynamic" &&
          body(s).conditionGroup?.conditions[0]?.type === "anomaly_detection",
      },
      {
        label: "conditionGroup",
        args: {
          ...createBase(),
          conditionGroup: {
            logicType: "any",
            conditions: [
              { type: "gte", comparison: 7, conditionResult: 50 },
              { type: "lt", comparison: 7, conditionResult: 0 },
            ],
          },
        },
        reached: (s) => body(s).conditionGroup?.conditions[0]?.type === "gte",
      },
      {
        label: "workflowIds",
        args: { ...createBase(), workflowIds: ["81003"] },
        reached: (s) => JSON.stringify(body(s).workflowIds) === '["81003"]',
      },
      {
        label: "regionUrl (null branch)",
        args: { ...createBase(), regionUrl: null },
        reached: posted,
      },
      {
        label: "regionUrl (string branch)",
        args: { ...createBase(), regionUrl: "https://us.sentry.io" },
        reached: posted,
      },
    ];
  },
  update_metric_monitor: () => {
    const base = { organizationSlug: "acme", monitorId: "70014" };
    const put = (s: SentRequest[]) =>
      writeOf(s)?.method === "PUT" &&
      writeOf(s)?.path === "/api/0/organizations/acme/detectors/70014/";
    return [
      { label: "organizationSlug", args: { ...base, name: fresh() }, reached: put },
      { label: "monitorId", args: { ...base, name: fresh() }, reached: put },
      {
        label: "projectSlug",
        args: { ...base, projectSlug: "frontend", name: fresh() },
        reached: (s, t) => put(s) && t.includes('"project":"frontend"'),
      },
      {
        label: "name",
        args: { ...base, name: "Renamed by probe" },
        reached: (s) => body(s).name === "Renamed by probe",
      },
      {
        label: "description",
        args: { ...base, description: "probe description" },
        reached: (s) => body(s).description === "probe description",
      },
      {
        label: "description (null branch)",
        args: { ...base, description: null },
        reached: (s) => put(s) && body(s).description === null,
      },
      {
        label: "status",
        args: { ...base, status: "active" },
        reached: (s) => body(s).enabled === true,
      },
      {
        label: "status (disabled)",
        args: { ...base, status: "disabled" },
        reached: (s) => body(s).enabled === false,
      },
      {
        label: "owner",
        args: { ...base, owner: "user:100001" },
        reached: (s) => body(s).owner === "user:100001",
      },
      {
        label: "owner (null branch)",
        args: { ...base, owner: null },
        reached: (s) => put(s) && body(s).owner === null,
      },
      {
        label: "query",
        args: { ...base, query: { timeWindowSeconds: 600, environment: null } },
        reached: (s) => body(s).dataSources?.[0]?.timeWindow === 600,
      },
      {
        label: "config",
        args: {
          ...base,
          config: { detectionType: "static" },
          conditionGroup: { logicType: "any", ...staticGroup(300) },
        },
        reached: (s) => body(s).config?.detectionType === "static",
      },
      {
        label: "conditionGroup",
        args: { ...base, conditionGroup: { logicType: "any", ...staticGroup(999) } },
        reached: (s) => body(s).conditionGroup?.conditions[0]?.comparison === 999,
      },
      {
        label: "workflowIds",
        args: { ...base, workflowIds: ["81001", "81003"] },
        reached: (s) => JSON.stringify(body(s).workflowIds) === '["81001","81003"]',
      },
      {
        label: "regionUrl (null branch)",
        args: { ...base, name: fresh(), regionUrl: null },
        reached: put,
      },
      {
        label: "regionUrl (string branch)",
        args: { ...base, name: fresh(), regionUrl: "https://us.sentry.io" },
        reached: put,
      },
    ];
  },
  delete_metric_monitor: () => {
    const probe = (label: string, extra: Record<string, unknown> = {}): Probe => {
      const id = seedMonitor(sandbox);
      return {
        label,
        args: { organizationSlug: "acme", monitorId: id, ...extra },
        reached: (s) =>
          writeOf(s)?.method === "DELETE" &&
          writeOf(s)?.path === `/api/0/organizations/acme/detectors/${id}/`,
      };
    };
    return [
      probe("organizationSlug"),
      probe("monitorId"),
      probe("projectSlug", { projectSlug: "frontend" }),
      probe("regionUrl (null branch)", { regionUrl: null }),
      probe("regionUrl (string branch)", { regionUrl: "https://us.sentry.io" }),
    ];
  },
});

describeIncumbentTools(
  new URL("./fixtures/incumbent-0.42-metric-monitors.json", import.meta.url),
  probes,
);
