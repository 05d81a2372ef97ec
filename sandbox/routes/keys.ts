/**
 * Routes: a project's client keys (DSNs): list, details, create and update. The wire shape
 * carries the secret key like Sentry's does; the MCP tools must never print it.
 */

import type { Context, Hono } from "hono";
import { addProjectKey, dsnHost } from "../data/keys.js";
import type {
  JsonObject,
  LoaderOption,
  OrgRecord,
  ProjectKeyRecord,
  ProjectRecord,
} from "../data/types.js";
import { fail, findOrg, findProject, NOT_FOUND, paginate, type RouteDeps } from "./http.js";
import { fieldError, jsonBody, optionalString, withFieldErrors } from "./write-helpers.js";

const MAX_WINDOW_SECONDS = 86_400;

export function serializeKey(org: OrgRecord, key: ProjectKeyRecord): JsonObject {
  const host = dsnHost(org);
  const api = `https://${host}/api/${key.projectId}`;
  const q = `?sentry_key=${key.id}`;
  return {
    id: key.id,
    name: key.name,
    label: key.name,
    public: key.id,
    secret: key.secret,
    projectId: Number(key.projectId),
    isActive: key.isActive,
    rateLimit: key.rateLimit ? { ...key.rateLimit } : null,
    dsn: {
      secret: `https://${key.id}:${key.secret}@${host}/${key.projectId}`,
      public: `https://${key.id}@${host}/${key.projectId}`,
      csp: `${api}/csp-report/${q}`,
      security: `${api}/security/${q}`,
      minidump: `${api}/minidump/${q}`,
      nel: `${api}/nel/${q}`,
      unreal: `${api}/unreal/${key.id}/`,
      crons: `${api}/cron/___MONITOR_SLUG___/${key.id}/`,
      cdn: `https://js.sandbox.invalid/${key.id}.min.js`,
      playstation: `${api}/playstation/${q}`,
      integration: `https://${host}/api/${key.projectId}/integration/`,
      otlp_traces: `${api}/otlp/v1/traces`,
      otlp_logs: `${api}/otlp/v1/logs`,
    },
    browserSdkVersion: key.browserSdkVersion ?? "9.x",
    browserSdk: { choices: BROWSER_SDK_VERSIONS.map((v) => [v, v]) },
    dateCreated: key.dateCreated,
    dynamicSdkLoaderOptions: { ...LOADER_DEFAULTS, ...key.dynamicSdkLoaderOptions },
    useCase: key.useCase,
  };
}

const BROWSER_SDK_VERSIONS = ["latest", "9.x", "8.x", "7.x"];
const LOADER_DEFAULTS: Record<LoaderOption, boolean> = {
  hasReplay: true,
  hasPerformance: true,
  hasDebug: false,
  hasFeedback: false,
  hasLogsAndMetrics: false,
};

/** The loader fields of a key PUT: a version among the choices, options merged one by one. */
function applyLoaderFields(key: ProjectKeyRecord, body: Record<string, unknown>): void {
  if ("browserSdkVersion" in body) {
    const version = body.browserSdkVersion;
    if (typeof version !== "string" || !BROWSER_SDK_VERSIONS.includes(version)) {
      fieldError("browserSdkVersion", `"${String(version)}" is not a valid choice.`);
    }
  }
  const options = body.dynamicSdkLoaderOptions;
  if (options !== undefined) {
    if (typeof options !== "object" || options === null || Array.isArray(options)) {
      fieldError("dynamicSdkLoaderOptions", "Expected a dictionary of items.");
    }
    for (const [name, value] of Object.entries(options)) {
      if (name in LOADER_DEFAULTS && typeof value !== "boolean") {
        fieldError("dynamicSdkLoaderOptions", `${name}: Must be a valid boolean.`);
      }
    }
  }
  if (typeof body.browserSdkVersion === "string") key.browserSdkVersion = body.browserSdkVersion;
  for (const [name, value] of Object.entries((options ?? {}) as Record<string, boolean>)) {
    if (name in LOADER_DEFAULTS) {
      key.dynamicSdkLoaderOptions = { ...key.dynamicSdkLoaderOptions, [name]: value };
    }
  }
}

/** `{count, window}` with both null clearing the limit; Sentry's bounds otherwise. */
function rateLimitOf(value: unknown): ProjectKeyRecord["rateLimit"] {
  if (value === null) return null;
  if (typeof value !== "object" || Array.isArray(value)) {
    fieldError("rateLimit", "Invalid data. Expected a dictionary.");
  }
  const { count, window } = value as { count?: unknown; window?: unknown };
  if ((count === null || count === undefined) && (window === null || window === undefined)) {
    return null;
  }
  if (typeof count !== "number" || !Number.isInteger(count) || count < 0) {
    fieldError("rateLimit", "count: A valid integer greater than or equal to 0 is required.");
  }
  if (typeof window !== "number" || !Number.isInteger(window) || window < 0) {
    fieldError("rateLimit", "window: A valid integer greater than or equal to 0 is required.");
  }
  if (window > MAX_WINDOW_SECONDS) {
    fieldError(
      "rateLimit",
      `window: Ensure this value is less than or equal to ${MAX_WINDOW_SECONDS}.`,
    );
  }
  return { count, window };
}

function keysOf(deps: RouteDeps, project: ProjectRecord): ProjectKeyRecord[] {
  return deps.store.projectKeys
    .filter((k) => k.projectId === project.id)
    .sort((a, b) => a.seq - b.seq);
}

function findKey(deps: RouteDeps, project: ProjectRecord, id: string): ProjectKeyRecord {
  const key = keysOf(deps, project).find((k) => k.id === id);
  if (!key) fail(404, NOT_FOUND);
  return key;
}

export function registerKeyRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;
  const scope = (c: Context) => {
    const org = findOrg(store, c.req.param("org")!);
    return { org, project: findProject(store, org, c.req.param("project")!) };
  };

  app.get("/api/0/projects/:org/:project/keys/", (c) => {
    const { org, project } = scope(c);
    const status = c.req.query("status");
    if (status !== undefined && status !== "active" && status !== "inactive") {
      fail(400, "Invalid status parameter.");
    }
    const keys = keysOf(deps, project).filter(
      (k) => status === undefined || k.isActive === (status === "active"),
    );
    return c.json(paginate(c, deps, keys).map((k) => serializeKey(org, k)));
  });

  app.get("/api/0/projects/:org/:project/keys/:keyId/", (c) => {
    const { org, project } = scope(c);
    return c.json(serializeKey(org, findKey(deps, project, c.req.param("keyId"))));
  });

  app.post(
    "/api/0/projects/:org/:project/keys/",
    withFieldErrors(async (c: Context) => {
      const { org, project } = scope(c);
      const body = await jsonBody(c);
      const name = optionalString(body, "name", 64);
      const rateLimit = "rateLimit" in body ? rateLimitOf(body.rateLimit) : null;
      const key = addProjectKey(store, project, name ?? "Default");
      key.rateLimit = rateLimit;
      return c.json(serializeKey(org, key), 201);
    }),
  );

  app.put(
    "/api/0/projects/:org/:project/keys/:keyId/",
    withFieldErrors(async (c: Context) => {
      const { org, project } = scope(c);
      const key = findKey(deps, project, c.req.param("keyId")!);
      const body = await jsonBody(c);
      const name = optionalString(body, "name", 64);
      if ("isActive" in body && typeof body.isActive !== "boolean") {
        fieldError("isActive", "Must be a valid boolean.");
      }
      const rateLimit = "rateLimit" in body ? rateLimitOf(body.rateLimit) : key.rateLimit;
      applyLoaderFields(key, body);
      if (name !== undefined) key.name = name;
      if (typeof body.isActive === "boolean") key.isActive = body.isActive;
      key.rateLimit = rateLimit;
      return c.json(serializeKey(org, key));
    }),
  );
}
