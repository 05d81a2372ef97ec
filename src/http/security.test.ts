/**
 * The remote service's boundaries, as an attacker would probe them: operator pins and skills
 * are a ceiling that paths, queries and grants can only narrow.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { startTestSandbox, TOKEN } from "../../test/harness.js";
import { type Config, defaultConfig } from "../config.js";
import { createHttpApp } from "./app.js";
import type { ServiceOptions } from "./options.js";
import { openSqliteStore } from "./store/sqlite.js";

const HOST = "127.0.0.1:6420";
// biome-ignore lint/suspicious/noExplicitAny: test payloads are asserted field by field
type Loose = any;
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

function makeApp(config: Partial<Config> = {}, service: Partial<ServiceOptions> = {}) {
  return createHttpApp({
    config: defaultConfig({ sentryUrl: sandbox.url, accessToken: TOKEN, ...config }),
    allowedHosts: new Set([HOST]),
    service: { store: openSqliteStore(":memory:", { sweepMs: 0 }), ...service },
    clientIp: (c) => c.req.header("x-test-ip") ?? "10.0.0.1",
  });
}

const rpc = (method: string, params: Record<string, unknown> = {}, id = 1) => ({
  jsonrpc: "2.0",
  id,
  method,
  params,
});

function post(
  app: ReturnType<typeof makeApp>,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return app.request(`http://${HOST}${path}`, {
    method: "POST",
    headers: {
      host: HOST,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const call = (name: string, args: Record<string, unknown> = {}) =>
  rpc("tools/call", { name, arguments: args });

describe("operator pins are a ceiling", () => {
  const pinned = { organizationSlug: "acme", projectSlug: "backend" };

  it.each(["/mcp", "/mcp/acme"])("keeps the project pin on %s", async (path) => {
    const app = makeApp(pinned);
    const res = await post(app, path, call("get_issue_details", { issueId: "FRONTEND-2A" }));
    expect(res.status).toBe(200);
    const body: Loose = await res.json();
    expect(body.result.isError).toBe(true);
    expect(JSON.stringify(body.result.content)).toContain("limited to project");
  });

  it("answers 403 with a clear body when the path names another project", async () => {
    const app = makeApp(pinned);
    const res = await post(app, "/mcp/acme/frontend", call("find_projects"));
    expect(res.status).toBe(403);
    const body: Loose = await res.json();
    expect(body).toEqual({
      error: "forbidden",
      error_description:
        'This server is pinned to project "backend"; the request asks for project "frontend".',
    });
  });

  it("answers 403 when the path names another organization", async () => {
    const res = await post(makeApp(pinned), "/mcp/globex", call("find_projects"));
    expect(res.status).toBe(403);
    expect(((await res.json()) as Loose).error_description).toContain(
      'pinned to organization "acme"',
    );
  });

  it("lets the path narrow an organization pin to a project", async () => {
    const app = makeApp({ organizationSlug: "acme" });
    const res = await post(
      app,
      "/mcp/acme/backend",
      call("get_issue_details", { issueId: "FRONTEND-2A" }),
    );
    const body: Loose = await res.json();
    expect(body.result.isError).toBe(true);
    expect(JSON.stringify(body.result.content)).toContain("limited to project");
  });
});

describe("?skills= only narrows the operator's skills", () => {
  it("cannot add skills the operator did not grant", async () => {
    const app = makeApp({ skills: ["inspect"] });
    const res = await post(
      app,
      "/mcp?skills=inspect,triage,project-management",
      call("create_team", { organizationSlug: "acme", name: "Intruders" }),
    );
    const body: Loose = await res.json();
    expect(body.result.isError).toBe(true);
    expect(body.result.content[0].text).toContain("needs the project-management skill");
  });

  it("answers 403 when none of the asked skills is allowed", async () => {
    const app = makeApp({ skills: ["inspect"] });
    const res = await post(app, "/mcp?skills=triage", rpc("tools/list"));
    expect(res.status).toBe(403);
    expect(((await res.json()) as Loose).error_description).toContain(
      "This server allows the skills: inspect",
    );
  });

  it("still narrows", async () => {
    const app = makeApp({ skills: ["inspect", "project-management"] });
    const res = await post(
      app,
      "/mcp?skills=inspect",
      call("create_team", { organizationSlug: "acme", name: "Narrowed" }),
    );
    const body: Loose = await res.json();
    expect(body.result.content[0].text).toContain("needs the project-management skill");
  });
});

describe("a pinned project reaches Sentry as its own project filter", () => {
  const BACKEND_ID = "4500011";
  const sent = (path: string, since: number) =>
    sandbox.requests
      .slice(since)
      .filter((r) => r.method === "GET" && r.path === path)
      .map((r) => new URLSearchParams(r.query));

  it.each([
    ["search_issues", { query: "is:unresolved" }, "/api/0/organizations/acme/issues/"],
    ["search_events", { query: "level:error" }, "/api/0/organizations/acme/events/"],
  ])("%s sends project=<id>", async (tool, args, path) => {
    const app = makeApp({ organizationSlug: "acme", projectSlug: "backend" });
    const since = sandbox.requests.length;
    const res = await post(app, "/mcp", call(tool, args));
    const body: Loose = await res.json();
    expect(body.result.isError).toBeFalsy();
    const requests = sent(path, since);
    expect(requests.length).toBeGreaterThan(0);
    for (const q of requests) expect(q.getAll("project")).toEqual([BACKEND_ID]);
  });

  it.each([
    ["search_issues", "/api/0/organizations/acme/issues/"],
    ["search_events", "/api/0/organizations/acme/events/"],
  ])("%s adds no project: term a caller's OR could widen", async (tool, path) => {
    const app = makeApp({ organizationSlug: "acme", projectSlug: "backend" });
    for (const query of ["x OR project:frontend", "project:frontend"]) {
      const since = sandbox.requests.length;
      const res = await post(app, "/mcp", call(tool, { query }));
      const body: Loose = await res.json();
      const requests = sent(path, since);
      expect(requests.length).toBeGreaterThan(0);
      for (const q of requests) {
        expect(q.get("query")).toBe(query);
        expect(q.getAll("project")).toEqual([BACKEND_ID]);
      }
      expect(JSON.stringify(body.result)).not.toMatch(/FRONTEND-|acme\/frontend/i);
    }
  });

  it("also when the project comes from the path", async () => {
    const app = makeApp();
    const since = sandbox.requests.length;
    await post(app, "/mcp/acme/backend", call("search_issues", { query: "is:unresolved" }));
    const requests = sent("/api/0/organizations/acme/issues/", since);
    expect(requests.map((q) => q.getAll("project"))).toEqual([[BACKEND_ID]]);
  });
});

describe("JSON-RPC batches", () => {
  it("are refused, so one request is one message for the rate limit", async () => {
    const app = makeApp({}, { rateLimits: { perIp: 0, perUser: 2, windowSeconds: 60 } });
    const batch = [1, 2, 3].map((id) =>
      rpc("tools/call", { name: "find_projects", arguments: {} }, id),
    );
    const res = await post(app, "/mcp/acme", batch);
    expect(res.status).toBe(400);
    const body: Loose = await res.json();
    expect(body.error.code).toBe(-32600);
    expect(body.error.message).toContain("Batches are not supported");
  });
});

describe("path segments", () => {
  it.each(["/mcp/ac%0D%0Ame", "/mcp/%E2%9C%93", "/mcp/acme/back%0Aend", "/mcp/acme%20corp"])(
    "answers 400 to %s before anything else",
    async (path) => {
      const app = makeApp({}, { upstream: { clientId: "id", clientSecret: "secret" } });
      const res = await post(app, path, rpc("tools/list"), { authorization: "Bearer whatever" });
      expect(res.status).toBe(400);
      expect(res.headers.get("www-authenticate")).toBeNull();
    },
  );
});

describe("--read-only and Seer", () => {
  it("never starts a Seer run, and says how to start one", async () => {
    const app = makeApp({ readOnly: true });
    const since = sandbox.requests.length;
    const res = await post(
      app,
      "/mcp",
      call("analyze_issue_with_seer", { issueUrl: "https://acme.sentry.io/issues/6100000102/" }),
    );
    const body: Loose = await res.json();
    const posts = sandbox.requests
      .slice(since)
      .filter((r) => r.method === "POST" && r.path.endsWith("/autofix/"));
    expect(posts).toEqual([]);
    expect(body.result.isError).toBe(true);
    expect(body.result.content[0].text).toContain("read-only");
    expect(body.result.content[0].text).toContain("Start one in Sentry");
  });
});

describe("org-level resources under a project pin", () => {
  it.each(["create_team", "find_dashboards", "get_dashboard_details"])(
    "%s is not available",
    async (tool) => {
      const app = makeApp({ skills: ["inspect", "project-management"] });
      const res = await post(app, "/mcp/acme/backend", call(tool, { name: "x", dashboardId: "1" }));
      const body: Loose = await res.json();
      expect(body.result.isError).toBe(true);
      expect(body.result.content[0].text).toContain("pinned to one project");
    },
  );
});

describe("teams under a project pin", () => {
  it("lists the teams without naming other projects", async () => {
    const res = await post(makeApp(), "/mcp/acme/backend", call("find_teams"));
    const text = ((await res.json()) as Loose).result.content[0].text as string;
    expect(text).toContain('"backend"');
    expect(text).not.toMatch(/frontend|mobile-app|payments/);
  });
});

describe("snapshots under a project pin", () => {
  it.each([
    ["get_snapshot", { snapshotId: "231940" }],
    ["get_snapshot_image", { snapshotId: "231940", imageIdentifier: "login.png" }],
    ["get_latest_base_snapshot", { appId: "acme-web" }],
    ["get_latest_base_snapshot", { appId: "acme-web", project: "frontend" }],
  ])("%s refuses another project's snapshot", async (tool, args) => {
    const app = makeApp();
    const res = await post(app, "/mcp/acme/backend", call(tool, args));
    const body: Loose = await res.json();
    expect(body.result.isError).toBe(true);
    // Refused, or (asked for the pinned project only) not found: never the other's snapshot.
    expect(body.result.content[0].text).toMatch(/limited to project "backend"|Not found/);
    expect(JSON.stringify(body.result)).not.toMatch(/Acme Web|acme-web`/);
    const own = await post(app, "/mcp/acme/frontend", call(tool, args));
    expect(((await own.json()) as Loose).result.isError).toBeFalsy();
  });
});

describe("traces under a project pin", () => {
  it("refuses a span of another project, shows its own", async () => {
    const app = makeApp();
    const { checkout } = sandbox.store.explore.traceIds;
    const spans = sandbox.store.explore.spans.filter((s) => s.traceId === checkout);
    const ids: Record<string, string> = { backend: "4500011", frontend: "4500012" };
    const of = (project: string) => spans.find((s) => s.projectId === ids[project])!.spanId;
    const other = await post(
      app,
      "/mcp/acme/backend",
      call("get_span_details", { traceId: checkout, spanId: of("frontend") }),
    );
    const refused: Loose = await other.json();
    expect(refused.result.isError).toBe(true);
    expect(refused.result.content[0].text).toContain('limited to project "backend"');
    const own = await post(
      app,
      "/mcp/acme/backend",
      call("get_span_details", { traceId: checkout, spanId: of("backend") }),
    );
    expect(((await own.json()) as Loose).result.isError).toBeFalsy();
  });

  it("refuses a trace rooted in another project", async () => {
    const app = makeApp();
    const { checkout } = sandbox.store.explore.traceIds;
    const res = await post(
      app,
      "/mcp/acme/backend",
      call("get_trace_details", { traceId: checkout }),
    );
    const body: Loose = await res.json();
    expect(body.result.isError).toBe(true);
    expect(body.result.content[0].text).toContain('limited to project "backend"');
    const own = await post(
      app,
      "/mcp/acme/frontend",
      call("get_trace_details", { traceId: checkout }),
    );
    expect(((await own.json()) as Loose).result.isError).toBeFalsy();
  });
});
