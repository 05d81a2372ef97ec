/** Routes: releases, their commits and deploys. */

import type { Context, Hono } from "hono";
import type { CommitRecord, OrgRecord, ReleaseRecord, SandboxStore } from "../data/types.js";
import {
  fail,
  findOrg,
  findProject,
  listParam,
  NOT_FOUND,
  paginate,
  type RouteDeps,
} from "./http.js";
import { withHealth } from "./release-health.js";
import { serializeCommit, serializeDeploy, serializeRelease } from "./serialize-releases.js";

function findRelease(store: SandboxStore, org: OrgRecord, version: string): ReleaseRecord {
  const rel = store.releases.find((r) => r.orgId === org.id && r.version === version);
  if (!rel) fail(404, NOT_FOUND);
  return rel;
}

function commitsOf(store: SandboxStore, rel: ReleaseRecord): CommitRecord[] {
  return rel.commitIds
    .map((id) => store.commits.find((c) => c.id === id))
    .filter((c): c is CommitRecord => c !== undefined);
}

function releaseParam(c: Context): string {
  return c.req.param("version")!;
}

export function registerReleaseRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;

  app.get("/api/0/organizations/:org/releases/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const query = (c.req.query("query") ?? "").toLowerCase();
    const projectRefs = listParam(c, "project").filter((p) => p !== "-1");
    const projectIds = projectRefs.map((ref) => {
      const p = store.projects.find((x) => x.orgId === org.id && (x.id === ref || x.slug === ref));
      if (!p) fail(403, "You do not have permission to perform this action.");
      return p.id;
    });
    const envs = listParam(c, "environment");
    const releases = store.releases
      .filter((r) => r.orgId === org.id)
      .filter((r) => query === "" || r.version.toLowerCase().includes(query))
      .filter((r) => projectIds.length === 0 || r.projectIds.some((id) => projectIds.includes(id)))
      .filter((r) => envs.length === 0 || r.deploys.some((d) => envs.includes(d.environment)))
      .sort((a, b) => b.dateCreated.localeCompare(a.dateCreated) || b.id - a.id);
    const page = paginate(c, deps, releases);
    return c.json(page.map((r) => withHealth(c, store, r, serializeRelease(store, r))));
  });

  app.get("/api/0/organizations/:org/releases/:version/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const rel = findRelease(store, org, releaseParam(c));
    return c.json(withHealth(c, store, rel, serializeRelease(store, rel)));
  });

  app.get("/api/0/organizations/:org/releases/:version/commits/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const rel = findRelease(store, org, releaseParam(c));
    const page = paginate(c, deps, commitsOf(store, rel));
    return c.json(page.map((commit) => serializeCommit(store, commit)));
  });

  app.get("/api/0/projects/:org/:project/releases/:version/commits/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const project = findProject(store, org, c.req.param("project"));
    const rel = findRelease(store, org, releaseParam(c));
    if (!rel.projectIds.includes(project.id)) fail(404, NOT_FOUND);
    const page = paginate(c, deps, commitsOf(store, rel));
    return c.json(page.map((commit) => serializeCommit(store, commit)));
  });

  app.get("/api/0/organizations/:org/releases/:version/deploys/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const rel = findRelease(store, org, releaseParam(c));
    // Deploys are per environment; a project filter only checks the release includes it.
    for (const ref of [...listParam(c, "project"), ...listParam(c, "projectSlug")]) {
      const project = store.projects.find(
        (p) => p.orgId === org.id && (p.id === ref || p.slug === ref),
      );
      if (!project || !rel.projectIds.includes(project.id)) fail(404, NOT_FOUND);
    }
    const deploys = [...rel.deploys].sort((a, b) => b.dateFinished.localeCompare(a.dateFinished));
    const page = paginate(c, deps, deploys);
    return c.json(page.map(serializeDeploy));
  });
}
