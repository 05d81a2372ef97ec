/**
 * The datasets search_events offers, mapped to what Sentry's API accepts: `metrics` is the
 * events endpoint's `tracemetrics`, `profiles` its `profile_functions`, and `replays` is served
 * by the replay index endpoint instead of the events endpoint.
 */

export const DATASETS = ["errors", "spans", "logs", "metrics", "profiles", "replays"] as const;
export type Dataset = (typeof DATASETS)[number];

export interface DatasetConfig {
  /** the events endpoint's dataset, or "replays" for the replay index */
  api: string;
  /** trace-items attribute dataset for field discovery, when Sentry has one */
  itemType?: "spans" | "logs" | "tracemetrics";
  defaultFields: string[];
  /** sort for the default fields */
  defaultSort: string;
  /** fields to suggest when there is no attribute endpoint (or it fails) */
  commonFields: string[];
  /** aggregate examples for error messages */
  aggregates: string[];
  /** when false, only `allowedFields` can be selected and aggregates are rejected */
  aggregatesAllowed: boolean;
  allowedFields?: string[];
  noun: string;
}

const REPLAY_FIELDS = [
  "id",
  "started_at",
  "finished_at",
  "duration",
  "count_errors",
  "count_rage_clicks",
  "count_dead_clicks",
  "count_urls",
  "count_segments",
  "count_warnings",
  "count_infos",
  "activity",
  "user",
  "urls",
  "browser",
  "os",
  "device",
  "sdk",
  "platform",
  "environment",
  "releases",
  "dist",
  "project_id",
  "trace_ids",
  "error_ids",
  "is_archived",
  "has_viewed",
  "tags",
];

export const DATASET_CONFIG: Record<Dataset, DatasetConfig> = {
  errors: {
    api: "errors",
    defaultFields: ["timestamp", "issue", "title", "level", "project", "trace"],
    defaultSort: "-timestamp",
    commonFields: [
      "id",
      "timestamp",
      "title",
      "message",
      "issue",
      "level",
      "project",
      "culprit",
      "transaction",
      "environment",
      "release",
      "trace",
      "user.email",
      "error.type",
      "error.value",
    ],
    aggregates: ["count()", "count_unique(user)", "last_seen()"],
    aggregatesAllowed: true,
    noun: "error events",
  },
  spans: {
    api: "spans",
    itemType: "spans",
    defaultFields: [
      "timestamp",
      "id",
      "span.op",
      "span.description",
      "span.duration",
      "transaction",
      "project",
      "trace",
    ],
    defaultSort: "-timestamp",
    commonFields: [
      "id",
      "timestamp",
      "span.op",
      "span.description",
      "span.duration",
      "span.self_time",
      "span.status",
      "transaction",
      "is_transaction",
      "project",
      "trace",
      "environment",
      "release",
    ],
    aggregates: ["count()", "p95(span.duration)", "avg(span.self_time)", "failure_rate()", "epm()"],
    aggregatesAllowed: true,
    noun: "spans",
  },
  logs: {
    api: "logs",
    itemType: "logs",
    defaultFields: ["timestamp", "severity", "message", "project", "trace"],
    defaultSort: "-timestamp",
    commonFields: [
      "timestamp",
      "severity",
      "message",
      "project",
      "trace",
      "environment",
      "release",
    ],
    aggregates: ["count()", "count_unique(trace)"],
    aggregatesAllowed: true,
    noun: "logs",
  },
  metrics: {
    api: "tracemetrics",
    itemType: "tracemetrics",
    defaultFields: ["timestamp", "metric.name", "metric.type", "value", "project", "trace"],
    defaultSort: "-timestamp",
    commonFields: [
      "timestamp",
      "metric.name",
      "metric.type",
      "metric.unit",
      "value",
      "project",
      "trace",
    ],
    aggregates: [
      "count(value,NAME,TYPE,UNIT)",
      "p95(value,http.request.duration,distribution,millisecond)",
      "sum(value,NAME,counter,none)",
    ],
    aggregatesAllowed: true,
    noun: "metric samples",
  },
  profiles: {
    api: "profile_functions",
    defaultFields: ["function", "package", "project", "count()", "p95(function.duration)"],
    defaultSort: "-count()",
    commonFields: ["function", "package", "transaction", "project", "is_application", "release"],
    aggregates: ["count()", "p95(function.duration)", "sum(function.duration)"],
    aggregatesAllowed: true,
    noun: "profiled functions",
  },
  replays: {
    api: "replays",
    defaultFields: ["id", "started_at", "duration", "count_errors", "user", "urls"],
    defaultSort: "-started_at",
    commonFields: REPLAY_FIELDS,
    aggregates: [],
    aggregatesAllowed: false,
    allowedFields: REPLAY_FIELDS,
    noun: "replays",
  },
};

const AGGREGATE = /^[A-Za-z_][A-Za-z0-9_]*\(.*\)$/;

export function isAggregate(field: string): boolean {
  return AGGREGATE.test(field);
}

/** Parentheses must balance, so `p95(span.duration` fails here rather than upstream. */
export function balanced(field: string): boolean {
  let depth = 0;
  for (const c of field) {
    if (c === "(") depth++;
    else if (c === ")" && --depth < 0) return false;
  }
  return depth === 0;
}

/** The sort to use when the caller gave none: newest first, else the first aggregate. */
export function defaultSort(
  dataset: Dataset,
  fields: string[],
  custom: boolean,
): string | undefined {
  const config = DATASET_CONFIG[dataset];
  if (!custom) return config.defaultSort;
  const timeField = dataset === "replays" ? "started_at" : "timestamp";
  const firstAggregate = fields.find(isAggregate);
  if (firstAggregate) return `-${firstAggregate}`;
  if (fields.includes(timeField)) return `-${timeField}`;
  return undefined;
}
