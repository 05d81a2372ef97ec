/**
 * Contract for the metric monitor writes and the custom inbound filter routes.
 *
 * Documented in Sentry's OpenAPI spec (validated here against the pruned copy):
 * - `POST /organizations/{org}/projects/{project}/detectors/` (201, the detector),
 *   `PUT /organizations/{org}/detectors/{id}/` (200) and `DELETE` (204). Quirks: the spec names
 *   the request fields in snake_case (`data_sources`, `condition_group`, `workflow_ids`) while
 *   Sentry's camel-to-snake serializer takes the camelCase the incumbent sends; PUT is partial
 *   (the incumbent sends only what changes) although the spec marks `name` and `type` required;
 *   `dataSources` items carry the flat query (`dataset`, `query`, `aggregate`, `timeWindow` in
 *   seconds, `environment`, `eventTypes`), which GET answers under `queryObj.snubaQuery`.
 *
 * Not in the spec copy (shapes below are Sentry's `CustomInboundFilterSerializer`, read from its
 * source `project_custom_inbound_filters.py`, and what the incumbent's client reads):
 * - `GET /projects/{org}/{project}/custom-inbound-filters/`: a list of `{id, name, active,
 *   dataType, conditions: [{type, value: [glob]}], dateCreated, dateUpdated}`, offset-paginated
 *   by id; `POST` (201, the filter; at most 50 per project; body `{name, active, dataType,
 *   conditions}`); `GET/PUT/DELETE .../{id}/` (200, partial PUT, 204). Field errors are
 *   `{"field": ["message"]}`; an organization without the feature answers 400
 *   `{"detail": "You do not have that feature enabled"}`.
 */

import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Contract } from "./contract/validator.js";
import { type Sandbox, startSandbox } from "./server.js";

const TOKEN = "sandbox-token";
let sandbox: Sandbox;
const contract = new Contract();
beforeAll(async () => {
  sandbox = await startSandbox({ now: new Date("2025-06-02T12:00:00.000Z") });
});
afterAll(() => sandbox.close());

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${TOKEN}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** Sends a write and validates request and response against the documented operation. */
async function documented(method: string, path: string, body: unknown, status: number) {
  const res = await call(method, path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  if (method === "POST") expect(contract.validateRequest(method, path, body)?.errors).toEqual([]);
  if (status !== 204) expect(contract.validate(method, path, status, res.body)?.errors).toEqual([]);
  return res;
}

const ajv = new Ajv({ strict: false, allErrors: true });
const filterShape = {
  type: "object",
  required: ["id", "name", "active", "dataType", "conditions", "dateCreated", "dateUpdated"],
  properties: {
    id: { type: "string" },
    name: { type: ["string", "null"] },
    active: { type: "boolean" },
    dataType: { enum: ["all", "error", "log", "metric", "span"] },
    conditions: {
      type: "array",
      minItems: 1,
      items: {
        type: "object",
        required: ["type", "value"],
        properties: {
          type: { type: "string" },
          value: { type: "array", items: { type: "string" } },
        },
      },
    },
    dateCreated: { type: "string" },
    dateUpdated: { type: "string" },
  },
};
const isFilter = ajv.compile(filterShape);
const isFilterList = ajv.compile({ type: "array", items: filterShape });

const detector = {
  type: "metric_issue",
  name: "Contract monitor",
  config: { detectionType: "static", comparisonDelta: null },
  conditionGroup: {
    logicType: "any",
    conditions: [
      { type: "gt", comparison: 10, conditionResult: 75 },
      { type: "lte", comparison: 10, conditionResult: 0 },
    ],
  },
  dataSources: [
    {
      dataset: "events",
      query: "level:error",
      aggregate: "count()",
      timeWindow: 3600,
      environment: null,
      eventTypes: ["error"],
    },
  ],
  workflowIds: ["81001"],
};

describe("metric monitor writes follow the documented detector operations", () => {
  it("create, update, delete", async () => {
    const created = await documented(
      "POST",
      "/api/0/organizations/acme/projects/backend/detectors/",
      detector,
      201,
    );
    const id = created.body.id as string;
    expect(created.body.dataSources[0].queryObj.snubaQuery).toMatchObject({ timeWindow: 3600 });
    const path = `/api/0/organizations/acme/detectors/${id}/`;
    const updated = await documented("PUT", path, { enabled: false, name: "Renamed" }, 200);
    expect(updated.body).toMatchObject({ enabled: false, name: "Renamed", workflowIds: ["81001"] });
    await documented("DELETE", path, undefined, 204);
    expect((await call("GET", path)).status).toBe(404);
    const bad = await call("POST", "/api/0/organizations/acme/projects/backend/detectors/", {
      ...detector,
      workflowIds: ["1"],
    });
    expect(bad).toEqual({ status: 400, body: { workflowIds: ["Alerts not found: 1."] } });
  });
});

describe("undocumented custom inbound filter routes have Sentry's shapes", () => {
  const list = "/api/0/projects/acme/backend/custom-inbound-filters/";
  it("list, create, retrieve, update, delete", async () => {
    const listed = await call("GET", list);
    expect(listed.status).toBe(200);
    expect(isFilterList(listed.body), ajv.errorsText(isFilterList.errors)).toBe(true);
    const created = await call("POST", list, {
      name: "Bots",
      dataType: "all",
      conditions: [{ type: "ip_address", value: ["192.0.2.0/24"] }],
    });
    expect(created.status).toBe(201);
    expect(isFilter(created.body), ajv.errorsText(isFilter.errors)).toBe(true);
    const one = `${list}${created.body.id}/`;
    expect((await call("GET", one)).body).toEqual(created.body);
    const updated = await call("PUT", one, { active: false });
    expect(updated.status).toBe(200);
    expect(isFilter(updated.body)).toBe(true);
    expect(updated.body.active).toBe(false);
    expect((await call("DELETE", one)).status).toBe(204);
    expect((await call("GET", one)).status).toBe(404);
  });

  it("field errors and the feature gate", async () => {
    const wrong = await call("POST", list, {
      name: "x",
      dataType: "span",
      conditions: [{ type: "error_message", value: ["*x*"] }],
    });
    expect(wrong).toEqual({
      status: 400,
      body: {
        conditions: [
          "A filter on span data cannot use the error_message condition. It accepts release, ip_address.",
        ],
      },
    });
    expect(await call("GET", "/api/0/projects/globex/storefront/custom-inbound-filters/")).toEqual({
      status: 400,
      body: { detail: "You do not have that feature enabled" },
    });
  });
});
