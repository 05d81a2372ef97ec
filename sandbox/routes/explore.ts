/** Routes: the events table (errors, spans, logs, trace metrics, profile functions), traces. */

import type { Context, Hono } from "hono";
import type { OrgRecord, SandboxStore } from "../data/types.js";
import { datasetSpec, EVENT_DATASETS, ITEM_TYPES } from "./explore-datasets.js";
import { attributeTypes, parseConditions, runTable } from "./explore-query.js";
import { fail, findOrg, listParam, paginate, type RouteDeps, timeWindow } from "./http.js";
import {
  eventsOfTrace,
  serializeTrace,
  serializeTraceMeta,
  spansOfTrace,
} from "./serialize-trace.js";

const DAY_MS = 86_400_000;

/** Project filter from `project=` (ids or slugs, `-1` for all); 403 for a project not in the org. */
function projectSlugs(c: Context, store: SandboxStore, org: OrgRecord): Set<string> | null {
  const refs = listParam(c, "project").filter((p) => p !== "-1");
  if (refs.length === 0) return null;
  return new Set(
    refs.map((ref) => {
      const p = store.projects.find((x) => x.orgId === org.id && (x.id === ref || x.slug === ref));
      if (!p) fail(403, "You do not have permission to perform this action.");
      return p.slug;
    }),
  );
}

function traceIdParam(c: Context): string {
  const id = c.req.param("traceId")!.toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(id)) fail(400, "Trace ID passed was invalid.");
  return id;
}

/** A trace lookup window: statsPeriod or start/end, 14 days by default like Sentry's. */
function traceWindow(c: Context, store: SandboxStore): { start: number; end: number } {
  return (
    timeWindow(c, store.now) ?? {
      start: store.now.getTime() - 14 * DAY_MS,
      end: store.now.getTime(),
    }
  );
}

export function registerExploreRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;

  app.get("/api/0/organizations/:org/events/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const dataset = c.req.query("dataset") ?? "";
    if (!EVENT_DATASETS.includes(dataset))
      fail(400, `dataset must be one of: ${EVENT_DATASETS.join(", ")}`);
    const spec = datasetSpec(store, org, dataset)!;
    const slugs = projectSlugs(c, store, org);
    const known = new Set(store.projects.filter((p) => p.orgId === org.id).map((p) => p.slug));
    for (const cond of parseConditions(c.req.query("query") ?? "")) {
      const missing = cond.key === "project" ? cond.values.filter((v) => !known.has(v)) : [];
      if (missing.length > 0)
        fail(
          400,
          `Invalid query. Project(s) ${missing.join(", ")} do not exist or are not actively selected.`,
        );
    }
    const envs = listParam(c, "environment");
    spec.rows = spec.rows.filter(
      (r) =>
        (slugs === null || slugs.has(String(r.project))) &&
        (envs.length === 0 || envs.includes(String(r.environment))),
    );
    const window = timeWindow(c, store.now) ?? {
      start: store.now.getTime() - 14 * DAY_MS,
      end: store.now.getTime(),
    };
    const result = runTable(spec, {
      fields: c.req.queries("field") ?? [],
      query: c.req.query("query") ?? "",
      sort: c.req.queries("sort") ?? c.req.queries("orderby") ?? [],
      window,
    });
    const page = paginate(c, deps, result.data, { defaultSize: 100, maxSize: 100 });
    return c.json({
      data: page,
      meta: {
        fields: result.fields,
        units: result.units,
        isMetricsData: dataset === "tracemetrics",
        isMetricsExtractedData: false,
        tips: {},
        datasetReason: "unchanged",
        dataset: spec.name,
        dataScanned: "full",
      },
    });
  });

  app.get("/api/0/organizations/:org/trace-items/attributes/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const itemType = c.req.query("dataset") ?? c.req.query("itemType");
    if (!itemType) fail(400, "One of itemType or dataset is required");
    if (!ITEM_TYPES[itemType])
      fail(400, `itemType must be one of: ${Object.keys(ITEM_TYPES).join(", ")}`);
    const spec = datasetSpec(store, org, ITEM_TYPES[itemType])!;
    const wanted = listParam(c, "attributeType");
    const substring = c.req.query("substringMatch") ?? "";
    const custom = (key: string) => !(key in spec.attributes);
    const attributes = [...attributeTypes(spec).entries()]
      .map(([key, type]) => ({
        key,
        name: key,
        attributeSource: {
          source_type: custom(key) && key.startsWith("custom.") ? "user" : "sentry",
        },
        attributeType: ["number", "integer", "duration"].includes(type)
          ? "number"
          : type === "boolean"
            ? "boolean"
            : "string",
      }))
      .filter((a) => wanted.length === 0 || wanted.includes(a.attributeType))
      .filter((a) => substring === "" || a.key.includes(substring))
      .sort((a, b) => a.key.localeCompare(b.key));
    return c.json(paginate(c, deps, attributes, { defaultSize: 1000, maxSize: 1000 }));
  });

  app.get("/api/0/organizations/:org/trace/:traceId/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const traceId = traceIdParam(c);
    const window = traceWindow(c, store);
    const limitRaw = c.req.query("limit");
    const limit = limitRaw === undefined ? 10_000 : Number(limitRaw);
    if (!Number.isInteger(limit) || limit < 1) fail(400, "Invalid limit parameter.");
    const inWindow = (ms: number) => ms >= window.start && ms <= window.end;
    const spans = spansOfTrace(store, org, traceId)
      .filter((s) => inWindow(s.startMs + s.durationMs))
      .slice(0, Math.min(limit, 10_000));
    const events = eventsOfTrace(store, org, traceId).filter((e) =>
      inWindow(Date.parse(e.dateCreated)),
    );
    return c.json(
      serializeTrace(store, spans, events, c.req.queries("additional_attributes") ?? []),
    );
  });

  app.get("/api/0/organizations/:org/trace-meta/:traceId/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const traceId = traceIdParam(c);
    const window = traceWindow(c, store);
    const inWindow = (ms: number) => ms >= window.start && ms <= window.end;
    const spans = spansOfTrace(store, org, traceId).filter((s) =>
      inWindow(s.startMs + s.durationMs),
    );
    const events = eventsOfTrace(store, org, traceId).filter((e) =>
      inWindow(Date.parse(e.dateCreated)),
    );
    return c.json(serializeTraceMeta(store, spans, events, traceId));
  });
}
