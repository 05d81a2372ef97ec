/** Routes: tag distributions of an issue. */

import type { Context, Hono } from "hono";
import type { TagRecord, TagValueRecord } from "../data/types.js";
import {
  fail,
  findIssue,
  findOrg,
  listParam,
  NOT_FOUND,
  paginate,
  type RouteDeps,
} from "./http.js";

const TOP_VALUES = 9;

function valueJson(tag: TagRecord, v: TagValueRecord) {
  return {
    key: tag.key,
    name: v.value,
    value: v.value,
    count: v.count,
    lastSeen: v.lastSeen,
    firstSeen: v.firstSeen,
  };
}

function tagJson(tag: TagRecord) {
  const sorted = [...tag.values].sort(
    (a, b) => b.count - a.count || a.value.localeCompare(b.value),
  );
  return {
    key: tag.key,
    name: tag.name,
    totalValues: tag.values.reduce((sum, v) => sum + v.count, 0),
    uniqueValues: tag.values.length,
    topValues: sorted.slice(0, TOP_VALUES).map((v) => valueJson(tag, v)),
  };
}

const VALUE_SORTS: Record<string, (a: TagValueRecord, b: TagValueRecord) => number> = {
  count: (a, b) => a.count - b.count,
  date: (a, b) => a.lastSeen.localeCompare(b.lastSeen),
  age: (a, b) => a.firstSeen.localeCompare(b.firstSeen),
  id: (a, b) => a.value.localeCompare(b.value),
};

function issueTags(c: Context, deps: RouteDeps): TagRecord[] {
  const org = findOrg(deps.store, c.req.param("org")!);
  const issue = findIssue(deps.store, org, c.req.param("issueId")!);
  return deps.store.issueTags.get(issue.id) ?? [];
}

export function registerTagRoutes(app: Hono, deps: RouteDeps): void {
  // Undocumented in the OpenAPI spec: every tag key of an issue with its top values.
  app.get("/api/0/organizations/:org/issues/:issueId/tags/", (c) => {
    const keys = listParam(c, "key");
    const tags = issueTags(c, deps).filter((t) => keys.length === 0 || keys.includes(t.key));
    return c.json(tags.map(tagJson));
  });

  app.get("/api/0/organizations/:org/issues/:issueId/tags/:key/", (c) => {
    const tag = issueTags(c, deps).find((t) => t.key === c.req.param("key"));
    if (!tag) fail(404, NOT_FOUND);
    return c.json(tagJson(tag));
  });

  app.get("/api/0/organizations/:org/issues/:issueId/tags/:key/values/", (c) => {
    const tag = issueTags(c, deps).find((t) => t.key === c.req.param("key"));
    if (!tag) fail(404, NOT_FOUND);
    const rawSort = c.req.query("sort") ?? "-count";
    const desc = rawSort.startsWith("-");
    const cmp = VALUE_SORTS[desc ? rawSort.slice(1) : rawSort];
    if (!cmp) fail(400, `Invalid sort: '${rawSort}'`);
    const sorted = [...tag.values].sort(
      (a, b) => (desc ? cmp(b, a) : cmp(a, b)) || a.value.localeCompare(b.value),
    );
    const page = paginate(c, deps, sorted);
    return c.json(page.map((v) => valueJson(tag, v)));
  });
}
