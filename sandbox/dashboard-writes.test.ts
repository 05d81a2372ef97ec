/**
 * The sandbox's dashboard writes: requests and responses match Sentry's OpenAPI spec (camelCase
 * bodies, as Sentry's CamelSnakeSerializer takes them), every write is visible to the next read,
 * and bad widgets answer 400 the way Sentry's serializer does, naming the widget's field.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Contract } from "./contract/validator.js";
import { READONLY_SANDBOX_TOKEN, type Sandbox, startSandbox } from "./server.js";

const NOW = new Date("2025-06-02T12:00:00.000Z");
const contract = new Contract();
let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ now: NOW });
});
afterAll(() => sb.close());

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely in these tests
type Body = any;

async function req(method: string, path: string, body?: unknown, token = "sandbox-token") {
  const res = await fetch(`${sb.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Body };
}

/** A write whose request and (2xx) response must both be what the spec documents. */
async function documented(method: string, path: string, body: unknown, status: number) {
  const res = await req(method, path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  if (body !== undefined) expect(contract.validateRequest(method, path, body)?.errors).toEqual([]);
  if (status !== 204) expect(contract.validate(method, path, status, res.body)?.errors).toEqual([]);
  return res.body;
}

const list = "/api/0/organizations/acme/dashboards/";
const widget = (title: string, extra: object = {}) => ({
  title,
  displayType: "line",
  widgetType: "error-events",
  interval: "5m",
  queries: [
    {
      name: "",
      fields: ["count()"],
      aggregates: ["count()"],
      columns: [],
      fieldAliases: [""],
      conditions: "transaction:*checkout*",
      orderby: "",
    },
  ],
  layout: { x: 0, y: 0, w: 2, h: 2, minH: 2 },
  ...extra,
});

describe("dashboard writes", () => {
  it("create → read → update (PUT replaces the widget list) → delete → gone", async () => {
    const created = await documented(
      "POST",
      list,
      { title: "Checkout", widgets: [widget("Errors"), widget("Other")], projects: [4500011] },
      201,
    );
    const path = `${list}${created.id}/`;
    expect((await req("GET", path)).body.widgets.map((w: Body) => w.title)).toEqual([
      "Errors",
      "Other",
    ]);
    const [errors] = created.widgets;
    const updated = await documented(
      "PUT",
      path,
      {
        title: "Checkout (v2)",
        widgets: [
          { ...widget("Errors by release", { displayType: "table" }), id: errors.id },
          widget("New"),
        ],
      },
      200,
    );
    expect(updated.widgets.map((w: Body) => [w.id === errors.id, w.title, w.displayType])).toEqual([
      [true, "Errors by release", "table"],
      [false, "New", "line"],
    ]);
    expect((await req("GET", path)).body.title).toBe("Checkout (v2)");
    await documented("DELETE", path, undefined, 204);
    expect((await req("GET", path)).status).toBe(404);
    expect((await req("DELETE", path)).status).toBe(404);
  });

  it("answers a bad widget with Sentry's per-widget field errors and changes nothing", async () => {
    const bad = await req("POST", list, {
      title: "Bad",
      widgets: [widget("Fine"), widget("Pie", { displayType: "pie", limit: 50 })],
    });
    expect(bad).toEqual({
      status: 400,
      body: {
        widgets: [
          {},
          {
            displayType: ['"pie" is not a valid choice.'],
            limit: ["Ensure this value is less than or equal to 10."],
          },
        ],
      },
    });
    expect(
      (
        await req("POST", list, {
          title: "T",
          widgets: [{ title: "No queries", displayType: "line" }],
        })
      ).body,
    ).toEqual({
      widgets: [{ queries: ["One or more queries are required to create a widget"] }],
    });
    expect(
      (
        await req("POST", list, {
          title: "T",
          widgets: [widget("Grid", { layout: { x: 0, y: 0 } })],
        })
      ).body,
    ).toEqual({ widgets: [{ layout: ["Missing required keys: h, minH, w"] }] });
    expect((await req("POST", list, { widgets: [] })).body).toEqual({
      title: ["This field is required."],
    });
    expect((await req("GET", `${list}?query=Bad`)).body).toEqual([]);
  });

  it("409 on a taken title; duplicate: true retitles like Sentry; read-only token gets 403", async () => {
    expect(await req("POST", list, { title: "Backend health" })).toEqual({
      status: 409,
      body: "Dashboard title already taken",
    });
    const titles: string[] = [];
    for (let i = 0; i < 3; i++)
      titles.push(
        (await req("POST", list, { title: "Backend health", duplicate: true })).body.title,
      );
    expect(titles).toEqual([
      "Backend health copy",
      "Backend health copy 1",
      "Backend health copy 2",
    ]);
    expect(await req("PUT", `${list}5101/`, { title: "Backend health copy" })).toMatchObject({
      status: 409,
    });
    const denied = await req("DELETE", `${list}5101/`, undefined, READONLY_SANDBOX_TOKEN);
    expect(denied.status).toBe(403);
    expect((await req("GET", `${list}5101/`)).status).toBe(200);
  });
});
