/** Routes: the organization's tag keys (what the embedded search agent looks names up in). */

import type { Hono } from "hono";
import { findOrg, issuesOfOrg, type RouteDeps } from "./http.js";

export function registerOrgTagRoutes(app: Hono, deps: RouteDeps): void {
  // Every tag key on the org's issues, with how many distinct values and events it has.
  app.get("/api/0/organizations/:org/tags/", (c) => {
    const org = findOrg(deps.store, c.req.param("org"));
    const byKey = new Map<string, { name: string; values: Set<string>; total: number }>();
    for (const issue of issuesOfOrg(deps.store, org)) {
      for (const tag of deps.store.issueTags.get(issue.id) ?? []) {
        const entry = byKey.get(tag.key) ?? { name: tag.name, values: new Set(), total: 0 };
        for (const v of tag.values) {
          entry.values.add(v.value);
          entry.total += v.count;
        }
        byKey.set(tag.key, entry);
      }
    }
    const tags = [...byKey.entries()]
      .map(([key, e]) => ({ key, name: e.name, uniqueValues: e.values.size, totalValues: e.total }))
      .sort((a, b) => b.totalValues - a.totalValues || a.key.localeCompare(b.key));
    return c.json(tags);
  });
}
