/**
 * Routes: alert (workflow) writes and what alerts are built from. `POST /workflows/`,
 * `PUT|DELETE /workflows/{id}/` keep the detectors' `workflowIds` in step (deleting an alert
 * keeps its monitors); `GET /available-actions/` and `GET /data-conditions/?group=` list the
 * options. Bodies are Sentry's CamelSnakeSerializer input: camelCase or snake_case keys.
 */

import type { Context, Hono } from "hono";
import { availableActions, dataConditions, SLACK_CHANNELS } from "../data/alert-options.js";
import { LEGACY_ALERT_ORGS, type WorkflowRecord } from "../data/alerts.js";
import type { Json, JsonObject, OrgRecord, SandboxStore } from "../data/types.js";
import { serializeWorkflow } from "./alerts.js";
import { fail, findOrg, listParam, NOT_FOUND, paginate, type RouteDeps } from "./http.js";
import { fieldError, jsonBody, nextId, resolveActor, withFieldErrors } from "./write-helpers.js";

const LOGIC_TYPES = ["any", "any-short", "all", "none"];

function currentModelOrg(store: SandboxStore, slug: string): OrgRecord {
  const org = findOrg(store, slug);
  if (LEGACY_ALERT_ORGS.includes(org.id)) fail(404, NOT_FOUND);
  return org;
}

/** A body field by its camelCase or snake_case name. */
function field(body: Record<string, unknown>, camel: string): unknown {
  const snake = camel.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);
  return body[camel] !== undefined ? body[camel] : body[snake];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Component ids are unique across the org's workflows; new components get the next ones. */
function idAllocator(store: SandboxStore) {
  const used: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isObject(v)) {
      if (typeof v.id === "string") used.push(v.id);
      Object.values(v).forEach(walk);
    }
  };
  for (const w of store.alerts.workflows) walk([w.triggers, w.actionFilters]);
  let last = Number(nextId(used, 995000)) - 1;
  return () => String(++last);
}

interface Build {
  org: OrgRecord;
  /** component ids the workflow had: kept when sent back, anything else is new */
  known: Set<string>;
  newId: () => string;
}

function idOf(raw: Record<string, unknown>, b: Build): string {
  const given = raw.id === undefined || raw.id === null ? undefined : String(raw.id);
  return given && b.known.has(given) ? given : b.newId();
}

function condition(raw: unknown, group: string, where: string, b: Build): JsonObject {
  if (!isObject(raw) || typeof raw.type !== "string") fieldError(where, "Invalid condition.");
  const known = dataConditions().some((d) => d.type === raw.type && d.handlerGroup === group);
  if (!known) fieldError(where, `Condition type '${raw.type}' is not valid in ${group}.`);
  return {
    id: idOf(raw, b),
    type: raw.type,
    comparison: (raw.comparison ?? true) as Json,
    conditionResult: (field(raw, "conditionResult") ?? true) as Json,
  };
}

function slackTarget(integrationId: string, config: Record<string, unknown>): string {
  const display = typeof config.targetDisplay === "string" ? config.targetDisplay : "";
  const byName = SLACK_CHANNELS[integrationId] ?? {};
  const wanted = display.startsWith("#") ? display : `#${display}`;
  const found = byName[wanted];
  const given = config.targetIdentifier;
  if (given !== undefined && given !== null && given !== "") {
    if (found && found !== String(given))
      fieldError("actionFilters", `Slack channel ID ${given} does not match ${wanted}.`);
    return String(given);
  }
  if (!found) fieldError("actionFilters", `Did not recognize Slack channel ${wanted}.`);
  return found;
}

function action(raw: unknown, b: Build): JsonObject {
  if (!isObject(raw) || typeof raw.type !== "string")
    fieldError("actionFilters", "Invalid action.");
  const option = availableActions().find((a) => a.type === raw.type);
  if (!option) fieldError("actionFilters", `Action type '${raw.type}' is not available.`);
  const integrationId = field(raw, "integrationId");
  const integrations = (option.integrations ?? []) as Array<{ id: string }>;
  if (integrations.length && !integrations.some((i) => i.id === String(integrationId)))
    fieldError("actionFilters", `Integration ${integrationId ?? "(none)"} is not installed.`);
  const config = isObject(raw.config) ? { ...raw.config } : {};
  for (const key of ["targetType", "targetIdentifier", "targetDisplay"]) {
    const v = field(config, key);
    delete config[key.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`)];
    config[key] = v === undefined ? null : v;
  }
  if (raw.type === "slack") config.targetIdentifier = slackTarget(String(integrationId), config);
  return {
    id: idOf(raw, b),
    type: raw.type,
    integrationId:
      integrationId === undefined || integrationId === null ? null : String(integrationId),
    data: (isObject(raw.data) ? raw.data : {}) as JsonObject,
    config: config as JsonObject,
    status: "active",
  };
}

function group(
  raw: unknown,
  kind: string,
  where: string,
  b: Build,
  withActions: boolean,
): JsonObject {
  if (!isObject(raw)) fieldError(where, "Expected an object.");
  const logicType = field(raw, "logicType");
  if (typeof logicType !== "string" || !LOGIC_TYPES.includes(logicType))
    fieldError(where, `"${String(logicType)}" is not a valid choice.`);
  const conditions = Array.isArray(raw.conditions) ? raw.conditions : [];
  const out: JsonObject = {
    id: idOf(raw, b),
    organizationId: b.org.id,
    logicType,
    conditions: conditions.map((c) => condition(c, kind, where, b)),
    actions: withActions && Array.isArray(raw.actions) ? raw.actions.map((a) => action(a, b)) : [],
  };
  return out;
}

function detectorIdsOf(store: SandboxStore, org: OrgRecord, raw: unknown): string[] {
  if (!Array.isArray(raw)) fieldError("detectorIds", "Expected a list of items.");
  const ids = [...new Set(raw.map(String))];
  for (const id of ids) {
    if (!store.alerts.detectors.some((d) => d.orgId === org.id && d.id === id))
      fieldError("detectorIds", `Monitor ${id} does not exist.`);
  }
  return ids;
}

/** Applies a create/update body onto `w` (all fields on create, the given ones on update). */
function apply(store: SandboxStore, w: WorkflowRecord, body: Record<string, unknown>, b: Build) {
  const name = body.name;
  if (typeof name !== "string" || name.trim() === "") fieldError("name", "This field is required.");
  if (name.length > 256) fieldError("name", "Ensure this field has no more than 256 characters.");
  w.name = name;
  const enabled = body.enabled;
  if (enabled !== undefined && typeof enabled !== "boolean")
    fieldError("enabled", "Must be a valid boolean.");
  // Sentry's validator defaults `enabled` to true on every write, PUT included.
  w.enabled = enabled ?? true;
  if (body.config !== undefined) {
    if (!isObject(body.config)) fieldError("config", "Expected a dictionary of items.");
    const frequency = body.config.frequency;
    if (frequency !== undefined && (!Number.isInteger(frequency) || (frequency as number) < 0))
      fieldError("config", "frequency must be a non-negative integer (minutes).");
    w.config = body.config as JsonObject;
  }
  if (body.environment !== undefined) {
    if (body.environment !== null && typeof body.environment !== "string")
      fieldError("environment", "Not a valid string.");
    w.environment = body.environment === "" ? null : (body.environment as string | null);
  }
  if (body.owner !== undefined) {
    if (body.owner === null) w.owner = null;
    else {
      const actor =
        typeof body.owner === "string" ? resolveActor(store, b.org, body.owner) : undefined;
      if (!actor) fieldError("owner", `Could not resolve owner ${JSON.stringify(body.owner)}.`);
      w.owner = `${actor.type}:${actor.id}`;
    }
  }
  const triggers = field(body, "triggers");
  if (triggers !== undefined)
    w.triggers =
      triggers === null ? null : group(triggers, "workflow_trigger", "triggers", b, false);
  const filters = field(body, "actionFilters");
  if (filters !== undefined) {
    if (!Array.isArray(filters)) fieldError("actionFilters", "Expected a list of items.");
    w.actionFilters = filters.map((g) => group(g, "action_filter", "actionFilters", b, true));
  }
  const detectorIds = field(body, "detectorIds");
  if (detectorIds !== undefined) w.detectorIds = detectorIdsOf(store, b.org, detectorIds);
}

/** Detectors list the workflows they notify through: keep both sides in step. */
function linkDetectors(store: SandboxStore, w: WorkflowRecord | undefined, id: string) {
  for (const d of store.alerts.detectors) {
    const wanted = w?.detectorIds.includes(d.id) ?? false;
    const has = d.workflowIds.includes(id);
    if (wanted && !has) d.workflowIds.push(id);
    if (!wanted && has) d.workflowIds = d.workflowIds.filter((x) => x !== id);
  }
}

function componentIds(w: WorkflowRecord): Set<string> {
  const ids = new Set<string>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isObject(v)) {
      if (typeof v.id === "string") ids.add(v.id);
      Object.values(v).forEach(walk);
    }
  };
  walk([w.triggers, w.actionFilters]);
  return ids;
}

function options(c: Context, deps: RouteDeps, items: JsonObject[]) {
  return c.json(paginate(c, deps, items, { defaultSize: 25 }));
}

export function registerAlertWriteRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;
  const now = () => new Date().toISOString();
  const find = (c: Context) => {
    const org = currentModelOrg(store, c.req.param("org") ?? "");
    const w = store.alerts.workflows.find((x) => x.orgId === org.id && x.id === c.req.param("id"));
    if (!w) fail(404, NOT_FOUND);
    return { org, w };
  };

  app.get("/api/0/organizations/:org/available-actions/", (c) => {
    currentModelOrg(store, c.req.param("org") ?? "");
    const types = listParam(c, "type");
    return options(
      c,
      deps,
      availableActions().filter((a) => !types.length || types.includes(String(a.type))),
    );
  });

  app.get("/api/0/organizations/:org/data-conditions/", (c) => {
    currentModelOrg(store, c.req.param("org") ?? "");
    const group = c.req.query("group");
    if (group !== "workflow_trigger" && group !== "action_filter")
      fail(400, "Please provide a valid group.");
    return options(
      c,
      deps,
      dataConditions().filter((d) => d.handlerGroup === group),
    );
  });

  app.post(
    "/api/0/organizations/:org/workflows/",
    withFieldErrors(async (c) => {
      const org = currentModelOrg(store, c.req.param("org") ?? "");
      const body = await jsonBody(c);
      const stamp = now();
      const w: WorkflowRecord = {
        id: nextId(
          store.alerts.workflows.map((x) => x.id),
          81000,
        ),
        orgId: org.id,
        name: "",
        createdBy: "100001",
        dateCreated: stamp,
        dateUpdated: stamp,
        triggers: null,
        actionFilters: [],
        environment: null,
        config: {},
        detectorIds: [],
        enabled: true,
        lastTriggered: null,
        owner: null,
      };
      apply(store, w, body, { org, known: new Set(), newId: idAllocator(store) });
      if (!w.triggers)
        w.triggers = {
          id: idAllocator(store)(),
          organizationId: org.id,
          logicType: "any-short",
          conditions: [],
          actions: [],
        };
      store.alerts.workflows.push(w);
      linkDetectors(store, w, w.id);
      return c.json(serializeWorkflow(w), 201);
    }),
  );

  app.put(
    "/api/0/organizations/:org/workflows/:id/",
    withFieldErrors(async (c) => {
      const { org, w } = find(c);
      const body = await jsonBody(c);
      const draft: WorkflowRecord = structuredClone(w);
      apply(store, draft, body, { org, known: componentIds(w), newId: idAllocator(store) });
      draft.dateUpdated = now();
      Object.assign(w, draft);
      linkDetectors(store, w, w.id);
      return c.json(serializeWorkflow(w));
    }),
  );

  app.delete("/api/0/organizations/:org/workflows/:id/", (c) => {
    const { w } = find(c);
    store.alerts.workflows = store.alerts.workflows.filter((x) => x !== w);
    // The alert goes; its monitors stay, without the link.
    linkDetectors(store, undefined, w.id);
    return c.body(null, 204);
  });
}
