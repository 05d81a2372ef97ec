/** Routes: organizations. */

import type { Hono } from "hono";
import { baseUrlOf, findOrg, paginate, type RouteDeps } from "./http.js";
import { serializeOrg } from "./serialize-orgs.js";

export function registerOrganizationRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;

  app.get("/api/0/organizations/", (c) => {
    const query = (c.req.query("query") ?? "").toLowerCase();
    const mine = store.organizations.filter(
      (o) =>
        store.members.some((m) => m.orgId === o.id && m.userId === store.currentUserId) &&
        (query === "" || o.slug.includes(query) || o.name.toLowerCase().includes(query)),
    );
    const page = paginate(c, deps, mine);
    return c.json(page.map((o) => serializeOrg(o, baseUrlOf(c, deps))));
  });

  app.get("/api/0/organizations/:org/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    return c.json(serializeOrg(org, baseUrlOf(c, deps)));
  });
}
