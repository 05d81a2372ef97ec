/** A small tree DSL that expands into span records for one trace. */

import type { AttributeValue, SpanRecord } from "./explore-types.js";
import { hexId } from "./util.js";

export const PROJECT_IDS = {
  backend: "4500011",
  frontend: "4500012",
  mobile: "4500013",
  payments: "4500014",
  storefront: "4500021",
} as const;

const SDKS: Record<string, string> = {
  "4500011": "sentry.python.django",
  "4500012": "sentry.javascript.react",
  "4500013": "sentry.java.android",
  "4500014": "sentry.javascript.node",
  "4500021": "sentry.php.laravel",
};

export interface SpanNode {
  op: string;
  desc: string;
  /** start, in ms after the trace start */
  at: number;
  dur: number;
  /** project id; children inherit it */
  project?: string;
  /** starts a new segment (transaction) with this name */
  segment?: string;
  status?: string;
  /** fixed span id (16 hex), e.g. to match an issue event's trace context */
  id?: string;
  attrs?: Record<string, AttributeValue>;
  vitals?: Record<string, number>;
  profileId?: string;
  children?: SpanNode[];
}

export interface TraceSetup {
  /** seed key: span ids derive from it */
  key: string;
  traceId: string;
  startMs: number;
  environment: string;
  /** release per project id */
  releases: Record<string, string | null>;
}

/** Depth-first expansion: parents come before their children. */
export function buildTrace(setup: TraceSetup, root: SpanNode): SpanRecord[] {
  const out: SpanRecord[] = [];
  const visit = (
    node: SpanNode,
    path: string,
    parent: SpanRecord | null,
    projectId: string,
  ): void => {
    const project = node.project ?? projectId;
    const spanId = node.id ?? hexId(`${setup.key}:span:${path}`, 16);
    const startsSegment = node.segment !== undefined || parent === null;
    const covered = (node.children ?? []).reduce((sum, c) => sum + c.dur, 0);
    const record: SpanRecord = {
      spanId,
      traceId: setup.traceId,
      parentSpanId: parent?.spanId ?? null,
      projectId: project,
      segmentId: startsSegment ? hexId(`${setup.key}:segment:${path}`) : parent!.segmentId,
      transaction: startsSegment ? (node.segment ?? node.desc) : parent!.transaction,
      isSegment: startsSegment,
      op: node.op,
      description: node.desc,
      status: node.status ?? "ok",
      startMs: setup.startMs + node.at,
      durationMs: node.dur,
      selfMs: Math.max(0, Math.round((node.dur - covered) * 1000) / 1000),
      environment: setup.environment,
      release: setup.releases[project] ?? null,
      sdkName: SDKS[project] ?? "sentry.python",
      attributes: { ...(node.attrs ?? {}) },
      measurements: { ...(node.vitals ?? {}) },
      profileId: node.profileId ?? null,
    };
    out.push(record);
    (node.children ?? []).forEach((child, k) => {
      visit(child, `${path}.${k}`, record, project);
    });
  };
  visit(root, "0", null, root.project ?? PROJECT_IDS.backend);
  return out;
}

/** `count` copies of a leaf span, one after another from `at`, with jittered durations. */
export function repeated(
  count: number,
  at: number,
  make: (k: number) => Omit<SpanNode, "at">,
  gap = 1,
): SpanNode[] {
  const nodes: SpanNode[] = [];
  let t = at;
  for (let k = 0; k < count; k++) {
    const node = make(k);
    nodes.push({ ...node, at: t });
    t += node.dur + gap;
  }
  return nodes;
}

/** A PostgreSQL query span. */
export const db = (desc: string, at: number, dur: number, status = "ok"): SpanNode => ({
  op: "db",
  desc,
  at,
  dur,
  status,
  attrs: { "db.system": "postgresql" },
});

/** Django's middleware chain at the start of a request. */
export const middleware = (at: number): SpanNode[] =>
  [
    "django.middleware.security.SecurityMiddleware.__call__",
    "django.contrib.sessions.middleware.SessionMiddleware.__call__",
    "django.middleware.common.CommonMiddleware.__call__",
  ].map((desc, k) => ({ op: "middleware.django", desc, at: at + k, dur: 1 }));
