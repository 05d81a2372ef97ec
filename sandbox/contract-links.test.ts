/**
 * Contract notes for the ticket-link routes Sentry's OpenAPI spec does not document (the
 * documented ones are validated in contract.test.ts): the shapes below are what Sentry sends,
 * as its serializers and the incumbent's client read them.
 *
 * - `GET /organizations/{org}/issues/{id}/integrations/`: the org's ticket integrations, each
 *   with the issue's linked tickets in `externalIssues` (`id`, `key`, `url`, `title`, `displayName`).
 * - `GET /organizations/{org}/sentry-app-installations/`: `uuid`, `status`, `app {slug, uuid}`.
 * - `GET /organizations/{org}/sentry-app-components/?projectId=`: `type` (`issue-link`),
 *   `sentryApp {slug, uuid}`, `schema.link {uri, required_fields, optional_fields}`.
 * - `POST /sentry-app-installations/{uuid}/external-issue-actions/`: body `{groupId, action:
 *   "link"|"create", uri, ...form fields}`; answers 201 with the App ticket (`id`, `issueId`,
 *   `serviceType`, `displayName`, `webUrl`), the shape of `GET .../issues/{id}/external-issues/`.
 */

import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "./server.js";

const TOKEN = "sandbox-token";
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

const ajv = new Ajv({ strict: false, allErrors: true });
function shape(schema: object, body: unknown, what: string): void {
  const validate = ajv.compile(schema);
  expect(validate(body), `${what}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}
const str = { type: "string" };
const list = (items: object) => ({ type: "array", items, minItems: 1 });
const appTicket = {
  type: "object",
  required: ["id", "issueId", "serviceType", "displayName", "webUrl"],
  properties: { id: str, issueId: str, serviceType: str, displayName: str, webUrl: str },
};

describe("undocumented ticket-link routes have the shapes Sentry sends", () => {
  it("the issue's integrations with their linked tickets", async () => {
    const res = await call("GET", "/api/0/organizations/acme/issues/BACKEND-1A/integrations/");
    expect(res.status).toBe(200);
    shape(
      list({
        type: "object",
        required: ["id", "name", "domainName", "status", "provider", "externalIssues"],
        properties: {
          id: str,
          provider: { type: "object", required: ["key", "name"] },
          externalIssues: {
            type: "array",
            items: { type: "object", required: ["id", "key", "url", "title", "displayName"] },
          },
        },
      }),
      res.body,
      "integrations",
    );
    expect(res.body[0].externalIssues[0].key).toBe("OPS-412");
  });

  it("App installations, components and the link action", async () => {
    const installs = await call("GET", "/api/0/organizations/acme/sentry-app-installations/");
    shape(
      list({
        type: "object",
        required: ["uuid", "status", "app"],
        properties: { app: { type: "object", required: ["slug", "uuid"] } },
      }),
      installs.body,
      "installations",
    );
    const components = await call(
      "GET",
      "/api/0/organizations/acme/sentry-app-components/?projectId=4500011",
    );
    shape(
      list({
        type: "object",
        required: ["type", "sentryApp", "schema"],
        properties: {
          sentryApp: { type: "object", required: ["slug", "uuid"] },
          schema: {
            type: "object",
            properties: { link: { type: "object", required: ["uri", "required_fields"] } },
          },
        },
      }),
      components.body,
      "components",
    );
    const uuid = installs.body[0].uuid;
    const action = `/api/0/sentry-app-installations/${uuid}/external-issue-actions/`;
    const linked = await call("POST", action, {
      groupId: "6100000102",
      action: "link",
      uri: "/sentry/issues/link",
      identifier: "ENG-5",
    });
    expect(linked.status).toBe(201);
    shape(appTicket, linked.body, "linked App ticket");
    const again = await call("POST", action, {
      groupId: "6100000102",
      action: "link",
      uri: "/sentry/issues/link",
      identifier: "ENG-6",
    });
    expect(again).toEqual({
      status: 409,
      body: { detail: "This issue is already linked to a Linear issue." },
    });
    const tickets = await call(
      "GET",
      "/api/0/organizations/acme/issues/6100000102/external-issues/",
    );
    shape({ type: "array", items: appTicket }, tickets.body, "App tickets");
    expect(tickets.body.map((t: { displayName: string }) => t.displayName)).toEqual(["ENG-5"]);
  });
});
