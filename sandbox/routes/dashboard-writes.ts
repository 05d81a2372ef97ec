/**
 * Routes: creating, updating and deleting custom dashboards, validated the way Sentry's
 * DashboardDetailsSerializer does. A bad widget answers 400 with one error object per widget
 * (`{"widgets": [{}, {"displayType": ["\"pie\" is not a valid choice."]}]}`); a taken title 409
 * with Sentry's bare string; PUT replaces the widget list (widgets left out are deleted, widgets
 * with an `id` are updated, the rest created); POST with `duplicate: true` retitles on conflict.
 */

import type { Context, Hono } from "hono";
import type { DashboardRecord, WidgetRecord } from "../data/dashboards.js";
import type { JsonObject, OrgRecord, SandboxStore } from "../data/types.js";
import { fail, findOrg, NOT_FOUND, type RouteDeps } from "./http.js";
import { jsonBody, nextId } from "./write-helpers.js";

/** Sentry's DashboardWidgetDisplayTypes (the OpenAPI enum plus the older top_n). */
const DISPLAY_TYPES = new Set([
  "line",
  "area",
  "stacked_area",
  "bar",
  "table",
  "big_number",
  "top_n",
  "details",
  "categorical_bar",
  "wheel",
  "rage_and_dead_clicks",
  "server_tree",
  "text",
  "agents_traces_table",
  "heatmap",
]);

/** Sentry's DashboardWidgetTypes. */
const WIDGET_TYPES = new Set([
  "discover",
  "issue",
  "metrics",
  "error-events",
  "transaction-like",
  "spans",
  "logs",
  "tracemetrics",
  "preprod-app-size",
]);

const TITLE_TAKEN = "Dashboard title already taken";

type Errors = Record<string, unknown>;

/** A 400 with a serializer's error body. */
class SerializerError extends Error {
  constructor(readonly body: unknown) {
    super("invalid");
  }
}

const strings = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === "string");

function validateQuery(q: unknown, creating: boolean): Errors {
  const errors: Errors = {};
  if (typeof q !== "object" || q === null || Array.isArray(q))
    return { non_field_errors: ["Invalid data. Expected a dictionary."] };
  const query = q as JsonObject;
  for (const key of ["fields", "aggregates", "columns", "fieldAliases"])
    if (query[key] != null && !strings(query[key])) errors[key] = ["Expected a list of items."];
  for (const key of ["name", "conditions", "orderby"])
    if (query[key] != null && typeof query[key] !== "string") errors[key] = ["Not a valid string."];
  if (creating && !query.id && (query.fields === undefined || query.conditions === undefined)) {
    errors.fields = ["fields are required during creation."];
    errors.conditions = ["conditions are required during creation."];
  }
  return errors;
}

function validateLayout(layout: unknown): string | undefined {
  if (layout == null) return undefined;
  if (typeof layout !== "object" || Array.isArray(layout)) return "Expected an object.";
  const l = layout as JsonObject;
  const missing = ["h", "minH", "w", "x", "y"].filter((k) => !(k in l));
  if (missing.length) return `Missing required keys: ${missing.join(", ")}`;
  const bad = ["x", "y", "w", "h", "minH"].find((k) => l[k] !== null && !Number.isInteger(l[k]));
  return bad ? `Expected number for: ${bad === "minH" ? "min_h" : bad}` : undefined;
}

/** Field errors of one widget, `{}` when it is valid (Sentry lists one entry per widget). */
function validateWidget(w: unknown, existing: Set<string>): Errors {
  if (typeof w !== "object" || w === null || Array.isArray(w))
    return { non_field_errors: ["Invalid data. Expected a dictionary."] };
  const widget = w as JsonObject;
  const errors: Errors = {};
  const creating = !widget.id;
  if (widget.id != null && !/^\d+$/.test(String(widget.id)))
    errors.id = ["Invalid ID format. Must be a numeric string"];
  if (widget.title != null && (typeof widget.title !== "string" || widget.title.length > 255))
    errors.title = ["Ensure this field has no more than 255 characters."];
  if (widget.displayType != null && !DISPLAY_TYPES.has(String(widget.displayType)))
    errors.displayType = [`"${String(widget.displayType)}" is not a valid choice.`];
  if (widget.widgetType != null && !WIDGET_TYPES.has(String(widget.widgetType)))
    errors.widgetType = [`"${String(widget.widgetType)}" is not a valid choice.`];
  if (widget.limit != null) {
    const limit = widget.limit;
    if (!Number.isInteger(limit)) errors.limit = ["A valid integer is required."];
    else if ((limit as number) < 1)
      errors.limit = ["Ensure this value is greater than or equal to 1."];
    else if ((limit as number) > 10)
      errors.limit = ["Ensure this value is less than or equal to 10."];
  }
  if (widget.interval != null && !/^\d+[smhdw]$/.test(String(widget.interval)))
    errors.interval = ["Invalid interval"];
  const layout = validateLayout(widget.layout);
  if (layout) errors.layout = [layout];
  if (widget.queries !== undefined) {
    if (!Array.isArray(widget.queries)) errors.queries = ["Expected a list of items."];
    else {
      const perQuery = widget.queries.map((q) => validateQuery(q, creating));
      if (perQuery.some((e) => Object.keys(e).length)) errors.queries = perQuery;
    }
  }
  if (Object.keys(errors).length) return errors;
  if (widget.id != null && !existing.has(String(widget.id)))
    throw new SerializerError(["You cannot update widgets that are not part of this dashboard."]);
  if (creating) {
    if (!Array.isArray(widget.queries) || widget.queries.length === 0)
      return { queries: ["One or more queries are required to create a widget"] };
    if (!widget.title && widget.widgetType !== "metrics")
      return { title: ["Title is required during creation."] };
    if (widget.displayType == null)
      return { displayType: ["displayType is required during creation."] };
  }
  return {};
}

interface Parsed {
  title?: string;
  widgets?: JsonObject[];
  projects?: number[];
  environment?: string[];
  period?: string | null;
  filters?: JsonObject;
}

function parseDashboard(
  store: SandboxStore,
  org: OrgRecord,
  body: JsonObject,
  current: DashboardRecord | undefined,
): Parsed {
  const errors: Errors = {};
  const out: Parsed = {};
  if (body.title !== undefined) {
    if (typeof body.title !== "string") errors.title = ["Not a valid string."];
    else if (body.title.trim() === "") errors.title = ["This field may not be blank."];
    else if (body.title.length > 255)
      errors.title = ["Ensure this field has no more than 255 characters."];
    else out.title = body.title;
  } else if (!current) errors.title = ["This field is required."];
  if (body.widgets !== undefined) {
    if (!Array.isArray(body.widgets))
      errors.widgets = [`Expected a list of items but got type "${typeof body.widgets}".`];
    else {
      const existing = new Set((current?.widgets ?? []).map((w) => w.id));
      const perWidget = body.widgets.map((w) => validateWidget(w, existing));
      if (perWidget.some((e) => Object.keys(e).length)) errors.widgets = perWidget;
      else out.widgets = body.widgets as JsonObject[];
    }
  }
  if (body.projects !== undefined) {
    if (!Array.isArray(body.projects) || !body.projects.every((p) => Number.isInteger(p)))
      errors.projects = ["A valid integer is required."];
    else out.projects = body.projects as number[];
  }
  if (body.environment !== undefined) {
    if (body.environment !== null && !strings(body.environment))
      errors.environment = ["Expected a list of items."];
    else out.environment = (body.environment as string[] | null) ?? [];
  }
  if (body.period !== undefined) out.period = (body.period as string | null) ?? null;
  if (body.filters !== undefined) out.filters = body.filters as JsonObject;
  if (Object.keys(errors).length) throw new SerializerError(errors);
  const mine = new Set(store.projects.filter((p) => p.orgId === org.id).map((p) => Number(p.id)));
  if (out.projects?.some((p) => p !== -1 && !mine.has(p)))
    fail(403, "You do not have permission to perform this action.");
  return out;
}

function nextWidgetIds(store: SandboxStore): () => string {
  let last = Number(
    nextId(
      store.dashboards.flatMap((d) => d.widgets.map((w) => w.id)),
      510_000,
    ),
  );
  return () => String(last++);
}

/** The widget list after a write: updated in place by id, created without one. */
function applyWidgets(
  store: SandboxStore,
  current: WidgetRecord[],
  wire: JsonObject[],
): WidgetRecord[] {
  const newId = nextWidgetIds(store);
  let bottom = current.reduce((m, w) => Math.max(m, w.layout.y + w.layout.h), 0);
  return wire.map((w) => {
    const before = current.find((c) => c.id === String(w.id));
    const id = before?.id ?? newId();
    const layout =
      (w.layout as WidgetRecord["layout"] | null | undefined) ??
      before?.layout ??
      (() => {
        const placed = { x: 0, y: bottom, w: 2, h: 2, minH: 2 };
        bottom += 2;
        return placed;
      })();
    const queries = Array.isArray(w.queries)
      ? (w.queries as JsonObject[]).map((q, k) => ({
          id: q.id ? String(q.id) : `${id}${k + 1}`,
          name: (q.name as string | undefined) ?? "",
          fields: (q.fields as string[] | undefined) ?? [],
          aggregates: (q.aggregates as string[] | null | undefined) ?? [],
          columns: (q.columns as string[] | null | undefined) ?? [],
          conditions: (q.conditions as string | undefined) ?? "",
          orderby: (q.orderby as string | undefined) ?? "",
        }))
      : (before?.queries ?? []);
    const pick = <T>(key: string, fallback: T): T =>
      w[key] !== undefined ? (w[key] as T) : fallback;
    return {
      id,
      title: pick("title", before?.title ?? ""),
      description: pick("description", before?.description ?? null),
      displayType: pick("displayType", before?.displayType ?? "line"),
      widgetType: pick("widgetType", before?.widgetType ?? "error-events"),
      interval: pick("interval", before?.interval ?? "5m"),
      limit: pick("limit", before?.limit ?? null),
      thresholds: pick("thresholds", before?.thresholds ?? null),
      layout: { ...layout },
      queries,
    };
  });
}

function titleTaken(store: SandboxStore, org: OrgRecord, title: string, except?: string) {
  return store.dashboards.some((d) => d.orgId === org.id && d.title === title && d.id !== except);
}

/** Sentry's retitling of a duplicate: "X" → "X copy" → "X copy 1" → "X copy 2". */
function nextCopyTitle(title: string): string {
  const m = /^(.*) copy(?:$|\s(\d+))/.exec(title);
  if (!m) return `${title} copy`;
  return m[2] ? `${m[1]} copy ${Number(m[2]) + 1}` : `${m[1]} copy 1`;
}

function guard(handler: (c: Context) => Promise<Response>) {
  return async (c: Context) => {
    try {
      return await handler(c);
    } catch (error) {
      if (error instanceof SerializerError) return c.json(error.body as JsonObject, 400);
      throw error;
    }
  };
}

export function registerDashboardWriteRoutes(
  app: Hono,
  deps: RouteDeps,
  serialize: (d: DashboardRecord) => JsonObject,
): void {
  const { store } = deps;
  const find = (org: OrgRecord, id: string) => {
    const d = /^\d+$/.test(id)
      ? store.dashboards.find((x) => x.orgId === org.id && x.id === id)
      : undefined;
    if (!d) fail(404, NOT_FOUND);
    return d;
  };

  app.post(
    "/api/0/organizations/:org/dashboards/",
    guard(async (c) => {
      const org = findOrg(store, c.req.param("org")!);
      const body = await jsonBody(c);
      const parsed = parseDashboard(store, org, body as JsonObject, undefined);
      let title = parsed.title!;
      for (let n = 0; titleTaken(store, org, title); n++) {
        if (body.duplicate !== true || n >= 10) return c.json(TITLE_TAKEN, 409);
        title = nextCopyTitle(title);
      }
      const record: DashboardRecord = {
        id: nextId(
          store.dashboards.map((d) => d.id),
          5100,
        ),
        orgId: org.id,
        title,
        createdBy: store.currentUserId,
        dateCreated: store.now.toISOString(),
        lastVisited: null,
        isFavorited: false,
        projectIds: (parsed.projects ?? []).filter((p) => p !== -1),
        environment: parsed.environment ?? [],
        period: parsed.period ?? null,
        filters: parsed.filters ?? {},
        widgets: [],
      };
      record.widgets = applyWidgets(store, [], parsed.widgets ?? []);
      store.dashboards.push(record);
      return c.json(serialize(record), 201);
    }),
  );

  app.put(
    "/api/0/organizations/:org/dashboards/:id/",
    guard(async (c) => {
      const org = findOrg(store, c.req.param("org")!);
      const d = find(org, c.req.param("id")!);
      const parsed = parseDashboard(store, org, (await jsonBody(c)) as JsonObject, d);
      if (parsed.title !== undefined && titleTaken(store, org, parsed.title, d.id))
        return c.json(TITLE_TAKEN, 409);
      if (parsed.title !== undefined) d.title = parsed.title;
      if (parsed.widgets) d.widgets = applyWidgets(store, d.widgets, parsed.widgets);
      if (parsed.projects) d.projectIds = parsed.projects.filter((p) => p !== -1);
      if (parsed.environment) d.environment = parsed.environment;
      if (parsed.period !== undefined) d.period = parsed.period;
      if (parsed.filters) d.filters = parsed.filters;
      return c.json(serialize(d));
    }),
  );

  app.delete("/api/0/organizations/:org/dashboards/:id/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const d = find(org, c.req.param("id"));
    store.dashboards = store.dashboards.filter((x) => x !== d);
    return c.body(null, 204);
  });
}
