/** Wire shapes of `GET /organizations/{org}/trace/{id}/` and `.../trace-meta/{id}/`. */

import type { SpanRecord } from "../data/explore-types.js";
import type { EventRecord, JsonObject, OrgRecord, SandboxStore } from "../data/types.js";

function traceContext(e: EventRecord): { trace_id?: string; span_id?: string } {
  return (e.contexts.trace ?? {}) as { trace_id?: string; span_id?: string };
}

export function spansOfTrace(store: SandboxStore, org: OrgRecord, traceId: string): SpanRecord[] {
  const projects = new Set(store.projects.filter((p) => p.orgId === org.id).map((p) => p.id));
  return store.explore.spans
    .filter((s) => s.traceId === traceId && projects.has(s.projectId))
    .sort((a, b) => a.startMs - b.startMs);
}

export function eventsOfTrace(store: SandboxStore, org: OrgRecord, traceId: string): EventRecord[] {
  const projects = new Set(store.projects.filter((p) => p.orgId === org.id).map((p) => p.id));
  return store.events.filter(
    (e) => projects.has(e.projectID) && traceContext(e).trace_id === traceId,
  );
}

function issueItem(store: SandboxStore, e: EventRecord, kind: "error" | "occurrence"): JsonObject {
  const issue = store.issues.find((i) => i.id === e.groupID);
  const project = store.projects.find((p) => p.id === e.projectID)!;
  const ts = Date.parse(e.dateCreated) / 1000;
  return {
    event_id: e.id,
    event_type: kind,
    issue_id: Number(e.groupID ?? 0),
    short_id: issue?.shortId ?? null,
    project_id: Number(project.id),
    project_slug: project.slug,
    transaction: e.tags.find((t) => t.key === "transaction")?.value ?? e.culprit ?? "",
    description: issue?.title ?? e.title,
    level: issue?.level ?? "error",
    culprit: e.culprit,
    start_timestamp: ts,
    end_timestamp: ts,
    issue_type: kind === "occurrence" ? ((e.occurrence?.type as number | undefined) ?? 1000) : 1,
  };
}

const WEB_VITALS = ["lcp", "fcp", "cls", "ttfb", "inp"];

function attributeOf(span: SpanRecord, name: string): JsonObject[string] | undefined {
  switch (name) {
    case "span.status":
      return span.status;
    case "span.self_time":
      return span.selfMs;
    case "environment":
      return span.environment;
    case "release":
      return span.release;
    default:
      return span.attributes[name];
  }
}

/** The nested trace: root spans with children, errors and occurrences, plus orphan errors. */
export function serializeTrace(
  store: SandboxStore,
  spans: SpanRecord[],
  events: EventRecord[],
  additional: string[],
): JsonObject[] {
  const bySpan = new Map<string, EventRecord[]>();
  for (const e of events) {
    const id = traceContext(e).span_id ?? "";
    bySpan.set(id, [...(bySpan.get(id) ?? []), e]);
  }
  const ids = new Set(spans.map((s) => s.spanId));
  const children = new Map<string | null, SpanRecord[]>();
  for (const s of spans) {
    const parent = s.parentSpanId && ids.has(s.parentSpanId) ? s.parentSpanId : null;
    children.set(parent, [...(children.get(parent) ?? []), s]);
  }
  const node = (s: SpanRecord): JsonObject => {
    const project = store.projects.find((p) => p.id === s.projectId)!;
    const attached = bySpan.get(s.spanId) ?? [];
    const browser: Record<string, number> = {};
    const mobile: Record<string, number> = {};
    for (const [k, v] of Object.entries(s.measurements)) {
      if (WEB_VITALS.includes(k)) browser[`browser.web_vital.${k}.value`] = v;
      else if (k === "app_start_cold") mobile["app.vitals.start.cold.value"] = v;
      else if (k === "time_to_initial_display") mobile["app.vitals.ttid.value"] = v;
    }
    const extra: JsonObject = {};
    for (const name of additional) {
      const value = attributeOf(s, name);
      if (value !== undefined) extra[name] = value;
    }
    return {
      event_id: s.spanId,
      event_type: "span",
      transaction_id: s.segmentId,
      project_id: Number(project.id),
      project_slug: project.slug,
      profile_id: s.profileId ?? "",
      profiler_id: "",
      parent_span_id: s.parentSpanId,
      start_timestamp: s.startMs / 1000,
      end_timestamp: (s.startMs + s.durationMs) / 1000,
      measurements: Object.fromEntries(
        Object.entries(s.measurements).map(([k, v]) => [`measurements.${k}`, v]),
      ),
      browser_web_vital: browser,
      mobile_app_vital: mobile,
      description: s.description,
      duration: s.durationMs,
      op: s.op,
      name: s.op,
      sdk_name: s.sdkName,
      is_transaction: s.isSegment,
      transaction: s.transaction,
      ...(additional.length > 0 ? { additional_attributes: extra } : {}),
      children: (children.get(s.spanId) ?? []).map(node),
      errors: attached
        .filter((e) => e.type !== "transaction")
        .map((e) => issueItem(store, e, "error")),
      occurrences: attached
        .filter((e) => e.type === "transaction" && e.occurrence)
        .map((e) => issueItem(store, e, "occurrence")),
    };
  };
  const roots = (children.get(null) ?? []).map(node);
  const orphans = events
    .filter((e) => e.type !== "transaction" && !ids.has(traceContext(e).span_id ?? ""))
    .map((e) => issueItem(store, e, "error"));
  return [...roots, ...orphans].sort(
    (a, b) => (a.start_timestamp as number) - (b.start_timestamp as number),
  );
}

export function serializeTraceMeta(
  store: SandboxStore,
  spans: SpanRecord[],
  events: EventRecord[],
  traceId: string,
): JsonObject {
  const byOp: Record<string, number> = {};
  const bySegment = new Map<string, number>();
  for (const s of spans) {
    byOp[s.op] = (byOp[s.op] ?? 0) + 1;
    bySegment.set(s.segmentId, (bySegment.get(s.segmentId) ?? 0) + 1);
  }
  const projects = new Set(spans.map((s) => s.projectId));
  return {
    errorsCount: events.filter((e) => e.type !== "transaction").length,
    performanceIssuesCount: events.filter((e) => e.type === "transaction" && e.occurrence).length,
    logsCount: store.explore.logs.filter((l) => l.traceId === traceId && projects.has(l.projectId))
      .length,
    metricsCount: store.explore.metrics.filter(
      (m) => m.traceId === traceId && projects.has(m.projectId),
    ).length,
    spansCount: spans.length,
    spansCountMap: byOp,
    transactionChildCountMap: [...bySegment.entries()].map(([id, count]) => ({
      "transaction.event_id": id,
      "count()": count,
    })),
  };
}
