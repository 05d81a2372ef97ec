/**
 * Routes: custom inbound filters, like Sentry's `CustomInboundFiltersEndpoint` and
 * `CustomInboundFilterDetailsEndpoint`: list (offset-paginated by id), create (201, at most 50
 * per project), retrieve, partial update and delete (204). Validation follows its serializer:
 * field errors as `{"field": ["message"]}`, the condition types each data type accepts, IP
 * conditions that must be addresses or CIDR ranges, at most 10 conditions.
 */

import { isIP } from "node:net";
import type { Context, Hono } from "hono";
import {
  INBOUND_FILTER_ORGS,
  type InboundFilterDataType,
  type InboundFilterRecord,
} from "../data/inbound-filters.js";
import type { JsonObject, ProjectRecord } from "../data/types.js";
import { fail, findOrg, findProject, NOT_FOUND, paginate, type RouteDeps } from "./http.js";
import { fieldError, jsonBody, nextId, withFieldErrors } from "./write-helpers.js";

const DATA_TYPES: readonly InboundFilterDataType[] = ["all", "error", "log", "metric", "span"];
const ACCEPTS: Record<InboundFilterDataType, string[]> = {
  all: ["release", "ip_address"],
  error: ["error_type", "error_message", "release", "ip_address"],
  log: ["log_message", "release", "ip_address"],
  metric: ["metric_name", "release", "ip_address"],
  span: ["release", "ip_address"],
};
const CONDITION_TYPES = [
  "error_type",
  "error_message",
  "log_message",
  "metric_name",
  "release",
  "ip_address",
];
const MAX_FILTERS = 50;
const MAX_CONDITIONS = 10;

export function serializeInboundFilter(f: InboundFilterRecord): JsonObject {
  return {
    id: f.id,
    name: f.name,
    active: f.active,
    dataType: f.dataType,
    conditions: f.conditions.map((c) => ({ type: c.type, value: [...c.value] })),
    dateCreated: f.dateCreated,
    dateUpdated: f.dateUpdated,
  };
}

function isIpOrRange(value: string): boolean {
  const [address, bits, ...rest] = value.split("/");
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

function readConditions(raw: unknown): InboundFilterRecord["conditions"] {
  if (!Array.isArray(raw) || raw.length === 0)
    fieldError("conditions", "This list may not be empty.");
  if (raw.length > MAX_CONDITIONS)
    fieldError("conditions", `Ensure this field has no more than ${MAX_CONDITIONS} elements.`);
  return raw.map((c: { type?: unknown; value?: unknown }) => {
    if (!CONDITION_TYPES.includes(String(c?.type)))
      fieldError("conditions", `"${String(c?.type)}" is not a valid choice.`);
    if (!Array.isArray(c.value) || c.value.length === 0)
      fieldError("conditions", "value: This list may not be empty.");
    const value = c.value.map((v: unknown) => String(v).trim());
    if (value.some((v: string) => v === ""))
      fieldError("conditions", "value: This field may not be blank.");
    if (c.type === "ip_address") {
      const bad = value.filter((v: string) => !isIpOrRange(v));
      if (bad.length)
        fieldError("conditions", `${bad.join(", ")} is not an IP address or CIDR range.`);
    }
    return { type: String(c.type), value };
  });
}

function readDataType(raw: unknown): InboundFilterDataType {
  if (!DATA_TYPES.includes(raw as InboundFilterDataType))
    fieldError("dataType", `"${String(raw)}" is not a valid choice.`);
  return raw as InboundFilterDataType;
}

function checkCompatible(
  dataType: InboundFilterDataType,
  conditions: InboundFilterRecord["conditions"],
) {
  const allowed = ACCEPTS[dataType];
  const unsupported = [
    ...new Set(conditions.map((c) => c.type).filter((t) => !allowed.includes(t))),
  ].sort();
  if (unsupported.length)
    fieldError(
      "conditions",
      `A filter on ${dataType} data cannot use the ${unsupported.join(", ")} condition. It accepts ${allowed.join(", ")}.`,
    );
}

function readName(raw: unknown): string | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw !== "string") fieldError("name", "Not a valid string.");
  if (raw.trim().length > 256)
    fieldError("name", "Ensure this field has no more than 256 characters.");
  return raw.trim();
}

export function registerInboundFilterRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;
  /** The project, after the feature check Sentry makes first (400 without the feature). */
  const projectOf = (c: Context): ProjectRecord => {
    const org = findOrg(store, c.req.param("org") ?? "");
    const project = findProject(store, org, c.req.param("project") ?? "");
    if (!INBOUND_FILTER_ORGS.includes(org.id)) fail(400, "You do not have that feature enabled");
    return project;
  };
  const filterOf = (c: Context): InboundFilterRecord => {
    const project = projectOf(c);
    const filter = store.inboundFilters.find(
      (f) => f.projectId === project.id && f.id === c.req.param("id"),
    );
    if (!filter) fail(404, NOT_FOUND);
    return filter;
  };
  const list = "/api/0/projects/:org/:project/custom-inbound-filters/";
  const detail = `${list}:id/`;

  app.get(list, (c) => {
    const project = projectOf(c);
    const filters = store.inboundFilters
      .filter((f) => f.projectId === project.id)
      .sort((a, b) => Number(a.id) - Number(b.id));
    return c.json(paginate(c, deps, filters).map(serializeInboundFilter));
  });

  app.post(
    list,
    withFieldErrors(async (c) => {
      const project = projectOf(c);
      if (store.inboundFilters.filter((f) => f.projectId === project.id).length >= MAX_FILTERS)
        fail(400, `A project can have at most ${MAX_FILTERS} custom inbound filters.`);
      const body = await jsonBody(c);
      const dataType = readDataType(body.dataType);
      const conditions = readConditions(body.conditions);
      checkCompatible(dataType, conditions);
      if (body.active !== undefined && typeof body.active !== "boolean")
        fieldError("active", "Must be a valid boolean.");
      const now = store.now.toISOString();
      const filter: InboundFilterRecord = {
        id: nextId(
          store.inboundFilters.map((f) => f.id),
          7710000,
        ),
        projectId: project.id,
        name: readName(body.name),
        active: body.active !== false,
        dataType,
        conditions,
        dateCreated: now,
        dateUpdated: now,
      };
      store.inboundFilters.push(filter);
      return c.json(serializeInboundFilter(filter), 201);
    }),
  );

  app.get(detail, (c) => c.json(serializeInboundFilter(filterOf(c))));

  app.put(
    detail,
    withFieldErrors(async (c) => {
      const filter = filterOf(c);
      const body = await jsonBody(c);
      const dataType = body.dataType === undefined ? filter.dataType : readDataType(body.dataType);
      const conditions =
        body.conditions === undefined ? filter.conditions : readConditions(body.conditions);
      checkCompatible(dataType, conditions);
      if (body.active !== undefined && typeof body.active !== "boolean")
        fieldError("active", "Must be a valid boolean.");
      const name = body.name === undefined ? filter.name : readName(body.name);
      const next = { name, active: body.active ?? filter.active, dataType, conditions };
      const changed = (Object.keys(next) as Array<keyof typeof next>).some(
        (k) => JSON.stringify(next[k]) !== JSON.stringify(filter[k]),
      );
      if (changed) {
        Object.assign(filter, next);
        filter.dateUpdated = store.now.toISOString();
      }
      return c.json(serializeInboundFilter(filter));
    }),
  );

  app.delete(detail, (c) => {
    const filter = filterOf(c);
    store.inboundFilters.splice(store.inboundFilters.indexOf(filter), 1);
    return c.body(null, 204);
  });
}
