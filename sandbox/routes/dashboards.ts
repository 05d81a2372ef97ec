/** Routes: custom dashboards. */

import type { Hono } from "hono";
import type { DashboardRecord, WidgetRecord } from "../data/dashboards.js";
import type { JsonObject, SandboxStore } from "../data/types.js";
import { registerDashboardWriteRoutes } from "./dashboard-writes.js";
import { fail, findOrg, NOT_FOUND, paginate, type RouteDeps } from "./http.js";
import { serializeUser } from "./serialize-orgs.js";

function creator(store: SandboxStore, d: DashboardRecord): JsonObject | null {
  const user = d.createdBy ? store.users.find((u) => u.id === d.createdBy) : undefined;
  return user ? serializeUser(user) : null;
}

const PERMISSIONS = { isEditableByEveryone: true, teamsWithEditAccess: [] };

function serializeListItem(store: SandboxStore, d: DashboardRecord): JsonObject {
  return {
    id: d.id,
    title: d.title,
    dateCreated: d.dateCreated,
    createdBy: creator(store, d),
    environment: [...d.environment],
    filters: structuredClone(d.filters),
    lastVisited: d.lastVisited,
    widgetDisplay: d.widgets.map((w) => w.displayType),
    widgetPreview: d.widgets.map((w) => ({ displayType: w.displayType, layout: { ...w.layout } })),
    permissions: { ...PERMISSIONS },
    isFavorited: d.isFavorited,
    projects: [...d.projectIds],
    prebuiltId: null,
  };
}

function serializeWidget(d: DashboardRecord, w: WidgetRecord): JsonObject {
  return {
    id: w.id,
    title: w.title,
    description: w.description,
    displayType: w.displayType,
    thresholds: w.thresholds ? structuredClone(w.thresholds) : null,
    interval: w.interval,
    dateCreated: d.dateCreated,
    dashboardId: d.id,
    queries: w.queries.map((q) => ({
      id: q.id,
      name: q.name ?? "",
      fields: [...q.fields],
      aggregates: [...q.aggregates],
      columns: [...q.columns],
      fieldAliases: q.fields.map(() => ""),
      conditions: q.conditions,
      orderby: q.orderby ?? "",
      widgetId: w.id,
      onDemand: [],
      isHidden: false,
      selectedAggregate: null,
      linkedDashboards: [],
    })),
    limit: w.limit,
    widgetType: w.widgetType,
    layout: { ...w.layout },
    axisRange: null,
    legendType: null,
    datasetSource: "user",
    exploreUrls: null,
    changedReason: null,
  };
}

function serializeDetail(store: SandboxStore, d: DashboardRecord): JsonObject {
  return {
    id: d.id,
    title: d.title,
    dateCreated: d.dateCreated,
    createdBy: creator(store, d),
    widgets: d.widgets.map((w) => serializeWidget(d, w)),
    filters: structuredClone(d.filters),
    permissions: { ...PERMISSIONS },
    isFavorited: d.isFavorited,
    projects: [...d.projectIds],
    environment: [...d.environment],
    ...(d.period ? { period: d.period } : {}),
    utc: false,
    expired: false,
    prebuiltId: null,
  };
}

export function registerDashboardRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;

  app.get("/api/0/organizations/:org/dashboards/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const query = (c.req.query("query") ?? "").trim().toLowerCase();
    const sort = c.req.query("sort") ?? "title";
    const items = store.dashboards
      .filter((d) => d.orgId === org.id && (!query || d.title.toLowerCase().includes(query)))
      .sort((a, b) => {
        const desc = sort.startsWith("-");
        const key = desc ? sort.slice(1) : sort;
        const order =
          key === "dateCreated"
            ? a.dateCreated.localeCompare(b.dateCreated)
            : a.title.localeCompare(b.title);
        return desc ? -order : order;
      });
    const page = paginate(c, deps, items);
    return c.json(page.map((d) => serializeListItem(store, d)));
  });

  app.get("/api/0/organizations/:org/dashboards/:id/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const id = c.req.param("id");
    if (!/^\d+$/.test(id)) fail(404, NOT_FOUND);
    const d = store.dashboards.find((x) => x.orgId === org.id && x.id === id);
    if (!d) fail(404, NOT_FOUND);
    return c.json(serializeDetail(store, d));
  });

  registerDashboardWriteRoutes(app, deps, (d) => serializeDetail(store, d));
}
