/**
 * Routes: metric monitor writes. `POST /organizations/{org}/projects/{project}/detectors/`
 * creates a detector, `PUT`/`DELETE /organizations/{org}/detectors/{id}/` change or remove one.
 * Bodies are camelCase like Sentry's camel-to-snake serializers accept them; `dataSources` carries
 * the flat query fields (`dataset`, `query`, `aggregate`, `timeWindow`, `environment`,
 * `eventTypes`), which GET answers nested under `queryObj.snubaQuery`. Connecting a monitor to
 * alerts (`workflowIds`) also updates those workflows' `detectorIds`, as Sentry's join table does.
 */

import type { Context, Hono } from "hono";
import { type DetectorRecord, LEGACY_ALERT_ORGS } from "../data/alerts.js";
import type { JsonObject, OrgRecord, SandboxStore } from "../data/types.js";
import { serializeDetector } from "./alerts.js";
import { baseUrlOf, fail, findOrg, findProject, NOT_FOUND, type RouteDeps } from "./http.js";
import { fieldError, jsonBody, nextId, parseOwner, withFieldErrors } from "./write-helpers.js";

const DATASETS = [
  "events",
  "transactions",
  "generic_metrics",
  "metrics",
  "events_analytics_platform",
];
/** Sentry's metric monitor windows, in seconds. */
const WINDOWS = [60, 300, 600, 900, 1800, 3600, 7200, 14400, 86400];
/** Percent detection compares with one of these earlier periods, in seconds. */
const DELTAS = [300, 900, 3600, 86400, 604800, 2592000];
const THRESHOLD_TYPES = ["gt", "gte", "lt", "lte"];

function currentModelOrg(store: SandboxStore, slug: string): OrgRecord {
  const org = findOrg(store, slug);
  if (LEGACY_ALERT_ORGS.includes(org.id)) fail(404, NOT_FOUND);
  return org;
}

/** Next internal id for data sources and condition components (never shown to users). */
function nextComponentId(store: SandboxStore): () => string {
  const ids = store.alerts.detectors.flatMap((d) => [
    String(d.conditionGroup?.id ?? ""),
    ...((d.conditionGroup?.conditions as JsonObject[] | undefined) ?? []).map((c) => String(c.id)),
  ]);
  let n = Number(nextId(ids, 995000));
  return () => String(n++);
}

function snubaQueryOf(d: DetectorRecord): JsonObject | undefined {
  const source = d.dataSources?.[0] as { queryObj?: { snubaQuery?: JsonObject } } | undefined;
  return source?.queryObj?.snubaQuery;
}

/** The flat query of `dataSources[0]`, merged over the current one on updates. */
function readQuery(raw: unknown, current: JsonObject | undefined): JsonObject {
  if (!Array.isArray(raw) || raw.length !== 1 || typeof raw[0] !== "object" || raw[0] === null)
    fieldError("dataSources", "Metric monitors take exactly one data source.");
  const q = { ...(current ?? {}), ...(raw[0] as JsonObject) };
  if (!DATASETS.includes(String(q.dataset)))
    fieldError("dataSources", `Invalid dataset: ${JSON.stringify(q.dataset)}.`);
  if (typeof q.aggregate !== "string" || q.aggregate.trim() === "")
    fieldError("dataSources", "aggregate: This field is required.");
  if (typeof q.query !== "string") fieldError("dataSources", "query: This field is required.");
  if (!WINDOWS.includes(Number(q.timeWindow)))
    fieldError(
      "dataSources",
      `Invalid timeWindow: ${q.timeWindow}. Choose one of ${WINDOWS.join(", ")} seconds.`,
    );
  if (q.environment !== null && q.environment !== undefined && typeof q.environment !== "string")
    fieldError("dataSources", "environment: Not a valid string.");
  return {
    dataset: q.dataset,
    query: q.query,
    aggregate: q.aggregate,
    timeWindow: Number(q.timeWindow),
    environment: q.environment ?? null,
    eventTypes: Array.isArray(q.eventTypes) ? q.eventTypes : [],
    extrapolationMode: q.extrapolationMode ?? "unknown",
  };
}

function readConditions(raw: unknown, detectionType: string, orgId: string, id: () => string) {
  const group = raw as { logicType?: unknown; conditions?: unknown } | null;
  if (
    !group ||
    typeof group !== "object" ||
    !Array.isArray(group.conditions) ||
    group.conditions.length === 0
  )
    fieldError("conditionGroup", "conditions: This field is required.");
  const dynamic = detectionType === "dynamic";
  const conditions = (group.conditions as JsonObject[]).map((c) => {
    const type = String(c.type);
    if (dynamic ? type !== "anomaly_detection" : !THRESHOLD_TYPES.includes(type))
      fieldError(
        "conditionGroup",
        `Condition type ${JSON.stringify(type)} does not fit ${detectionType} detection.`,
      );
    if (!dynamic && typeof c.comparison !== "number")
      fieldError("conditionGroup", "comparison: A valid number is required.");
    if (![75, 50, 0].includes(Number(c.conditionResult)))
      fieldError(
        "conditionGroup",
        `Invalid conditionResult: ${JSON.stringify(c.conditionResult)}.`,
      );
    return {
      id: id(),
      type,
      comparison: c.comparison,
      conditionResult: c.conditionResult,
    } as JsonObject;
  });
  return {
    id: id(),
    organizationId: orgId,
    logicType: String(group.logicType ?? "any"),
    conditions,
    actions: [],
  };
}

function readConfig(raw: unknown): JsonObject {
  const config = (raw ?? {}) as JsonObject;
  const type = String(config.detectionType ?? "static");
  if (!["static", "percent", "dynamic"].includes(type))
    fieldError("config", `Invalid detectionType: ${JSON.stringify(type)}.`);
  const delta = config.comparisonDelta ?? null;
  if (type === "percent" && !DELTAS.includes(Number(delta)))
    fieldError(
      "config",
      `Percent detection needs comparisonDelta, one of ${DELTAS.join(", ")} seconds.`,
    );
  return {
    ...config,
    detectionType: type,
    comparisonDelta: type === "percent" ? Number(delta) : null,
  };
}

function readWorkflowIds(store: SandboxStore, org: OrgRecord, raw: unknown): string[] {
  if (!Array.isArray(raw)) fieldError("workflowIds", "Expected a list of items.");
  const ids = raw.map(String);
  const unknown = ids.filter(
    (id) => !store.alerts.workflows.some((w) => w.orgId === org.id && w.id === id),
  );
  if (unknown.length) fieldError("workflowIds", `Alerts not found: ${unknown.join(", ")}.`);
  return [...new Set(ids)];
}

function readOwner(store: SandboxStore, org: OrgRecord, raw: unknown): DetectorRecord["owner"] {
  if (raw === null || raw === "") return null;
  const owner = parseOwner(String(raw));
  const known =
    owner?.type === "team"
      ? store.teams.some((t) => t.orgId === org.id && t.id === owner.id)
      : store.members.some((m) => m.orgId === org.id && m.userId === owner?.id);
  if (!owner || !known) fieldError("owner", `Could not resolve owner ${JSON.stringify(raw)}.`);
  return owner;
}

/** Keeps the workflows' `detectorIds` in step with a detector's connections. */
function connect(store: SandboxStore, detectorId: string, workflowIds: string[]): void {
  for (const w of store.alerts.workflows) {
    const has = w.detectorIds.includes(detectorId);
    if (workflowIds.includes(w.id) && !has) w.detectorIds.push(detectorId);
    if (!workflowIds.includes(w.id) && has)
      w.detectorIds = w.detectorIds.filter((id) => id !== detectorId);
  }
}

function sourceOf(orgId: string, id: () => string, query: JsonObject): JsonObject {
  const sourceId = id();
  return {
    id: id(),
    organizationId: orgId,
    type: "snuba_query_subscription",
    sourceId,
    queryObj: {
      id: sourceId,
      status: 0,
      subscription: `${sourceId}/sandbox`,
      snubaQuery: { id: id(), ...query },
    },
  };
}

export function registerDetectorWriteRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;
  const json = (c: Context, d: DetectorRecord, status: 200 | 201 = 200) =>
    c.json(serializeDetector(store, d, baseUrlOf(c, deps)), status);

  app.post(
    "/api/0/organizations/:org/projects/:project/detectors/",
    withFieldErrors(async (c) => {
      const org = currentModelOrg(store, c.req.param("org") ?? "");
      const project = findProject(store, org, c.req.param("project") ?? "");
      const body = await jsonBody(c);
      if (body.type !== "metric_issue")
        fieldError(
          "type",
          body.type === undefined
            ? "This field is required."
            : `Unknown detector type ${JSON.stringify(body.type)}.`,
        );
      if (typeof body.name !== "string" || body.name.trim() === "")
        fieldError("name", "This field is required.");
      if (body.name.length > 200)
        fieldError("name", "Ensure this field has no more than 200 characters.");
      const id = nextComponentId(store);
      const config = readConfig(body.config);
      const now = store.now.toISOString();
      const record: DetectorRecord = {
        id: nextId(
          store.alerts.detectors.map((d) => d.id),
          70000,
        ),
        orgId: org.id,
        projectId: project.id,
        name: body.name.trim(),
        description: typeof body.description === "string" ? body.description : null,
        type: "metric_issue",
        workflowIds: readWorkflowIds(store, org, body.workflowIds ?? []),
        owner: readOwner(store, org, body.owner ?? null),
        createdBy: store.currentUserId,
        dateCreated: now,
        dateUpdated: now,
        dataSources: [sourceOf(org.id, id, readQuery(body.dataSources, undefined))],
        conditionGroup: readConditions(
          body.conditionGroup,
          String(config.detectionType),
          org.id,
          id,
        ),
        config,
        enabled: body.enabled !== false,
        latestGroupId: null,
      };
      store.alerts.detectors.push(record);
      connect(store, record.id, record.workflowIds);
      return json(c, record, 201);
    }),
  );

  app.put(
    "/api/0/organizations/:org/detectors/:id/",
    withFieldErrors(async (c) => {
      const org = currentModelOrg(store, c.req.param("org") ?? "");
      const d = store.alerts.detectors.find(
        (x) => x.orgId === org.id && x.id === c.req.param("id"),
      );
      if (!d) fail(404, NOT_FOUND);
      const body = await jsonBody(c);
      const id = nextComponentId(store);
      // Validate everything before changing anything.
      const name = body.name === undefined ? d.name : String(body.name).trim();
      if (!name) fieldError("name", "This field may not be blank.");
      const config = body.config === undefined ? d.config : readConfig(body.config);
      const query =
        body.dataSources === undefined ? undefined : readQuery(body.dataSources, snubaQueryOf(d));
      const group =
        body.conditionGroup === undefined
          ? undefined
          : readConditions(body.conditionGroup, String(config.detectionType), org.id, id);
      const workflowIds =
        body.workflowIds === undefined ? undefined : readWorkflowIds(store, org, body.workflowIds);
      const owner = body.owner === undefined ? d.owner : readOwner(store, org, body.owner);
      if (body.enabled !== undefined && typeof body.enabled !== "boolean")
        fieldError("enabled", "Must be a valid boolean.");
      d.name = name;
      if (body.description !== undefined)
        d.description = body.description === null ? null : String(body.description);
      d.owner = owner;
      d.config = config;
      if (typeof body.enabled === "boolean") d.enabled = body.enabled;
      if (query) {
        const snuba = snubaQueryOf(d);
        if (snuba) Object.assign(snuba, query);
        else d.dataSources = [sourceOf(org.id, id, query)];
      }
      if (group) d.conditionGroup = group;
      if (workflowIds) {
        d.workflowIds = workflowIds;
        connect(store, d.id, workflowIds);
      }
      d.dateUpdated = store.now.toISOString();
      return json(c, d);
    }),
  );

  app.delete("/api/0/organizations/:org/detectors/:id/", (c) => {
    const org = currentModelOrg(store, c.req.param("org") ?? "");
    const index = store.alerts.detectors.findIndex(
      (x) => x.orgId === org.id && x.id === c.req.param("id"),
    );
    if (index < 0) fail(404, NOT_FOUND);
    const [removed] = store.alerts.detectors.splice(index, 1);
    connect(store, removed.id, []);
    return c.body(null, 204);
  });
}
