/** Routes: teams. */

import type { Hono } from "hono";
import { findOrg, paginate, type RouteDeps } from "./http.js";
import { serializeTeam } from "./serialize-orgs.js";

export function registerTeamRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;

  app.get("/api/0/organizations/:org/teams/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const detailed = c.req.query("detailed") !== "0";
    const query = (c.req.query("query") ?? "").toLowerCase();
    const teams = store.teams
      .filter((t) => t.orgId === org.id)
      .filter((t) => query === "" || t.slug.includes(query) || t.name.toLowerCase().includes(query))
      .sort((a, b) => a.slug.localeCompare(b.slug));
    const page = paginate(c, deps, teams);
    return c.json(page.map((t) => serializeTeam(store, t, detailed)));
  });
}
