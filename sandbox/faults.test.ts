import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { globToRegExp } from "./faults.js";
import { type Sandbox, startSandbox } from "./server.js";

const TOKEN = "sandbox-token";
const auth = { Authorization: `Bearer ${TOKEN}` };
const ORG = "/api/0/organizations/acme/";
const ORGS = "/api/0/organizations/";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, now: new Date("2026-11-01T12:00:00Z"), admin: true });
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.faults.clear());

const get = (path: string, init: RequestInit = {}) =>
  fetch(`${sandbox.url}${path}`, { ...init, headers: { ...auth, ...(init.headers ?? {}) } });

describe("fault kinds", () => {
  it("answers a status with a JSON body, or a gateway HTML page for 502-504", async () => {
    sandbox.faults.set({ path: ORG, kind: "status", status: 500 });
    const r500 = await get(ORG);
    expect(r500.status).toBe(500);
    expect(await r500.json()).toEqual({ detail: "Internal Error" });

    sandbox.faults.set({ path: ORG, kind: "status", status: 503, retryAfter: 2 });
    const r503 = await get(ORG);
    expect(r503.status).toBe(503);
    expect(r503.headers.get("retry-after")).toBe("2");
    expect(await r503.text()).toMatch(/<html>.*503 Bad Gateway/);
  });

  it("rate-limits with Retry-After", async () => {
    sandbox.faults.set({ path: ORG, kind: "rate-limit", retryAfter: 3 });
    const res = await get(ORG);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("3");
  });

  it("counts down `times`, then answers normally; the first matching rule wins", async () => {
    sandbox.faults.set(
      { path: ORG, kind: "status", status: 502, times: 2 },
      { path: "/api/0/organizations/*/", kind: "status", status: 500, times: 1 },
    );
    expect((await get(ORG)).status).toBe(502);
    expect((await get(ORG)).status).toBe(502);
    expect((await get(ORG)).status).toBe(500);
    expect((await get(ORG)).status).toBe(200);
    expect(sandbox.faults.hits.map((h) => h.kind)).toEqual(["status", "status", "status"]);
  });

  it("matches the method when given", async () => {
    sandbox.faults.set({ path: ORG, method: "POST", kind: "status" });
    expect((await get(ORG)).status).toBe(200);
  });

  it("delays slow answers and notices a client that gave up", async () => {
    sandbox.faults.set({ path: ORG, kind: "slow", delayMs: 150 });
    const started = Date.now();
    expect((await get(ORG)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);

    sandbox.faults.set({ path: ORG, kind: "slow", delayMs: 5_000 });
    const controller = new AbortController();
    const pending = get(ORG, { signal: controller.signal }).catch((e) => e);
    await new Promise((r) => setTimeout(r, 100));
    controller.abort();
    expect(await pending).toBeInstanceOf(Error);
    await new Promise((r) => setTimeout(r, 50));
    expect(sandbox.faults.hits.at(-1)).toMatchObject({ kind: "slow", aborted: true });
  });

  it("resets the connection", async () => {
    sandbox.faults.set({ path: ORG, kind: "reset" });
    const error = (await get(ORG).catch((e) => e)) as Error;
    expect(error).toBeInstanceOf(TypeError);
  });

  it("truncates JSON, serves an HTML login page, reshapes, hollows and inflates", async () => {
    sandbox.faults.set({ path: ORG, kind: "truncated" });
    const cut = await (await get(ORG)).text();
    expect(() => JSON.parse(cut)).toThrow();
    expect(cut.length).toBeGreaterThan(10);

    sandbox.faults.set({ path: ORG, kind: "html" });
    const page = await get(ORG);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);

    sandbox.faults.set({ path: ORG, kind: "wrong-shape" });
    expect(Array.isArray(await (await get(ORG)).json())).toBe(true);
    sandbox.faults.set({ path: ORGS, kind: "wrong-shape" });
    expect(await (await get(ORGS)).json()).toHaveProperty("results");

    sandbox.faults.set({ path: ORGS, kind: "missing-fields" });
    const hollow = (await (await get(ORGS)).json()) as Array<Record<string, unknown>>;
    expect(hollow.every((o) => Object.keys(o).join() === "id")).toBe(true);

    sandbox.faults.set({ path: ORGS, kind: "huge", items: 300 });
    const huge = (await (await get(ORGS)).json()) as unknown[];
    expect(huge).toHaveLength(300);
    sandbox.faults.set({ path: ORG, kind: "huge" });
    const big = await (await get(ORG)).text();
    expect(big.length).toBeGreaterThan(1_000_000);
  });
});

describe("admin routes", () => {
  it("adds, lists and clears faults over HTTP", async () => {
    const add = await fetch(`${sandbox.url}/__sandbox/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path: "/api/0/organizations/**", kind: "status", status: 503 }),
    });
    expect(add.status).toBe(201);
    expect((await get(ORG)).status).toBe(503);
    const listed = (await (await fetch(`${sandbox.url}/__sandbox/faults`)).json()) as {
      faults: unknown[];
      hits: unknown[];
    };
    expect(listed.faults).toHaveLength(1);
    expect(listed.hits).toHaveLength(1);

    const bad = await fetch(`${sandbox.url}/__sandbox/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path: "/x", kind: "explode" }),
    });
    expect(bad.status).toBe(400);

    const regex = await fetch(`${sandbox.url}/__sandbox/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ faults: [{ pathRegex: "/teams/$", kind: "rate-limit" }] }),
    });
    expect(regex.status).toBe(201);
    expect((await get(ORG)).status).toBe(200);
    expect((await get("/api/0/organizations/acme/teams/")).status).toBe(429);

    const cleared = await fetch(`${sandbox.url}/__sandbox/faults`, { method: "DELETE" });
    expect(cleared.status).toBe(204);
    expect((await get("/api/0/organizations/acme/teams/")).status).toBe(200);
  });

  it("does not exist without { admin: true }", async () => {
    const plain = await startSandbox({ port: 0 });
    try {
      const res = await fetch(`${plain.url}/__sandbox/faults`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ path: "/**", kind: "status" }),
      });
      expect(res.status).toBe(404);
      plain.faults.set({ path: "/**", kind: "status", status: 500 });
      expect((await fetch(`${plain.url}${ORG}`, { headers: auth })).status).toBe(500);
    } finally {
      await plain.close();
    }
  });
});

describe("globToRegExp", () => {
  it("keeps * within a segment and lets ** cross segments", () => {
    expect(globToRegExp("/api/0/*/").test("/api/0/organizations/")).toBe(true);
    expect(globToRegExp("/api/0/*/").test("/api/0/organizations/acme/")).toBe(false);
    expect(globToRegExp("/api/0/**").test("/api/0/organizations/acme/")).toBe(true);
    expect(globToRegExp("/a.b/").test("/axb/")).toBe(false);
  });
});
