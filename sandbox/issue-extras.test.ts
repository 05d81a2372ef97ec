/**
 * Undocumented issue routes (activity, notes, user reports) and attachment downloads: the shapes
 * Sentry sends (see ../shared/sentry-api/fixtures) and the seeded data behind them.
 */

import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "./server.js";

const TOKEN = "sandbox-token";
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ now: new Date("2026-11-01T12:00:00Z") });
});
afterAll(() => sandbox.close());

async function get(path: string) {
  const res = await fetch(`${sandbox.url}${path}`, {
    headers: { Authorization: `Bearer ${TOKEN}` },
  });
  return res;
}

const ajv = new Ajv({ strict: false, allErrors: true });
function shape(schema: object, body: unknown) {
  const validate = ajv.compile(schema);
  expect(validate(body), ajv.errorsText(validate.errors)).toBe(true);
}

const str = { type: "string" };
const activity = {
  type: "object",
  required: ["id", "user", "type", "data", "dateCreated"],
  properties: {
    id: str,
    type: str,
    data: { type: "object" },
    dateCreated: str,
    user: {
      anyOf: [{ type: "null" }, { type: "object", required: ["id", "name", "email"] }],
    },
  },
};

describe("issue activity, notes and user reports", () => {
  it("GET activities/ wraps the log, newest first, with assignee names", async () => {
    const body = await (
      await get("/api/0/organizations/acme/issues/BACKEND-1A/activities/")
    ).json();
    shape(
      {
        type: "object",
        required: ["activity"],
        properties: { activity: { type: "array", items: activity } },
      },
      body,
    );
    const { activity: items } = body as {
      activity: Array<{ dateCreated: string; type: string; data: unknown }>;
    };
    const dates = items.map((a) => a.dateCreated);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(items.find((a) => a.type === "assigned")?.data).toMatchObject({
      assigneeName: "Priya Natarajan",
      assigneeEmail: expect.any(String),
    });
  });

  it("GET notes/ pages the comments; numComments matches", async () => {
    const res = await get("/api/0/organizations/acme/issues/BACKEND-1A/notes/?per_page=2");
    const body = await res.json();
    shape({ type: "array", items: activity }, body);
    expect(body).toHaveLength(2);
    expect(res.headers.get("link")).toContain('results="true"; cursor="0:2:0"');
    const issue = sandbox.store.issues.find((i) => i.shortId === "BACKEND-1A")!;
    expect(issue.numComments).toBe(3);
  });

  it("GET user-reports/ has the fixture's fields", async () => {
    const body = await (
      await get("/api/0/organizations/acme/issues/FRONTEND-2A/user-reports/")
    ).json();
    shape(
      {
        type: "array",
        minItems: 3,
        items: {
          type: "object",
          required: ["id", "eventID", "name", "email", "comments", "dateCreated", "user", "event"],
          properties: {
            user: { anyOf: [{ type: "null" }, { type: "object", required: ["id"] }] },
            event: { type: "object", required: ["id", "eventID"] },
            name: str,
            email: str,
            comments: str,
          },
        },
      },
      body,
    );
    const none = await (
      await get("/api/0/organizations/acme/issues/BACKEND-1A/user-reports/")
    ).json();
    expect(none).toEqual([]);
  });
});

describe("event attachments", () => {
  const find = (name: string) => sandbox.store.attachments.find((a) => a.name === name)!;
  const path = (name: string) => {
    const a = find(name);
    const project = sandbox.store.projects.find((p) => p.id === a.projectId)!.slug;
    return `/api/0/projects/acme/${project}/events/${a.eventId}/attachments/${a.id}/`;
  };

  it("downloads bodies with type, length and file name headers", async () => {
    const res = await get(`${path("checkout-debug.log")}?download=1`);
    expect(res.headers.get("content-type")).toBe("text/plain");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="checkout-debug.log"',
    );
    const text = await res.text();
    expect(Number(res.headers.get("content-length"))).toBe(Buffer.byteLength(text));
    expect(text).toContain("connection refused");
  });

  it("streams large generated files with their declared size", async () => {
    const res = await get(`${path("native-crash.dmp")}?download=1`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.length).toBe(find("native-crash.dmp").size);
    expect(Buffer.from(bytes.subarray(0, 4)).toString()).toBe("MDMP");
  });

  it("404s for unknown attachments and events", async () => {
    const a = find("screenshot.png");
    expect((await get(path("screenshot.png").replace(a.id, "1"))).status).toBe(404);
    expect(
      (await get(`/api/0/projects/acme/frontend/events/${"0".repeat(32)}/attachments/`)).status,
    ).toBe(404);
  });
});
