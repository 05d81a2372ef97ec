/**
 * Routes: alerts. The current model (`/workflows/` = alerts, `/detectors/` = monitors) and the
 * legacy alert-rule endpoints self-hosted Sentry still serves. Orgs in LEGACY_ALERT_ORGS answer
 * 404 on the current routes, like an install that predates them.
 */

import type { Context, Hono } from "hono";
import { type DetectorRecord, LEGACY_ALERT_ORGS, type WorkflowRecord } from "../data/alerts.js";
import type { JsonObject, OrgRecord, SandboxStore } from "../data/types.js";
import {
  baseUrlOf,
  fail,
  findOrg,
  findProject,
  listParam,
  NOT_FOUND,
  paginate,
  type RouteDeps,
} from "./http.js";
import { serializeIssueBase } from "./serialize-issues.js";

function currentModelOrg(store: SandboxStore, slug: string): OrgRecord {
  const org = findOrg(store, slug);
  if (LEGACY_ALERT_ORGS.includes(org.id)) fail(404, NOT_FOUND);
  return org;
}

/** Project ids from `project=` (ids or slugs; -1 means all). */
function projectFilter(c: Context, store: SandboxStore, org: OrgRecord): Set<string> | null {
  const values = listParam(c, "project").filter((v) => v !== "-1");
  if (values.length === 0) return null;
  return new Set(values.map((v) => findProject(store, org, v).id));
}

function idFilter(c: Context): Set<string> | null {
  const ids = listParam(c, "id");
  if (ids.some((id) => !/^\d+$/.test(id))) fail(400, "Invalid id parameter.");
  return ids.length ? new Set(ids) : null;
}

function ownerJson(store: SandboxStore, owner: DetectorRecord["owner"]): JsonObject | null {
  if (!owner) return null;
  if (owner.type === "team") {
    const team = store.teams.find((t) => t.id === owner.id);
    return { type: "team", id: owner.id, name: team?.slug ?? owner.id };
  }
  const user = store.users.find((u) => u.id === owner.id);
  return { type: "user", id: owner.id, name: user?.email ?? owner.id, email: user?.email ?? "" };
}

export function serializeWorkflow(w: WorkflowRecord): JsonObject {
  return {
    id: w.id,
    name: w.name,
    organizationId: w.orgId,
    createdBy: w.createdBy,
    dateCreated: w.dateCreated,
    dateUpdated: w.dateUpdated,
    triggers: structuredClone(w.triggers),
    actionFilters: structuredClone(w.actionFilters),
    environment: w.environment,
    config: { ...w.config },
    detectorIds: [...w.detectorIds],
    enabled: w.enabled,
    lastTriggered: w.lastTriggered,
    owner: w.owner,
  };
}

export function serializeDetector(
  store: SandboxStore,
  d: DetectorRecord,
  baseUrl: string,
): JsonObject {
  const group = d.latestGroupId ? store.issues.find((i) => i.id === d.latestGroupId) : undefined;
  return {
    id: d.id,
    projectId: d.projectId,
    name: d.name,
    description: d.description,
    type: d.type,
    workflowIds: [...d.workflowIds],
    owner: ownerJson(store, d.owner),
    createdBy: d.createdBy,
    dateCreated: d.dateCreated,
    dateUpdated: d.dateUpdated,
    dataSources: structuredClone(d.dataSources),
    conditionGroup: structuredClone(d.conditionGroup),
    config: { ...d.config },
    enabled: d.enabled,
    latestGroup: group ? serializeIssueBase(store, group, baseUrl) : null,
    openIssues: group && group.status === "unresolved" ? 1 : 0,
  };
}

/** `type:metric_issue`, `type:[a,b]`, `name:"..."` and free words (matched against the name). */
function detectorMatches(d: DetectorRecord, query: string): boolean {
  const tokens = query.match(/(\w+:"[^"]*"|\S+)/g) ?? [];
  return tokens.every((token) => {
    const m = /^(!?)(type|name):"?([^"]*)"?$/.exec(token);
    if (m) {
      const value = m[3].toLowerCase();
      const types = /^\[(.*)\]$/.exec(value)?.[1].split(",") ?? [value];
      const hit = m[2] === "type" ? types.includes(d.type) : d.name.toLowerCase().includes(value);
      return m[1] ? !hit : hit;
    }
    return d.name.toLowerCase().includes(token.toLowerCase());
  });
}

function sortBy<T extends { id: string; name: string }>(c: Context, items: T[]): T[] {
  const raw = c.req.query("sortBy") ?? "id";
  const desc = raw.startsWith("-");
  const key = raw.replace(/^-/, "");
  if (!["id", "name"].includes(key)) fail(400, `Invalid sortBy: '${raw}'`);
  const sorted = [...items].sort((a, b) =>
    key === "name" ? a.name.localeCompare(b.name) : Number(a.id) - Number(b.id),
  );
  return desc ? sorted.reverse() : sorted;
}

export function registerAlertRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;

  app.get("/api/0/organizations/:org/workflows/", (c) => {
    const org = currentModelOrg(store, c.req.param("org"));
    const projects = projectFilter(c, store, org);
    const ids = idFilter(c);
    const query = (c.req.query("query") ?? "").trim().toLowerCase();
    const items = store.alerts.workflows.filter((w) => {
      if (w.orgId !== org.id) return false;
      if (ids && !ids.has(w.id)) return false;
      if (query && !w.name.toLowerCase().includes(query)) return false;
      if (projects) {
        const detectorProjects = store.alerts.detectors
          .filter((d) => w.detectorIds.includes(d.id))
          .map((d) => d.projectId);
        if (!detectorProjects.some((p) => projects.has(p))) return false;
      }
      return true;
    });
    const page = paginate(c, deps, sortBy(c, items));
    return c.json(page.map(serializeWorkflow));
  });

  app.get("/api/0/organizations/:org/workflows/:id/", (c) => {
    const org = currentModelOrg(store, c.req.param("org"));
    const w = store.alerts.workflows.find((x) => x.orgId === org.id && x.id === c.req.param("id"));
    if (!w) fail(404, NOT_FOUND);
    return c.json(serializeWorkflow(w));
  });

  app.get("/api/0/organizations/:org/detectors/", (c) => {
    const org = currentModelOrg(store, c.req.param("org"));
    const projects = projectFilter(c, store, org);
    const ids = idFilter(c);
    const query = (c.req.query("query") ?? "").trim();
    const types = listParam(c, "type");
    const items = store.alerts.detectors.filter(
      (d) =>
        d.orgId === org.id &&
        (types.length === 0 || types.includes(d.type)) &&
        (!ids || ids.has(d.id)) &&
        (!projects || projects.has(d.projectId)) &&
        detectorMatches(d, query),
    );
    const page = paginate(c, deps, sortBy(c, items));
    return c.json(page.map((d) => serializeDetector(store, d, baseUrlOf(c, deps))));
  });

  app.get("/api/0/organizations/:org/detectors/:id/", (c) => {
    const org = currentModelOrg(store, c.req.param("org"));
    const d = store.alerts.detectors.find((x) => x.orgId === org.id && x.id === c.req.param("id"));
    if (!d) fail(404, NOT_FOUND);
    return c.json(serializeDetector(store, d, baseUrlOf(c, deps)));
  });

  // Legacy issue alert rules: project-scoped.
  app.get("/api/0/projects/:org/:project/rules/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const project = findProject(store, org, c.req.param("project"));
    const rules = store.alerts.issueRules
      .filter((r) => r.orgId === org.id && r.projectId === project.id)
      .map((r) => r.rule);
    return c.json(paginate(c, deps, rules).map((r) => structuredClone(r)));
  });

  app.get("/api/0/projects/:org/:project/rules/:id/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const project = findProject(store, org, c.req.param("project"));
    const rule = store.alerts.issueRules.find(
      (r) => r.orgId === org.id && r.projectId === project.id && r.rule.id === c.req.param("id"),
    );
    if (!rule) fail(404, NOT_FOUND);
    return c.json(structuredClone(rule.rule));
  });

  // Legacy metric alert rules: org-scoped, filterable by project.
  app.get("/api/0/organizations/:org/alert-rules/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const projects = projectFilter(c, store, org);
    const query = (c.req.query("name") ?? c.req.query("query") ?? "").trim().toLowerCase();
    const rules = store.alerts.metricRules
      .filter(
        (r) =>
          r.orgId === org.id &&
          (!projects || r.projectIds.some((p) => projects.has(p))) &&
          (!query || r.rule.name.toLowerCase().includes(query)),
      )
      .map((r) => r.rule);
    return c.json(paginate(c, deps, rules).map((r) => structuredClone(r)));
  });

  app.get("/api/0/organizations/:org/alert-rules/:id/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const rule = store.alerts.metricRules.find(
      (r) => r.orgId === org.id && r.rule.id === c.req.param("id"),
    );
    if (!rule) fail(404, NOT_FOUND);
    return c.json(structuredClone(rule.rule));
  });
}
