/** Routes: projects. */

import type { Hono } from "hono";
import { baseUrlOf, findOrg, findProject, paginate, type RouteDeps } from "./http.js";
import { serializeProjectDetail, serializeProjectSummary } from "./serialize-orgs.js";

export function registerProjectRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;

  app.get("/api/0/organizations/:org/projects/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const query = (c.req.query("query") ?? "").toLowerCase().trim();
    const projects = store.projects
      .filter((p) => p.orgId === org.id)
      .filter((p) => query === "" || p.slug.includes(query) || p.name.toLowerCase().includes(query))
      .sort((a, b) => a.slug.localeCompare(b.slug));
    const page = paginate(c, deps, projects);
    return c.json(page.map((p) => serializeProjectSummary(store, p)));
  });

  app.get("/api/0/projects/:org/:project/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const project = findProject(store, org, c.req.param("project"));
    return c.json(serializeProjectDetail(store, project, baseUrlOf(c, deps)));
  });
}
