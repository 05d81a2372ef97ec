/** Dashboards in words: each widget's display, dataset, fields, conditions and order. */

import { formatDate } from "../../format/dates.js";
import { inlineCode, text, truncate } from "../../format/markdown.js";
import type { Dashboard, Widget, WidgetQuery } from "../../sentry-api/dashboards.js";
import { humanize, intervalWords, periodWords } from "./humanize.js";

const DISPLAY: Record<string, string> = {
  line: "Line chart",
  area: "Area chart",
  bar: "Bar chart",
  table: "Table",
  big_number: "Big number",
  top_n: "Top 5 chart",
  details: "Details",
  text: "Text",
  wheel: "Wheel chart",
  categorical_bar: "Categorical bar chart",
};

const DATASET: Record<string, string> = {
  "error-events": "errors",
  "transaction-like": "transactions",
  spans: "spans",
  issue: "issues",
  logs: "logs",
  metrics: "release health",
  discover: "errors and transactions",
  tracemetrics: "metrics",
};

const ISSUE_SORT: Record<string, string> = {
  freq: "events",
  user: "users",
  date: "last seen",
  new: "first seen",
  priority: "priority",
  trends: "trend",
};

export function displayLabel(displayType: string | null | undefined): string {
  return DISPLAY[displayType ?? ""] ?? humanize(displayType ?? "widget");
}

export function datasetLabel(widgetType: string | null | undefined): string | undefined {
  if (!widgetType) return undefined;
  return DATASET[widgetType] ?? humanize(widgetType).toLowerCase();
}

function codes(values: string[]): string {
  return values.map(inlineCode).join(", ");
}

function orderPhrase(orderby: string, widgetType: string | null | undefined): string {
  if (widgetType === "issue") return ISSUE_SORT[orderby] ?? inlineCode(orderby);
  const desc = orderby.startsWith("-");
  return `${inlineCode(orderby.replace(/^-/, ""))} ${desc ? "descending" : "ascending"}`;
}

/** One widget query: "`count()` by `transaction` where `level:error`, sorted by ...". */
export function queryPhrase(q: WidgetQuery, widgetType: string | null | undefined): string {
  const aggregates = q.aggregates ?? [];
  const columns = q.columns ?? [];
  const fields = q.fields ?? [];
  const parts: string[] = [];
  if (aggregates.length) {
    parts.push(codes(aggregates));
    if (columns.length) parts.push(`by ${codes(columns)}`);
  } else if (columns.length || fields.length) {
    parts.push(`columns ${codes(columns.length ? columns : fields)}`);
  }
  parts.push(q.conditions ? `where ${inlineCode(q.conditions)}` : "with no filter");
  const sort = q.orderby ? `, sorted by ${orderPhrase(q.orderby, widgetType)}` : "";
  return `${parts.join(" ")}${sort}`;
}

function thresholdPhrase(w: Widget): string | undefined {
  const max = w.thresholds?.max_values;
  if (!max || (max.max1 == null && max.max2 == null)) return undefined;
  const unit = w.thresholds?.unit ? ` ${text(w.thresholds.unit)}s` : "";
  const lowerBetter = w.thresholds?.preferredPolarity !== "+";
  const parts = [
    max.max1 != null ? `${lowerBetter ? "good up to" : "bad up to"} ${max.max1}${unit}` : undefined,
    max.max2 != null ? `${lowerBetter ? "bad above" : "good above"} ${max.max2}${unit}` : undefined,
  ].filter(Boolean);
  return parts.join(", ");
}

/** A widget as a heading line, a summary and one bullet per visible query. */
export function widgetLines(w: Widget): string[] {
  const display = displayLabel(w.displayType);
  const dataset = datasetLabel(w.widgetType);
  const timeSeries = ["line", "area", "bar"].includes(w.displayType ?? "");
  const summary = [
    `${display}${dataset ? ` of ${dataset}` : ""}`,
    w.limit && !timeSeries ? `top ${w.limit}` : undefined,
    w.limit && timeSeries ? `top ${w.limit} series` : undefined,
    timeSeries && w.interval
      ? `points every ${intervalWords(w.interval)?.replace(/^1 /, "")}`
      : undefined,
  ]
    .filter(Boolean)
    .join(", ");
  const heading = `### ${w.title ? text(w.title) : `${text(w.displayType || "Untitled")} widget`}`;
  if (w.displayType === "text")
    return [heading, "", `Text widget: ${text(truncate(w.description ?? "", 500))}`, ""];
  const lines = [heading, "", summary];
  if (w.description) lines.push(`Description: ${text(truncate(w.description, 300))}`);
  const queries = (w.queries ?? []).filter((q) => !q.isHidden);
  for (const q of queries) {
    const label = queries.length > 1 && q.name ? ` ${inlineCode(q.name)}` : "";
    lines.push(`- Query${label}: ${queryPhrase(q, w.widgetType)}`);
  }
  const thresholds = thresholdPhrase(w);
  if (thresholds) lines.push(`- Thresholds: ${thresholds}`);
  lines.push("");
  return lines;
}

export interface DashboardHeader {
  url: string;
  projects: string[];
}

export function dashboardHeader(d: Dashboard, h: DashboardHeader): string[] {
  const range =
    d.start && d.end
      ? `${formatDate(d.start)} to ${formatDate(d.end)}`
      : (periodWords(d.period) ?? "the viewer's time range");
  const releases = d.filters?.release ?? [];
  const globals = (d.filters?.globalFilter ?? [])
    .map((f) => (f.key ? `${inlineCode(f.key)}: ${inlineCode(f.value ?? "")}` : undefined))
    .filter(Boolean);
  const creator = d.createdBy?.name ?? d.createdBy?.email;
  return [
    `## ${text(d.title)}`,
    "",
    `**ID**: ${d.id}`,
    `**Projects**: ${h.projects.length ? codes(h.projects) : "all projects"}`,
    `**Environments**: ${d.environment?.length ? codes(d.environment) : "all environments"}`,
    `**Time range**: ${range}`,
    releases.length ? `**Releases**: ${codes(releases)}` : undefined,
    globals.length ? `**Filters**: ${globals.join(", ")}` : undefined,
    d.dateCreated
      ? `**Created**: ${formatDate(d.dateCreated)}${creator ? ` by ${text(creator)}` : ""}`
      : undefined,
    d.isFavorited ? "**Starred**: yes" : undefined,
    `**URL**: ${h.url}`,
    "",
  ].filter((l): l is string => l !== undefined);
}
