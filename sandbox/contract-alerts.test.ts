/**
 * Contract of the alert (workflow) write routes. The documented ones (`POST /workflows/`,
 * `PUT|DELETE /workflows/{id}/`) are validated against the pruned OpenAPI spec; the two the spec
 * does not document have the shapes below, as Sentry's serializers and the incumbent's client
 * read them:
 *
 * - `GET /organizations/{org}/available-actions/[?type=slack&type=email]`: the org's notification
 *   actions, `{type, handlerGroup ("notification"|"ticket_creation"|"other"), configSchema,
 *   dataSchema}` plus `integrations [{id, name, services?}]`, `services [{slug, name}]` or
 *   `sentryApp {id, name, installationId, installationUuid, status, settings?, title?}`. Paged.
 * - `GET /organizations/{org}/data-conditions/?group=workflow_trigger|action_filter`: condition
 *   types `{type, handlerGroup, handlerSubgroup?, comparisonJsonSchema}`; 400 without a valid
 *   group. Paged.
 *
 * Write bodies are CamelSnakeSerializer input (camelCase or snake_case keys; the incumbent sends
 * camelCase `detectorIds`, `actionFilters`). `enabled` defaults to true on every write, PUT
 * included. Deleting a workflow answers 204 and leaves its detectors, without the link.
 */

import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Contract } from "./contract/validator.js";
import { type Sandbox, startSandbox } from "./server.js";

const TOKEN = "sandbox-token";
const contract = new Contract();
let sandbox: Sandbox;
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

/** Calls a documented route and validates the answer against the spec. */
async function documented(method: string, path: string, body: unknown, status: number) {
  const res = await call(method, path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const pathname = new URL(path, "http://x").pathname;
  const result = contract.validate(method, pathname, status, res.body ?? {});
  expect(result, `${method} ${pathname} is documented`).not.toBeNull();
  if (status !== 204) expect(result?.errors).toEqual([]);
  return res.body;
}

const ajv = new Ajv({ strict: false, allErrors: true });
function shape(schema: object, body: unknown, what: string): void {
  const validate = ajv.compile(schema);
  expect(validate(body), `${what}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}
const str = { type: "string" };
const obj = { type: "object" };
const workflows = "/api/0/organizations/acme/workflows/";

describe("alert workflow writes match the spec", () => {
  it("POST (camelCase or snake_case) → PUT → DELETE; the detectors stay", async () => {
    const created = await documented(
      "POST",
      workflows,
      {
        name: "Contract alert",
        config: { frequency: 15 },
        detectorIds: ["70012"],
        triggers: {
          logicType: "any-short",
          conditions: [{ type: "first_seen_event", comparison: true, conditionResult: true }],
        },
        actionFilters: [
          {
            logicType: "all",
            conditions: [],
            actions: [
              {
                type: "slack",
                integrationId: "4410",
                data: {},
                config: { targetType: "specific", targetDisplay: "#on-call" },
              },
            ],
          },
        ],
      },
      201,
    );
    expect(created.enabled).toBe(true);
    expect(created.actionFilters[0].actions[0].config.targetIdentifier).toBe("C02ONC4LL");
    const snake = await documented(
      "POST",
      workflows,
      { name: "Snake case", detector_ids: [70013], action_filters: [], enabled: false },
      201,
    );
    expect(snake.detectorIds).toEqual(["70013"]);
    const path = `${workflows}${created.id}/`;
    const updated = await documented("PUT", path, { name: "Renamed", detectorIds: [] }, 200);
    expect(updated).toMatchObject({ name: "Renamed", enabled: true, detectorIds: [] });
    expect(updated.config).toEqual({ frequency: 15 });
    const detector = await call("GET", "/api/0/organizations/acme/detectors/70012/");
    expect(detector.body.workflowIds).not.toContain(created.id);
    await documented("DELETE", `${workflows}${snake.id}/`, undefined, 204);
    expect((await call("GET", `${workflows}${snake.id}/`)).status).toBe(404);
    expect(
      (await call("GET", "/api/0/organizations/acme/detectors/70013/")).body.workflowIds,
    ).toEqual(["81002"]);
  });

  it("rejections are Sentry's field errors; unknown workflows and legacy orgs 404", async () => {
    expect(await call("POST", workflows, { detectorIds: [] })).toEqual({
      status: 400,
      body: { name: ["This field is required."] },
    });
    expect(await call("POST", workflows, { name: "x", detectorIds: ["1"] })).toEqual({
      status: 400,
      body: { detectorIds: ["Monitor 1 does not exist."] },
    });
    expect(await call("POST", workflows, { name: "x", owner: "team:1" })).toEqual({
      status: 400,
      body: { owner: ['Could not resolve owner "team:1".'] },
    });
    expect((await call("PUT", `${workflows}1/`, { name: "x" })).status).toBe(404);
    expect((await call("DELETE", "/api/0/organizations/globex/workflows/81001/")).status).toBe(404);
  });
});

describe("undocumented alert option routes have the shapes Sentry sends", () => {
  it("available actions, filtered by type and paged", async () => {
    const all = await call("GET", "/api/0/organizations/acme/available-actions/");
    expect(all.status).toBe(200);
    shape(
      {
        type: "array",
        minItems: 1,
        items: {
          type: "object",
          required: ["type", "handlerGroup", "configSchema", "dataSchema"],
          properties: {
            type: str,
            handlerGroup: { enum: ["notification", "ticket_creation", "other"] },
            configSchema: obj,
            dataSchema: obj,
            integrations: {
              type: "array",
              items: {
                type: "object",
                required: ["id", "name"],
                properties: { id: str, name: str },
              },
            },
            services: {
              type: "array",
              items: { type: "object", required: ["slug", "name"] },
            },
            sentryApp: {
              type: "object",
              required: ["id", "name", "installationId", "installationUuid", "status"],
            },
          },
        },
      },
      all.body,
      "available-actions",
    );
    const some = await call(
      "GET",
      "/api/0/organizations/acme/available-actions/?type=email&type=slack&per_page=1",
    );
    expect(some.body.map((a: { type: string }) => a.type)).toEqual(["email"]);
  });

  it("data conditions of one group; a missing group is a 400", async () => {
    for (const group of ["workflow_trigger", "action_filter"]) {
      const res = await call("GET", `/api/0/organizations/acme/data-conditions/?group=${group}`);
      expect(res.status).toBe(200);
      shape(
        {
          type: "array",
          minItems: 1,
          items: {
            type: "object",
            required: ["type", "handlerGroup", "comparisonJsonSchema"],
            properties: { type: str, handlerGroup: { const: group }, handlerSubgroup: str },
          },
        },
        res.body,
        group,
      );
    }
    expect(await call("GET", "/api/0/organizations/acme/data-conditions/")).toEqual({
      status: 400,
      body: { detail: "Please provide a valid group." },
    });
  });
});
