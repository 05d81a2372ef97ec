/**
 * Routes: an organization's connected repositories (`GET /organizations/{org}/repos/`, in the
 * spec) and, undocumented in the spec, `POST /organizations/{org}/code-mappings/bulk/`, which
 * links a repository to a project with code mappings (body `{project, repository, provider,
 * mappings: [{stackRoot, sourceRoot}]}`; answers counts and one status per mapping).
 */

import type { Context, Hono } from "hono";
import type { JsonObject, RepositoryRecord } from "../data/types.js";
import { findOrg, paginate, type RouteDeps } from "./http.js";
import { fieldError, jsonBody, withFieldErrors } from "./write-helpers.js";

function serializeRepo(r: RepositoryRecord): JsonObject {
  return {
    id: r.id,
    name: r.name,
    url: r.url,
    provider: { ...r.provider },
    status: "active",
    integrationId: "4500301",
    externalSlug: r.name,
    externalId: r.id,
    dateCreated: r.dateCreated,
  };
}

export function registerRepositoryRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;

  app.get("/api/0/organizations/:org/repos/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const query = (c.req.query("query") ?? "").trim().toLowerCase();
    const repos = store.repositories
      .filter((r) => r.orgId === org.id && (!query || r.name.toLowerCase().includes(query)))
      .sort((a, b) => a.name.localeCompare(b.name));
    return c.json(paginate(c, deps, repos).map(serializeRepo));
  });

  app.post(
    "/api/0/organizations/:org/code-mappings/bulk/",
    withFieldErrors(async (c: Context) => {
      const org = findOrg(store, c.req.param("org")!);
      const body = await jsonBody(c);
      const project = store.projects.find((p) => p.orgId === org.id && p.slug === body.project);
      if (!project) fieldError("project", "Could not find project");
      const repo = store.repositories.find((r) => r.orgId === org.id && r.name === body.repository);
      if (!repo) fieldError("repository", "Could not find repository");
      const mappings = body.mappings;
      if (!Array.isArray(mappings) || mappings.length === 0)
        fieldError("mappings", "This field is required.");
      const out: JsonObject[] = [];
      let created = 0;
      let updated = 0;
      for (const m of mappings as Array<Record<string, unknown>>) {
        const stackRoot = typeof m.stackRoot === "string" ? m.stackRoot : "";
        const sourceRoot = typeof m.sourceRoot === "string" ? m.sourceRoot : "";
        project.codeMappings = project.codeMappings ?? [];
        const list = project.codeMappings;
        const existing = list.find((x) => x.repositoryId === repo.id && x.stackRoot === stackRoot);
        if (existing) {
          existing.sourceRoot = sourceRoot;
          updated++;
        } else {
          list.push({ repositoryId: repo.id, stackRoot, sourceRoot });
          created++;
        }
        out.push({ stackRoot, sourceRoot, status: existing ? "updated" : "created" });
      }
      return c.json({ created, updated, errors: 0, mappings: out });
    }),
  );
}
