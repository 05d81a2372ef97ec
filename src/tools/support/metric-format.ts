import { inlineCode } from "../../format/markdown.js";
import type { SentryEvent } from "../../sentry-api/events.js";

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
}

function record(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Reads the metric monitor facts from the occurrence's camelCased `evidenceData`. */
export function metricDetailsOf(event: SentryEvent): MetricDetails | undefined {
  const evidence = record(event.occurrence?.evidenceData);
  if (!evidence) return undefined;
  const sources = Array.isArray(evidence.dataSources) ? evidence.dataSources : [];
  const snuba = record(record(record(sources[0])?.queryObj)?.snubaQuery);
  if (!snuba && evidence.detectorId == null) return undefined;
  const conditions = Array.isArray(evidence.conditions)
    ? evidence.conditions.map(record).filter(Boolean)
    : [];
  const threshold = conditions
    .map((c) => {
      const type = String(c?.type ?? "").replace(/_/g, " ");
      return c?.comparison != null ? `${type} ${c.comparison}`.trim() : undefined;
    })
    .filter(Boolean)
    .join("; ");
  const window = record(evidence.window) ?? undefined;
  return {
    detectorId: evidence.detectorId != null ? String(evidence.detectorId) : undefined,
    dataset: snuba?.dataset != null ? String(snuba.dataset) : undefined,
    aggregate: snuba?.aggregate != null ? String(snuba.aggregate) : undefined,
    query: typeof snuba?.query === "string" ? snuba.query : undefined,
    timeWindowSeconds: typeof snuba?.timeWindow === "number" ? snuba.timeWindow : undefined,
    environment: typeof snuba?.environment === "string" ? snuba.environment : undefined,
    value:
      typeof evidence.value === "number" || typeof evidence.value === "string"
        ? evidence.value
        : undefined,
    threshold: threshold || undefined,
    window: window ? [window.start, window.end].filter(Boolean).join(" → ") : undefined,
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
    ["Evaluated window", m.window && inlineCode(m.window)],
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
