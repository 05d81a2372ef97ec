/** The events endpoint's datasets as flat rows, scoped to one organization. */

import type { OrgRecord, ProjectRecord, SandboxStore } from "../data/types.js";
import type { AttrType, DatasetSpec, Row } from "./explore-query.js";

/** Dataset names Sentry's events endpoint accepts (its OpenAPI enum plus legacy aliases). */
export const EVENT_DATASETS = [
  "errors",
  "spans",
  "logs",
  "ourlogs",
  "tracemetrics",
  "profile_functions",
];

/** trace-items attribute item types and the events dataset each one reads. */
export const ITEM_TYPES: Record<string, string> = {
  spans: "spans",
  logs: "logs",
  tracemetrics: "tracemetrics",
};

function projectsOf(store: SandboxStore, org: OrgRecord): Map<string, ProjectRecord> {
  return new Map(store.projects.filter((p) => p.orgId === org.id).map((p) => [p.id, p]));
}

const SPAN_ATTRS: Record<string, AttrType> = {
  id: "string",
  span_id: "string",
  "span.op": "string",
  "span.description": "string",
  "span.duration": "duration",
  "span.self_time": "duration",
  "span.status": "string",
  transaction: "string",
  "transaction.event_id": "string",
  is_transaction: "boolean",
  parent_span: "string",
  timestamp: "date",
  project: "string",
  "project.id": "integer",
  trace: "string",
  environment: "string",
  release: "string",
  "sdk.name": "string",
  "profile.id": "string",
};

function spanRows(store: SandboxStore, org: OrgRecord): Row[] {
  const projects = projectsOf(store, org);
  return store.explore.spans
    .filter((s) => projects.has(s.projectId))
    .map((s) => {
      const row: Row = {
        id: s.spanId,
        span_id: s.spanId,
        "span.op": s.op,
        "span.description": s.description,
        "span.duration": s.durationMs,
        "span.self_time": s.selfMs,
        "span.status": s.status,
        transaction: s.transaction,
        "transaction.event_id": s.segmentId,
        is_transaction: s.isSegment,
        parent_span: s.parentSpanId,
        timestamp: s.startMs + s.durationMs,
        project: projects.get(s.projectId)!.slug,
        "project.id": Number(s.projectId),
        trace: s.traceId,
        environment: s.environment,
        release: s.release,
        "sdk.name": s.sdkName,
        "profile.id": s.profileId,
        ...s.attributes,
      };
      for (const [k, v] of Object.entries(s.measurements)) row[`measurements.${k}`] = v;
      return row;
    });
}

const LOG_ATTRS: Record<string, AttrType> = {
  id: "string",
  "sentry.item_id": "string",
  timestamp: "date",
  message: "string",
  severity: "string",
  severity_number: "integer",
  project: "string",
  "project.id": "integer",
  trace: "string",
  span_id: "string",
  environment: "string",
  release: "string",
};

const SEVERITY_NUMBER: Record<string, number> = {
  trace: 1,
  debug: 5,
  info: 9,
  warn: 13,
  error: 17,
  fatal: 21,
};

function logRows(store: SandboxStore, org: OrgRecord): Row[] {
  const projects = projectsOf(store, org);
  return store.explore.logs
    .filter((l) => projects.has(l.projectId))
    .map((l) => ({
      id: l.id,
      "sentry.item_id": l.id,
      timestamp: l.timestampMs,
      message: l.message,
      severity: l.severity,
      severity_number: SEVERITY_NUMBER[l.severity] ?? 9,
      project: projects.get(l.projectId)!.slug,
      "project.id": Number(l.projectId),
      trace: l.traceId,
      span_id: l.spanId,
      environment: l.environment,
      release: l.release,
      ...l.attributes,
    }));
}

const METRIC_ATTRS: Record<string, AttrType> = {
  id: "string",
  timestamp: "date",
  project: "string",
  "project.id": "integer",
  trace: "string",
  span_id: "string",
  "metric.name": "string",
  "metric.type": "string",
  "metric.unit": "string",
  value: "number",
  environment: "string",
};

function metricRows(store: SandboxStore, org: OrgRecord): Row[] {
  const projects = projectsOf(store, org);
  return store.explore.metrics
    .filter((m) => projects.has(m.projectId))
    .map((m) => ({
      id: m.id,
      timestamp: m.timestampMs,
      project: projects.get(m.projectId)!.slug,
      "project.id": Number(m.projectId),
      trace: m.traceId,
      span_id: m.spanId,
      "metric.name": m.name,
      "metric.type": m.type,
      "metric.unit": m.unit,
      value: m.value,
      environment: m.environment,
      ...m.attributes,
    }));
}

const FUNCTION_ATTRS: Record<string, AttrType> = {
  function: "string",
  package: "string",
  "function.duration": "duration",
  is_application: "boolean",
  transaction: "string",
  project: "string",
  "project.id": "integer",
  "profile.id": "string",
  timestamp: "date",
  environment: "string",
  release: "string",
};

function functionRows(store: SandboxStore, org: OrgRecord): Row[] {
  const projects = projectsOf(store, org);
  return store.explore.profileCalls
    .filter((c) => projects.has(c.projectId))
    .map((c) => ({
      function: c.function,
      package: c.package,
      "function.duration": c.durationMs,
      is_application: c.isApplication,
      transaction: c.transaction,
      project: projects.get(c.projectId)!.slug,
      "project.id": Number(c.projectId),
      "profile.id": c.profileId,
      timestamp: c.timestampMs,
      environment: c.environment,
      release: c.release,
    }));
}

const ERROR_ATTRS: Record<string, AttrType> = {
  id: "string",
  title: "string",
  message: "string",
  project: "string",
  "project.id": "integer",
  timestamp: "date",
  level: "string",
  issue: "string",
  "issue.id": "integer",
  culprit: "string",
  transaction: "string",
  environment: "string",
  release: "string",
  trace: "string",
  "user.email": "string",
  "user.id": "string",
  "event.type": "string",
  platform: "string",
  "error.type": "string",
  "error.value": "string",
};

function errorRows(store: SandboxStore, org: OrgRecord): Row[] {
  const projects = projectsOf(store, org);
  const issues = new Map(store.issues.map((i) => [i.id, i]));
  return store.events
    .filter((e) => projects.has(e.projectID) && ["error", "default", "csp"].includes(e.type))
    .map((e) => {
      const issue = e.groupID ? issues.get(e.groupID) : undefined;
      const exception = e.entries.find((en) => en.type === "exception")?.data as
        | { values?: Array<{ type?: string; value?: string }> }
        | undefined;
      const last = exception?.values?.at(-1);
      const row: Row = {};
      for (const tag of e.tags) row[tag.key] = tag.value;
      return {
        ...row,
        id: e.id,
        title: e.title,
        message: e.message || e.title,
        project: projects.get(e.projectID)!.slug,
        "project.id": Number(e.projectID),
        timestamp: Date.parse(e.dateCreated),
        level: issue?.level ?? "error",
        issue: issue?.shortId ?? null,
        "issue.id": issue ? Number(issue.id) : null,
        culprit: e.culprit,
        transaction: e.tags.find((t) => t.key === "transaction")?.value ?? null,
        environment: e.tags.find((t) => t.key === "environment")?.value ?? null,
        release: e.release,
        trace: ((e.contexts.trace ?? {}) as { trace_id?: string }).trace_id ?? null,
        "user.email": (e.user?.email as string | undefined) ?? null,
        "user.id": (e.user?.id as string | undefined) ?? null,
        "event.type": e.type,
        platform: e.platform,
        "error.type": last?.type ?? null,
        "error.value": last?.value ?? null,
      };
    });
}

/** The dataset spec for `dataset` in `org`, or undefined for a dataset the sandbox lacks. */
export function datasetSpec(
  store: SandboxStore,
  org: OrgRecord,
  dataset: string,
): DatasetSpec | undefined {
  switch (dataset) {
    case "spans":
      return {
        name: "spans",
        rows: spanRows(store, org),
        attributes: SPAN_ATTRS,
        defaultNumeric: "span.duration",
        textKeys: ["span.description", "transaction"],
        unknownFields: "reject",
      };
    case "logs":
    case "ourlogs":
      return {
        name: "logs",
        rows: logRows(store, org),
        attributes: LOG_ATTRS,
        defaultNumeric: null,
        textKeys: ["message"],
        unknownFields: "reject",
      };
    case "tracemetrics":
      return {
        name: "tracemetrics",
        rows: metricRows(store, org),
        attributes: METRIC_ATTRS,
        defaultNumeric: "value",
        textKeys: ["metric.name"],
        unknownFields: "reject",
        metricArgs: true,
      };
    case "profile_functions":
      return {
        name: "profile_functions",
        rows: functionRows(store, org),
        attributes: FUNCTION_ATTRS,
        defaultNumeric: "function.duration",
        textKeys: ["function", "package"],
        unknownFields: "reject",
      };
    case "errors":
      return {
        name: "errors",
        rows: errorRows(store, org),
        attributes: ERROR_ATTRS,
        defaultNumeric: null,
        textKeys: ["title", "message", "culprit"],
        unknownFields: "tag",
      };
    default:
      return undefined;
  }
}
