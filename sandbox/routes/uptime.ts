/**
 * Routes (undocumented in the OpenAPI spec): uptime monitors. The org list
 * `/organizations/{org}/uptime/` and, per project, `/projects/{org}/{proj}/uptime/` (create) and
 * `/projects/{org}/{proj}/uptime/{id}/` (details, update, delete) and `.../{id}/checks/` (recent
 * check results over `statsPeriod` or `start`/`end`, default 24h, newest first). The org list
 * filters by `project`/`projectSlug`, `environment`, `owner` and `query`. Bodies are camelCase
 * like Sentry's serializer; headers and body are sent as stored (they may hold secrets).
 */

import type { Context, Hono } from "hono";
import type {
  JsonObject,
  OrgRecord,
  ProjectRecord,
  SandboxStore,
  UptimeMonitorRecord,
} from "../data/types.js";
import { UPTIME_INTERVALS, UPTIME_METHODS, UPTIME_UP, uptimeChecks } from "../data/uptime.js";
import { DAY } from "../data/util.js";
import {
  fail,
  findOrg,
  findProject,
  listParam,
  NOT_FOUND,
  paginate,
  type RouteDeps,
  timeWindow,
} from "./http.js";
import { ownerFilter } from "./owner-filter.js";
import {
  actorJson,
  fieldError,
  jsonBody,
  nextId,
  optionalString,
  parseOwner,
  resolveActor,
  withFieldErrors,
} from "./write-helpers.js";

export function serializeUptimeMonitor(store: SandboxStore, m: UptimeMonitorRecord): JsonObject {
  const project = store.projects.find((p) => p.id === m.projectId);
  return {
    id: m.id,
    projectSlug: project?.slug ?? "",
    environment: m.environment,
    name: m.name,
    status: m.status,
    uptimeStatus: m.uptimeStatus,
    mode: m.mode,
    owner: actorJson(store, parseOwner(m.owner)),
    recoveryThreshold: m.recoveryThreshold,
    downtimeThreshold: m.downtimeThreshold,
    url: m.url,
    method: m.method,
    body: m.body,
    headers: m.headers.map(([k, v]) => [k, v]),
    intervalSeconds: m.intervalSeconds,
    timeoutMs: m.timeoutMs,
    traceSampling: m.traceSampling,
    responseCaptureEnabled: m.responseCaptureEnabled,
    assertion: null,
  };
}

type Fields = Partial<Omit<UptimeMonitorRecord, "id" | "orgId" | "projectId" | "dateCreated">>;

function intField(body: Record<string, unknown>, field: string, min: number, max: number) {
  const value = body[field];
  if (typeof value !== "number" || !Number.isInteger(value)) {
    fieldError(field, "A valid integer is required.");
  }
  if (value < min) fieldError(field, `Ensure this value is greater than or equal to ${min}.`);
  if (value > max) fieldError(field, `Ensure this value is less than or equal to ${max}.`);
  return value;
}

/** Validates the fields present in `body` (all required ones when `create`). */
function parseFields(
  store: SandboxStore,
  org: OrgRecord,
  body: Record<string, unknown>,
  create: boolean,
): Fields {
  const out: Fields = {};
  for (const field of ["name", "url", "intervalSeconds", "timeoutMs"]) {
    if (create && (body[field] === undefined || body[field] === null)) {
      fieldError(field, "This field is required.");
    }
  }
  if ("name" in body) out.name = optionalString(body, "name", 128);
  if ("url" in body) {
    const url = optionalString(body, "url", 255)!;
    let ok = false;
    try {
      ok = ["http:", "https:"].includes(new URL(url).protocol);
    } catch {
      ok = false;
    }
    if (!ok) fieldError("url", "Enter a valid URL.");
    out.url = url;
  }
  if ("intervalSeconds" in body) {
    const value = body.intervalSeconds;
    if (typeof value !== "number" || !UPTIME_INTERVALS.includes(value)) {
      fieldError("intervalSeconds", `"${String(value)}" is not a valid choice.`);
    }
    out.intervalSeconds = value;
  }
  if ("timeoutMs" in body) out.timeoutMs = intField(body, "timeoutMs", 1000, 60_000);
  if ("method" in body) {
    const method = body.method;
    if (typeof method !== "string" || !UPTIME_METHODS.includes(method)) {
      fieldError("method", `"${String(method)}" is not a valid choice.`);
    }
    out.method = method;
  }
  if ("headers" in body) {
    const headers = body.headers;
    const valid =
      Array.isArray(headers) &&
      headers.every(
        (h) => Array.isArray(h) && h.length === 2 && h.every((part) => typeof part === "string"),
      );
    if (!valid) fieldError("headers", "Expected a list of [name, value] pairs.");
    out.headers = (headers as Array<[string, string]>).map(([k, v]) => [k, v]);
  }
  if ("body" in body) {
    if (body.body !== null && typeof body.body !== "string")
      fieldError("body", "Not a valid string.");
    out.body = (body.body as string | null) || null;
  }
  if ("environment" in body) {
    out.environment = body.environment === null ? null : optionalString(body, "environment", 64);
  }
  if ("status" in body) {
    if (body.status !== "active" && body.status !== "disabled") {
      fieldError("status", `"${String(body.status)}" is not a valid choice.`);
    }
    out.status = body.status;
  }
  if ("owner" in body) {
    const ref = body.owner;
    if (ref === null || ref === "") out.owner = null;
    else {
      const actor = typeof ref === "string" ? resolveActor(store, org, ref) : undefined;
      if (!actor) fieldError("owner", "Could not resolve owner");
      out.owner = `${actor.type}:${actor.id}`;
    }
  }
  for (const flag of ["traceSampling", "responseCaptureEnabled"] as const) {
    if (!(flag in body)) continue;
    const value = body[flag];
    if (typeof value !== "boolean") fieldError(flag, "Must be a valid boolean.");
    out[flag] = value;
  }
  if ("recoveryThreshold" in body)
    out.recoveryThreshold = intField(body, "recoveryThreshold", 1, 100);
  if ("downtimeThreshold" in body)
    out.downtimeThreshold = intField(body, "downtimeThreshold", 1, 100);
  return out;
}

function findMonitor(store: SandboxStore, project: ProjectRecord, id: string): UptimeMonitorRecord {
  const monitor = store.uptimeMonitors.find((m) => m.id === id && m.projectId === project.id);
  if (!monitor) fail(404, NOT_FOUND);
  return monitor;
}

export function registerUptimeRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;
  const scope = (c: Context) => {
    const org = findOrg(store, c.req.param("org")!);
    return { org, project: findProject(store, org, c.req.param("project")!) };
  };

  app.get("/api/0/organizations/:org/uptime/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const ids = listParam(c, "project").filter((p) => p !== "-1");
    const slugs = listParam(c, "projectSlug");
    const envs = listParam(c, "environment");
    const ownerOk = ownerFilter(store, org, listParam(c, "owner"));
    const query = (c.req.query("query") ?? "").toLowerCase().trim();
    const projectIds = new Set<string>();
    for (const ref of [...ids, ...slugs]) {
      const project = store.projects.find(
        (p) => p.orgId === org.id && (p.id === ref || p.slug === ref),
      );
      if (!project) fail(403, "You do not have permission to perform this action.");
      projectIds.add(project.id);
    }
    const monitors = store.uptimeMonitors
      .filter((m) => m.orgId === org.id)
      .filter((m) => projectIds.size === 0 || projectIds.has(m.projectId))
      .filter((m) => envs.length === 0 || (m.environment !== null && envs.includes(m.environment)))
      .filter((m) => ownerOk(m.owner))
      .filter(
        (m) =>
          query === "" ||
          m.name.toLowerCase().includes(query) ||
          m.url.toLowerCase().includes(query),
      )
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    return c.json(paginate(c, deps, monitors).map((m) => serializeUptimeMonitor(store, m)));
  });

  app.post(
    "/api/0/projects/:org/:project/uptime/",
    withFieldErrors(async (c: Context) => {
      const { org, project } = scope(c);
      const fields = parseFields(store, org, await jsonBody(c), true);
      const monitor: UptimeMonitorRecord = {
        id: nextId(
          store.uptimeMonitors.map((m) => m.id),
          7_300_000,
        ),
        orgId: org.id,
        projectId: project.id,
        name: fields.name!,
        environment: fields.environment ?? null,
        status: fields.status ?? "active",
        uptimeStatus: UPTIME_UP,
        mode: 1,
        owner: fields.owner ?? null,
        url: fields.url!,
        method: fields.method ?? "GET",
        headers: fields.headers ?? [],
        body: fields.body ?? null,
        intervalSeconds: fields.intervalSeconds!,
        timeoutMs: fields.timeoutMs!,
        traceSampling: fields.traceSampling ?? false,
        responseCaptureEnabled: fields.responseCaptureEnabled ?? false,
        recoveryThreshold: fields.recoveryThreshold ?? 1,
        downtimeThreshold: fields.downtimeThreshold ?? 3,
        dateCreated: store.now.toISOString(),
      };
      if (monitor.environment && !project.environments.includes(monitor.environment)) {
        project.environments.push(monitor.environment);
      }
      store.uptimeMonitors.push(monitor);
      return c.json(serializeUptimeMonitor(store, monitor), 201);
    }),
  );

  // Undocumented: recent check results of one monitor, newest first.
  app.get("/api/0/projects/:org/:project/uptime/:id/checks/", (c) => {
    const { project } = scope(c);
    const monitor = findMonitor(store, project, c.req.param("id"));
    const window = timeWindow(c, store.now) ?? {
      start: store.now.getTime() - DAY,
      end: store.now.getTime(),
    };
    return c.json(paginate(c, deps, uptimeChecks(monitor, window)));
  });

  app.get("/api/0/projects/:org/:project/uptime/:id/", (c) => {
    const { project } = scope(c);
    return c.json(serializeUptimeMonitor(store, findMonitor(store, project, c.req.param("id"))));
  });

  app.put(
    "/api/0/projects/:org/:project/uptime/:id/",
    withFieldErrors(async (c: Context) => {
      const { org, project } = scope(c);
      const monitor = findMonitor(store, project, c.req.param("id")!);
      const fields = parseFields(store, org, await jsonBody(c), false);
      Object.assign(monitor, fields);
      return c.json(serializeUptimeMonitor(store, monitor));
    }),
  );

  app.delete("/api/0/projects/:org/:project/uptime/:id/", (c) => {
    const { project } = scope(c);
    const monitor = findMonitor(store, project, c.req.param("id"));
    store.uptimeMonitors = store.uptimeMonitors.filter((m) => m !== monitor);
    return c.body(null, 204);
  });
}
