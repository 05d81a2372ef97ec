/**
 * Widgets as the dashboard write tools take them: a friendly dataset name, one query given
 * inline (aggregates, columns, conditions, orderby) or several in `queries`, sensible defaults
 * per display type, and a layout placed below the widgets already there. Turned into the
 * camelCase payload Sentry's dashboard serializer takes.
 */

import { z } from "zod";
import { UserInputError } from "../../errors.js";
import { truncate } from "../../format/markdown.js";
import type { Widget, WidgetPayload, WidgetQueryPayload } from "../../sentry-api/dashboards.js";

/** Friendly dataset names and Sentry's widgetType for each. */
export const WIDGET_DATASETS = {
  errors: "error-events",
  transactions: "transaction-like",
  spans: "spans",
  logs: "logs",
  issues: "issue",
  metrics: "tracemetrics",
  releases: "metrics",
} as const;
export type WidgetDataset = keyof typeof WIDGET_DATASETS;

/** Sentry's widget display types an agent would pick (the OpenAPI enum, minus product-specific). */
export const DISPLAY_TYPES = [
  "line",
  "area",
  "bar",
  "table",
  "big_number",
  "categorical_bar",
  "wheel",
  "details",
  "heatmap",
  "text",
] as const;

const TIME_SERIES = new Set(["line", "area", "bar"]);
const fieldList = z.array(z.string().trim().min(1).max(200)).max(20);

const querySchema = z.strictObject({
  name: z.string().trim().max(100).optional().describe("Series name"),
  aggregates: fieldList.optional(),
  columns: fieldList.optional(),
  conditions: z.string().trim().max(2000).optional(),
  orderby: z.string().trim().max(200).optional(),
});

const layoutSchema = z
  .strictObject({
    x: z.number().int().min(0).max(5),
    y: z.number().int().min(0).max(1000),
    w: z.number().int().min(1).max(6),
    h: z.number().int().min(1).max(20),
  })
  .describe("Grid position (6 columns); default: below the existing widgets");

const widgetFields = {
  displayType: z
    .enum(DISPLAY_TYPES)
    .optional()
    .describe("Default line, or table when columns are given"),
  dataset: z
    .enum(Object.keys(WIDGET_DATASETS) as [WidgetDataset, ...WidgetDataset[]])
    .optional()
    .describe("Default errors"),
  conditions: z
    .string()
    .trim()
    .max(2000)
    .optional()
    .describe("Sentry search filter, e.g. `transaction:*checkout*`"),
  aggregates: fieldList.optional().describe("e.g. count(), p95(span.duration); default count()"),
  columns: fieldList.optional().describe("Group-by or table columns, e.g. transaction"),
  orderby: z.string().trim().max(200).optional().describe("e.g. -count()"),
  queries: z
    .array(querySchema)
    .min(1)
    .max(10)
    .optional()
    .describe("Several series instead of one inline query"),
  limit: z.number().int().min(1).max(10).optional().describe("Rows or series (1-10)"),
  interval: z
    .string()
    .trim()
    .regex(/^\d+[smhdw]$/, "must look like 5m, 1h or 1d")
    .optional(),
  description: z.string().trim().max(255).optional(),
  layout: layoutSchema.optional(),
};

export const widgetInput = z.strictObject({
  title: z.string().trim().min(1).max(255),
  ...widgetFields,
});
export type WidgetInput = z.output<typeof widgetInput>;

export const widgetChange = z.strictObject({
  widget: z.string().trim().min(1).max(255).describe("Widget ID or exact title"),
  title: z.string().trim().min(1).max(255).optional().describe("New title"),
  ...widgetFields,
});
export type WidgetChange = z.output<typeof widgetChange>;

/** The widget shape in words, for parameter descriptions (search_sentry_tools shows only these). */
export const WIDGET_SHAPE =
  "{title, conditions? (search filter), dataset? (errors|transactions|spans|logs|issues|metrics|releases), displayType? (line|area|bar|table|big_number|...), aggregates?, columns?, orderby?, limit?, interval?, description?, queries? [{name, aggregates, columns, conditions, orderby}], layout? {x,y,w,h}}";

type Layout = NonNullable<WidgetPayload["layout"]>;

const DATASET_OF = Object.fromEntries(
  Object.entries(WIDGET_DATASETS).map(([k, v]) => [v, k]),
) as Record<string, WidgetDataset>;

/** The friendly dataset of a widgetType (errors when Sentry sent none). */
export function datasetOf(widgetType: string | null | undefined): string {
  return DATASET_OF[widgetType ?? ""] ?? widgetType ?? "errors";
}

function query(
  q: z.output<typeof querySchema>,
  dataset: string,
  displayType: string,
): WidgetQueryPayload {
  const issues = dataset === "issues";
  const columns = q.columns ?? (issues ? ["issue", "assignee", "title"] : []);
  const aggregates = q.aggregates ?? (issues ? [] : ["count()"]);
  const ordered = displayType === "table" || columns.length > 0;
  const orderby =
    q.orderby ?? (issues ? "freq" : ordered && aggregates[0] ? `-${aggregates[0]}` : "");
  return {
    name: q.name ?? "",
    fields: [...columns, ...aggregates],
    aggregates,
    columns,
    fieldAliases: [...columns, ...aggregates].map(() => ""),
    conditions: q.conditions ?? "",
    orderby,
  };
}

function inlineQuery(w: {
  aggregates?: string[];
  columns?: string[];
  conditions?: string;
  orderby?: string;
  queries?: unknown[];
}): boolean {
  return [w.aggregates, w.columns, w.conditions, w.orderby].some((v) => v !== undefined);
}

function defaultSize(displayType: string): { w: number; h: number; minH: number } {
  if (displayType === "big_number") return { w: 2, h: 1, minH: 1 };
  if (displayType === "table") return { w: 6, h: 4, minH: 2 };
  return { w: 2, h: 2, minH: 2 };
}

/** Places new widgets left to right in rows of 6 columns, below `existing`. */
export function placer(existing: Array<{ layout?: Widget["layout"] }>) {
  let y = existing.reduce((m, w) => Math.max(m, (w.layout?.y ?? 0) + (w.layout?.h ?? 0)), 0);
  let x = 0;
  let rowHeight = 0;
  return (displayType: string): Layout => {
    const size = defaultSize(displayType);
    if (x + size.w > 6) {
      y += rowHeight;
      x = 0;
      rowHeight = 0;
    }
    const layout = { x, y, ...size };
    x += size.w;
    rowHeight = Math.max(rowHeight, size.h);
    return layout;
  };
}

/** A new widget's payload, with the defaults filled in. */
export function newWidgetPayload(w: WidgetInput, place: (d: string) => Layout): WidgetPayload {
  if (w.queries && inlineQuery(w))
    throw new UserInputError(
      `Widget ${JSON.stringify(w.title)}: give aggregates/columns/conditions/orderby inline or in queries, not both.`,
    );
  const dataset = w.dataset ?? "errors";
  const columns = w.queries?.[0]?.columns ?? w.columns ?? [];
  const displayType =
    w.displayType ?? (columns.length > 0 || dataset === "issues" ? "table" : "line");
  const queries = (w.queries ?? [w]).map((q) => query(q, dataset, displayType));
  const grouped = TIME_SERIES.has(displayType) && queries.some((q) => q.columns.length > 0);
  return {
    title: w.title,
    description: w.description ?? null,
    displayType,
    widgetType: WIDGET_DATASETS[dataset],
    interval: w.interval ?? "5m",
    limit: w.limit ?? (grouped ? 5 : displayType === "table" ? 10 : null),
    queries,
    layout: w.layout
      ? { ...w.layout, minH: Math.min(w.layout.h, defaultSize(displayType).minH) }
      : place(displayType),
  };
}

/** An existing widget as it is sent back unchanged in a PUT (the ids keep it). */
export function existingWidgetPayload(w: Widget): WidgetPayload {
  return {
    ...(w.id ? { id: w.id } : {}),
    title: w.title ?? "",
    description: w.description ?? null,
    displayType: w.displayType ?? "line",
    widgetType: w.widgetType ?? "error-events",
    interval: w.interval ?? "5m",
    limit: w.limit ?? null,
    thresholds: w.thresholds ?? null,
    queries: (w.queries ?? []).map((q) => ({
      ...(q.id ? { id: q.id } : {}),
      name: q.name ?? "",
      fields: q.fields ?? [...(q.columns ?? []), ...(q.aggregates ?? [])],
      aggregates: q.aggregates ?? [],
      columns: q.columns ?? [],
      fieldAliases: q.fieldAliases ?? [],
      conditions: q.conditions ?? "",
      orderby: q.orderby ?? "",
    })),
    layout: layoutOf(w),
  };
}

function layoutOf(w: Widget): WidgetPayload["layout"] {
  const l = w.layout;
  if (!l || l.x == null || l.y == null || l.w == null || l.h == null) return null;
  return { x: l.x, y: l.y, w: l.w, h: l.h, minH: l.minH ?? 1 };
}

/** An existing widget with a change applied (keys not given stay as they are). */
export function changedWidgetPayload(current: Widget, change: WidgetChange): WidgetPayload {
  const base = existingWidgetPayload(current);
  const dataset = change.dataset ?? datasetOf(base.widgetType);
  const displayType = change.displayType ?? base.displayType;
  let queries = base.queries;
  if (change.queries && inlineQuery(change))
    throw new UserInputError(
      `Widget ${JSON.stringify(change.widget)}: give aggregates/columns/conditions/orderby inline or in queries, not both.`,
    );
  if (change.queries) queries = change.queries.map((q) => query(q, dataset, displayType));
  else if (inlineQuery(change)) {
    if (queries.length > 1)
      throw new UserInputError(
        `Widget ${JSON.stringify(change.widget)} has ${queries.length} queries: pass them all in queries.`,
      );
    const [q] = queries;
    const merged = query(
      {
        name: q?.name,
        aggregates: change.aggregates ?? q?.aggregates,
        columns: change.columns ?? q?.columns,
        conditions: change.conditions ?? q?.conditions,
        orderby: change.orderby ?? (change.aggregates ? undefined : q?.orderby),
      },
      dataset,
      displayType,
    );
    queries = [{ ...(q?.id ? { id: q.id } : {}), ...merged }];
  }
  return {
    ...base,
    title: change.title ?? base.title,
    description: change.description ?? base.description,
    displayType,
    widgetType: change.dataset ? WIDGET_DATASETS[change.dataset] : base.widgetType,
    interval: change.interval ?? base.interval,
    limit: change.limit ?? base.limit,
    queries,
    layout: change.layout
      ? { ...change.layout, minH: Math.min(change.layout.h, base.layout?.minH ?? 1) }
      : base.layout,
  };
}

/** The widget named by ID or exact title (any case); an input error lists the titles. */
export function findWidget(widgets: Widget[], ref: string): Widget {
  const byId = widgets.find((w) => w.id === ref);
  if (byId) return byId;
  const byTitle = widgets.filter((w) => (w.title ?? "").toLowerCase() === ref.toLowerCase());
  if (byTitle.length === 1) return byTitle[0];
  const list = widgets
    .slice(0, 30)
    .map((w) => `${w.id} ${JSON.stringify(truncate(w.title ?? "", 80))}`)
    .join("; ");
  throw new UserInputError(
    byTitle.length > 1
      ? `Several widgets are titled ${JSON.stringify(ref)}; pass the widget ID (${list}).`
      : `No widget ${JSON.stringify(ref)} on this dashboard. Widgets: ${list || "none"}.`,
  );
}
