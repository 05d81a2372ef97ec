import { formatDateRange } from "../../format/dates.js";
import { inlineCode } from "../../format/markdown.js";
import type { SentryEvent } from "../../sentry-api/events.js";
import { record } from "./occurrence-format.js";

export interface MetricDetails {
  detectorId?: string;
  dataset?: string;
  aggregate?: string;
  query?: string;
  timeWindowSeconds?: number;
  environment?: string;
  value?: number | string;
  threshold?: string;
  window?: string;
  /** ISO bounds of the evaluated window */
  windowStart?: string;
  windowEnd?: string;
}

function scalar(value: unknown): string | number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim()) return value;
  return undefined;
}

const COMPARISON: Record<string, string> = {
  gt: ">",
  gte: ">=",
  lt: "<",
  lte: "<=",
  eq: "=",
  ne: "!=",
  "0": ">",
  "1": "<",
};
/** Detector priority levels a condition resolves to. */
const RESULT: Record<string, string> = {
  "75": "high",
  "50": "medium",
  "25": "low",
  "0": "resolved",
};

function conditionText(condition: Record<string, unknown>): string | undefined {
  const comparison = scalar(condition.comparison);
  if (comparison === undefined) return undefined;
  const op = COMPARISON[String(condition.type ?? "")] ?? String(condition.type ?? "").trim();
  const result = condition.conditionResult;
  const outcome =
    typeof result === "number" || typeof result === "string"
      ? (RESULT[String(result)] ?? String(result))
      : typeof result === "boolean"
        ? String(result)
        : undefined;
  return `${op ? `${op} ` : ""}${comparison}${outcome ? ` → ${outcome}` : ""}`;
}

function isoSeconds(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value) && value > 0) return value * 1000;
  if (typeof value === "string") {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? undefined : ms;
  }
  return undefined;
}

/**
 * The window the monitor evaluated: an explicit `window` in the evidence, else the interval
 * ending at the occurrence's detection time (or the event's time).
 */
function evaluatedWindow(
  event: SentryEvent,
  evidence: Record<string, unknown>,
  seconds: number | undefined,
): { start: string; end: string } | undefined {
  const explicit = record(evidence.window);
  const start = explicit ? isoSeconds(explicit.start) : undefined;
  const end = explicit ? isoSeconds(explicit.end) : undefined;
  if (start !== undefined && end !== undefined)
    return { start: new Date(start).toISOString(), end: new Date(end).toISOString() };
  const raw = isoSeconds(event.occurrence?.detectionTime) ?? isoSeconds(event.dateCreated);
  if (raw === undefined || !seconds) return undefined;
  const detected = Math.floor(raw / 1000) * 1000;
  return {
    start: new Date(detected - seconds * 1000).toISOString(),
    end: new Date(detected).toISOString(),
  };
}

/** Reads the metric monitor facts from the occurrence's camelCased `evidenceData`. */
export function metricDetailsOf(event: SentryEvent): MetricDetails | undefined {
  const evidence = record(event.occurrence?.evidenceData);
  if (!evidence) return undefined;
  const sources = Array.isArray(evidence.dataSources) ? evidence.dataSources : [];
  const snuba = sources
    .map((source) => record(record(record(source)?.queryObj)?.snubaQuery))
    .find(Boolean);
  if (!snuba && evidence.detectorId == null) return undefined;
  const conditions = Array.isArray(evidence.conditions)
    ? evidence.conditions.map(record).filter((c): c is Record<string, unknown> => !!c)
    : [];
  const threshold = conditions.map(conditionText).filter(Boolean).join(", ");
  const seconds = typeof snuba?.timeWindow === "number" ? snuba.timeWindow : undefined;
  const value = scalar(evidence.value) ?? scalar(record(evidence.value)?.value);
  const window = evaluatedWindow(event, evidence, seconds);
  return {
    detectorId: scalar(evidence.detectorId) !== undefined ? String(evidence.detectorId) : undefined,
    dataset: scalar(snuba?.dataset) !== undefined ? String(snuba?.dataset) : undefined,
    aggregate: scalar(snuba?.aggregate) !== undefined ? String(snuba?.aggregate) : undefined,
    query: typeof snuba?.query === "string" ? snuba.query : undefined,
    timeWindowSeconds: seconds,
    environment: typeof snuba?.environment === "string" ? snuba.environment : undefined,
    value,
    threshold: threshold || undefined,
    window: window ? formatDateRange(window.start, window.end) : undefined,
    windowStart: window?.start,
    windowEnd: window?.end,
  };
}

function duration(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600}h`;
  if (seconds % 60 === 0) return `${seconds / 60}m`;
  return `${seconds}s`;
}

/** Which search tool dataset fits a snuba dataset. */
export function searchDatasetFor(
  dataset: string | undefined,
): "errors" | "spans" | "logs" | "metrics" {
  const d = (dataset ?? "").toLowerCase();
  if (d.includes("log")) return "logs";
  if (d.includes("metric")) return "metrics";
  if (d.includes("span") || d.includes("transaction") || d.includes("analytics")) return "spans";
  return "errors";
}

export function formatMetricDetails(m: MetricDetails): string[] {
  const rows: Array<[string, string | undefined]> = [
    ["Metric Monitor ID", m.detectorId && inlineCode(m.detectorId)],
    ["Dataset", m.dataset && inlineCode(m.dataset)],
    ["Aggregate", m.aggregate && inlineCode(m.aggregate)],
    ["Query", m.query ? inlineCode(m.query) : undefined],
    ["Interval", m.timeWindowSeconds ? duration(m.timeWindowSeconds) : undefined],
    ["Environment", m.environment && inlineCode(m.environment)],
    ["Evaluated window", m.window],
    ["Value", m.value !== undefined ? inlineCode(m.value) : undefined],
    ["Threshold", m.threshold && inlineCode(m.threshold)],
  ];
  return [
    "## Metric Alert Details",
    "",
    ...rows.filter(([, v]) => v).map(([k, v]) => `**${k}**: ${v}`),
    "",
  ];
}
