/** A dashboard as the dashboard write tools report it, and the changes between two of them. */

import { z } from "zod";
import { truncate } from "../../format/markdown.js";
import type { Dashboard, Widget, WidgetQuery } from "../../sentry-api/dashboards.js";
import { datasetOf } from "./dashboard-widgets.js";

export const widgetViewSchema = z.object({
  id: z.string().nullable(),
  title: z.string(),
  displayType: z.string(),
  dataset: z.string(),
  queries: z.array(z.string()).describe("Each series: aggregates by columns where conditions"),
  limit: z.number().nullable(),
});
export type WidgetView = z.output<typeof widgetViewSchema>;

export const dashboardViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  projects: z.array(z.string()).describe("Project slugs; empty means all projects"),
  environments: z.array(z.string()),
  period: z.string().nullable(),
  widgets: z.array(widgetViewSchema),
});
export type DashboardView = z.output<typeof dashboardViewSchema>;

/** One query in words: `count(), p95(span.duration) by transaction where level:error, sorted by -count()`. */
export function queryWords(q: WidgetQuery): string {
  const aggregates = q.aggregates ?? [];
  const columns = q.columns ?? [];
  const what = aggregates.length
    ? `${aggregates.join(", ")}${columns.length ? ` by ${columns.join(", ")}` : ""}`
    : `columns ${(columns.length ? columns : (q.fields ?? [])).join(", ")}`;
  const name = q.name ? `${q.name}: ` : "";
  const where = q.conditions ? ` where ${q.conditions}` : "";
  const sort = q.orderby ? `, sorted by ${q.orderby}` : "";
  return `${name}${what}${where}${sort}`;
}

/** Caps that keep a report within the response budget whatever Sentry sends. */
const MAX_WIDGETS = 60;
const MAX_QUERIES = 10;
const MAX_TEXT = 300;

export function widgetView(w: Widget): WidgetView {
  return {
    id: w.id ?? null,
    title: truncate(w.title ?? "", MAX_TEXT),
    displayType: truncate(w.displayType ?? "line", 50),
    dataset: truncate(datasetOf(w.widgetType), 50),
    queries: (w.queries ?? [])
      .filter((q) => !q.isHidden)
      .slice(0, MAX_QUERIES)
      .map((q) => truncate(queryWords(q), MAX_TEXT)),
    limit: w.limit ?? null,
  };
}

export function dashboardView(
  d: Dashboard,
  url: string,
  projectSlug: (id: string) => string | undefined,
): DashboardView {
  return {
    id: d.id,
    title: truncate(d.title, MAX_TEXT),
    url,
    projects: (d.projects ?? [])
      .filter((p) => p !== "-1")
      .slice(0, 100)
      .map((p) => truncate(projectSlug(p) ?? p, 100)),
    environments: (d.environment ?? []).slice(0, 50).map((e) => truncate(e, 100)),
    period: d.period ? truncate(d.period, 50) : null,
    widgets: (d.widgets ?? []).slice(0, MAX_WIDGETS).map(widgetView),
  };
}

const quote = (s: string) => JSON.stringify(s);

function widgetDiff(before: WidgetView, after: WidgetView): string[] {
  const parts: string[] = [];
  const keys = ["title", "displayType", "dataset", "limit"] as const;
  for (const key of keys)
    if (before[key] !== after[key])
      parts.push(`${key} ${before[key] ?? "none"} → ${after[key] ?? "none"}`);
  if (JSON.stringify(before.queries) !== JSON.stringify(after.queries))
    parts.push(`query ${before.queries.join(" | ")} → ${after.queries.join(" | ")}`);
  return parts;
}

/** "title: A → B", "added widget …", "removed widget …", "widget …: displayType line → bar". */
export function dashboardChanges(before: DashboardView, after: DashboardView): string[] {
  const changes: string[] = [];
  if (before.title !== after.title)
    changes.push(`title: ${quote(before.title)} → ${quote(after.title)}`);
  for (const key of ["projects", "environments"] as const) {
    const a = before[key].join(", ") || "all";
    const b = after[key].join(", ") || "all";
    if (a !== b) changes.push(`${key}: ${a} → ${b}`);
  }
  if (before.period !== after.period)
    changes.push(`period: ${before.period ?? "default"} → ${after.period ?? "default"}`);
  const afterIds = new Set(after.widgets.map((w) => w.id));
  for (const w of before.widgets)
    if (!afterIds.has(w.id)) changes.push(`removed widget ${quote(w.title)}`);
  for (const w of after.widgets) {
    const old = before.widgets.find((b) => b.id === w.id);
    if (!old)
      changes.push(
        `added widget ${quote(w.title)} (${w.displayType} of ${w.dataset}: ${w.queries.join(" | ")})`,
      );
    else {
      const diff = widgetDiff(old, w);
      if (diff.length) changes.push(`widget ${quote(old.title)}: ${diff.join("; ")}`);
    }
  }
  return changes;
}
