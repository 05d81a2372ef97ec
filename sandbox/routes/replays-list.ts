/**
 * Route: the replay index (`GET /organizations/{org}/replays/`) with `field`, `query`, `sort`,
 * time range, project, environment and pagination. Replay details live in replays.ts.
 */

import type { Hono } from "hono";
import type { JsonObject } from "../data/types.js";
import { type Cell, matches, parseConditions } from "./explore-query.js";
import { fail, findOrg, listParam, paginate, type RouteDeps, timeWindow } from "./http.js";
import { serializeReplay } from "./replays.js";

/** Replay fields the endpoint documents (its `field` enum). */
const FIELDS = new Set([
  "activity",
  "browser",
  "count_dead_clicks",
  "count_errors",
  "count_rage_clicks",
  "count_segments",
  "count_urls",
  "device",
  "dist",
  "duration",
  "environment",
  "error_ids",
  "finished_at",
  "id",
  "is_archived",
  "os",
  "platform",
  "project_id",
  "releases",
  "sdk",
  "started_at",
  "tags",
  "trace_ids",
  "segment_names",
  "urls",
  "user",
  "clicks",
  "info_ids",
  "warning_ids",
  "count_warnings",
  "count_infos",
  "has_viewed",
]);

const SORTS = new Set([
  "started_at",
  "finished_at",
  "duration",
  "count_errors",
  "count_rage_clicks",
  "count_dead_clicks",
  "count_urls",
  "activity",
]);

/** A search key's value in a serialized replay: `user.email`, `browser.name`, `url`, ... */
function lookup(replay: JsonObject, key: string): Cell[] {
  if (key === "url") return (replay.urls as string[] | null) ?? [];
  if (key === "release") return (replay.releases as string[]) ?? [];
  if (key === "trace") return (replay.trace_ids as string[]) ?? [];
  const [head, sub] = key.split(".", 2);
  const value = replay[head];
  if (sub && value && typeof value === "object" && !Array.isArray(value))
    return [((value as JsonObject)[sub] ?? null) as Cell];
  if (Array.isArray(value)) return value as Cell[];
  return [(value ?? null) as Cell];
}

export function registerReplayListRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;

  app.get("/api/0/organizations/:org/replays/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const fields = c.req.queries("field") ?? [];
    for (const f of fields) if (!FIELDS.has(f)) fail(400, `field: "${f}" is not a valid choice.`);
    const sort = c.req.query("sort") ?? c.req.query("orderBy") ?? "-started_at";
    if (!SORTS.has(sort.replace(/^-/, ""))) fail(400, `sort: "${sort}" is not a valid choice.`);
    const projects = store.projects.filter((p) => p.orgId === org.id);
    const refs = [...listParam(c, "project"), ...listParam(c, "projectSlug")].filter(
      (r) => r !== "-1",
    );
    const scoped = refs.map((ref) => {
      const p = projects.find((x) => x.id === ref || x.slug === ref);
      if (!p) fail(403, "You do not have permission to perform this action.");
      return p.id;
    });
    const envs = listParam(c, "environment");
    const window = timeWindow(c, store.now) ?? {
      start: store.now.getTime() - 14 * 86_400_000,
      end: store.now.getTime(),
    };
    let rows = store.replays
      .filter((r) => projects.some((p) => p.id === r.projectId))
      .filter((r) => scoped.length === 0 || scoped.includes(r.projectId))
      .filter((r) => envs.length === 0 || envs.includes(r.environment ?? ""))
      .filter((r) => r.startedAtMs >= window.start && r.startedAtMs <= window.end)
      .map(serializeReplay);
    for (const cond of parseConditions(c.req.query("query") ?? "")) {
      const test = (r: JsonObject) =>
        cond.key === null
          ? JSON.stringify(r.urls ?? [])
              .toLowerCase()
              .includes(cond.values[0].toLowerCase())
          : cond.values.some((v) => lookup(r, cond.key!).some((cell) => matches(cell, v)));
      rows = rows.filter((r) => (cond.negated ? !test(r) : test(r)));
    }
    const key = sort.replace(/^-/, "");
    const dir = sort.startsWith("-") ? -1 : 1;
    rows.sort((a, b) => {
      const x = a[key] as number | string | null;
      const y = b[key] as number | string | null;
      if (x === y) return 0;
      if (x === null) return -dir;
      if (y === null) return dir;
      return (x < y ? -1 : 1) * dir;
    });
    const page = paginate(c, deps, rows, { defaultSize: 50, maxSize: 100 });
    const data =
      fields.length === 0
        ? page
        : page.map((r) => Object.fromEntries(fields.filter((f) => f in r).map((f) => [f, r[f]])));
    return c.json({ data });
  });
}
