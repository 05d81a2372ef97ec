/** Routes: the current user, regions and organization members. */

import type { Hono } from "hono";
import { baseUrlOf, findOrg, paginate, type RouteDeps } from "./http.js";
import { serializeMember, serializeUser } from "./serialize-orgs.js";

export function registerUserRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;

  // Undocumented in the OpenAPI spec: the authenticated user.
  app.get("/api/0/auth/", (c) => {
    const me = store.users.find((u) => u.id === store.currentUserId)!;
    return c.json(serializeUser(me));
  });

  // Undocumented: SaaS region list (404 on self-hosted); the sandbox is its own single region.
  app.get("/api/0/users/me/regions/", (c) =>
    c.json({ regions: [{ name: "us", url: baseUrlOf(c, deps) }] }),
  );

  app.get("/api/0/organizations/:org/members/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const query = (c.req.query("query") ?? "").toLowerCase();
    const members = store.members.filter(
      (m) =>
        m.orgId === org.id &&
        (query === "" ||
          m.email.toLowerCase().includes(query) ||
          m.name.toLowerCase().includes(query)),
    );
    const page = paginate(c, deps, members);
    return c.json(page.map((m) => serializeMember(store, m)));
  });
}
