import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { startTestSandbox, TOKEN } from "../../test/harness.js";
import { defaultConfig } from "../config.js";
import { createLogger } from "../log.js";
import { createHttpApp } from "./app.js";
import type { ServiceOptions } from "./options.js";
import { openSqliteStore } from "./store/sqlite.js";

const HOST = "127.0.0.1:6420";

/** JSON bodies are read loosely in assertions. */
// biome-ignore lint/suspicious/noExplicitAny: test payloads are asserted field by field
type Loose = any;
const json = (res: Response): Promise<Loose> => res.json();
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

function makeApp(
  options: { token?: string; service?: Partial<ServiceOptions>; origins?: string[] } = {},
) {
  const config = defaultConfig({ sentryUrl: sandbox.url, accessToken: options.token });
  return createHttpApp({
    config,
    allowedHosts: new Set([HOST, "mcp.example.com"]),
    allowedOrigins: options.origins,
    service: { store: openSqliteStore(":memory:", { sweepMs: 0 }), ...options.service },
    clientIp: (c) => c.req.header("x-test-ip") ?? "10.0.0.1",
  });
}

const rpc = (method: string, params: Record<string, unknown> = {}) =>
  JSON.stringify({ jsonrpc: "2.0", id: 1, method, params });

function post(
  app: ReturnType<typeof makeApp>,
  path: string,
  body: string,
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
    body,
  });
}

describe("the retired SSE transport", () => {
  it("answers 410 Gone on /sse and below, pointing to /mcp", async () => {
    const app = makeApp({ token: TOKEN });
    for (const [method, path] of [
      ["GET", "/sse"],
      ["POST", "/sse/message?sessionId=x"],
      ["GET", "/sse/acme"],
    ]) {
      const res = await app.request(`http://${HOST}${path}`, { method, headers: { host: HOST } });
      expect(res.status, path).toBe(410);
      expect(await json(res)).toEqual({
        error: "gone",
        error_description: `The SSE transport is not served; connect to http://${HOST}/mcp (Streamable HTTP).`,
      });
    }
  });
});

describe("direct token mode", () => {
  it("forwards a Sentry-Bearer token to Sentry", async () => {
    const app = makeApp();
    const res = await post(
      app,
      "/mcp",
      rpc("tools/call", { name: "find_organizations", arguments: {} }),
      {
        authorization: `Sentry-Bearer ${TOKEN}`,
      },
    );
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.result.isError).toBeFalsy();
    expect(JSON.stringify(body)).toContain("acme");
  });

  it("passes Sentry's rejection of a bad token through as a tool error", async () => {
    const app = makeApp();
    const res = await post(
      app,
      "/mcp",
      rpc("tools/call", { name: "find_organizations", arguments: {} }),
      {
        authorization: "Sentry-Bearer not-a-real-token",
      },
    );
    expect(res.status).toBe(200);
    expect((await json(res)).result.isError).toBe(true);
  });

  it.each([
    ["no token", "Sentry-Bearer"],
    ["two tokens", "Sentry-Bearer a b"],
    ["another scheme", "Basic dXNlcjpwYXNz"],
    ["a control character", "Sentry-Bearer abc\u0001def"],
  ])("answers 401 to a malformed header (%s)", async (_label, header) => {
    const res = await post(makeApp(), "/mcp", rpc("tools/list"), { authorization: header });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain('error="invalid_request"');
  });

  it("answers 401 without credentials when the server holds no token", async () => {
    const res = await post(makeApp(), "/mcp", rpc("tools/list"));
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe(
      'Bearer realm="sentry-mcp", error_description="Send Authorization: Sentry-Bearer <Sentry user auth token>."',
    );
  });

  it("refuses OAuth bearer tokens when OAuth is off", async () => {
    const res = await post(makeApp(), "/mcp", rpc("tools/list"), {
      authorization: "Bearer something",
    });
    expect(res.status).toBe(401);
    expect((await json(res)).error).toBe("invalid_token");
  });

  it("answers 400 to unknown skills and bad slugs", async () => {
    const app = makeApp({ token: TOKEN });
    const bad = await post(app, "/mcp?skills=inspect,root", rpc("tools/list"));
    expect(bad.status).toBe(400);
    expect((await json(bad)).error_description).toContain("Unknown skill in ?skills: root");
    expect((await post(app, "/mcp?disable-skills=nope", rpc("tools/list"))).status).toBe(400);
    expect((await post(app, "/mcp/acme%20corp", rpc("tools/list"))).status).toBe(400);
  });
});

describe("server-held token (demo)", () => {
  it("needs no Authorization header and honours pins and query flags", async () => {
    const app = makeApp({ token: TOKEN });
    const res = await post(
      app,
      "/mcp/acme/backend?read-only=1&skills=inspect,triage",
      rpc("tools/list"),
    );
    expect(res.status).toBe(200);
    const tools = (await json(res)).result.tools as Array<{
      name: string;
      inputSchema: { properties?: object };
      annotations: { readOnlyHint: boolean };
    }>;
    expect(tools.length).toBeGreaterThan(0);
    for (const t of tools) {
      expect(Object.keys(t.inputSchema.properties ?? {})).not.toContain("organizationSlug");
      expect(t.annotations.readOnlyHint).toBe(true);
    }
  });

  it("looks a pinned project's capabilities up once, not on every request", async () => {
    const app = makeApp({ token: TOKEN });
    const projectLookups = () =>
      sandbox.requests.filter((r) => r.path === "/api/0/projects/acme/frontend/").length;
    const before = projectLookups();
    for (let i = 0; i < 3; i++) {
      const res = await post(app, "/mcp/acme/frontend", rpc("tools/list"));
      expect(res.status).toBe(200);
    }
    expect(projectLookups() - before).toBe(1);
  });
});

describe("Host and Origin checks", () => {
  it("rejects a foreign Host (DNS rebinding) but not on /healthz", async () => {
    const app = makeApp({ token: TOKEN });
    const res = await app.request("http://evil.example/mcp", {
      method: "POST",
      headers: { host: "evil.example" },
      body: rpc("tools/list"),
    });
    expect(res.status).toBe(403);
    expect((await json(res)).error).toBe("forbidden_host");
    const health = await app.request("http://10.1.2.3:6420/healthz", {
      headers: { host: "10.1.2.3:6420" },
    });
    expect(await json(health)).toEqual({ status: "ok" });
  });

  it("rejects a foreign Origin, accepts our own and configured ones", async () => {
    const app = makeApp({ token: TOKEN, origins: ["https://inspector.example"] });
    expect(
      (await post(app, "/mcp", rpc("tools/list"), { origin: "https://evil.example" })).status,
    ).toBe(403);
    expect((await post(app, "/mcp", rpc("tools/list"), { origin: `http://${HOST}` })).status).toBe(
      200,
    );
    expect(
      (await post(app, "/mcp", rpc("tools/list"), { origin: "https://inspector.example" })).status,
    ).toBe(200);
    expect((await post(app, "/mcp", rpc("tools/list"), { origin: "null" })).status).toBe(403);
  });
});

describe("rate limits", () => {
  it("limits per IP with 429 and Retry-After", async () => {
    const app = makeApp({
      token: TOKEN,
      service: {
        rateLimits: { perIp: 2, perUser: 0, windowSeconds: 60 },
        now: () => 1_000_000_050_000,
      },
    });
    expect((await post(app, "/mcp", rpc("tools/list"))).status).toBe(200);
    expect((await post(app, "/mcp", rpc("tools/list"))).status).toBe(200);
    const limited = await post(app, "/mcp", rpc("tools/list"));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("30");
    expect((await post(app, "/mcp", rpc("tools/list"), { "x-test-ip": "10.0.0.2" })).status).toBe(
      200,
    );
  });

  it("limits per user across addresses", async () => {
    const app = makeApp({ service: { rateLimits: { perIp: 0, perUser: 1, windowSeconds: 60 } } });
    const auth = { authorization: `Sentry-Bearer ${TOKEN}` };
    expect(
      (await post(app, "/mcp", rpc("tools/list"), { ...auth, "x-test-ip": "10.0.0.3" })).status,
    ).toBe(200);
    const limited = await post(app, "/mcp", rpc("tools/list"), {
      ...auth,
      "x-test-ip": "10.0.0.4",
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const other = await post(app, "/mcp", rpc("tools/list"), {
      authorization: "Sentry-Bearer another-token",
    });
    expect(other.status).toBe(200);
  });
});

describe("/metrics", () => {
  it("counts requests, tool calls, errors and latency", async () => {
    const app = makeApp({ token: TOKEN });
    await post(app, "/mcp/acme", rpc("tools/call", { name: "find_projects", arguments: {} }));
    await post(
      app,
      "/mcp",
      rpc("tools/call", { name: "get_issue_details", arguments: { issueId: "NOPE-1" } }),
    );
    await post(app, "/mcp", rpc("tools/call", { name: "find_projects", arguments: {} }), {
      authorization: "Sentry-Bearer",
    });
    const text = await (
      await app.request(`http://${HOST}/metrics`, { headers: { host: HOST } })
    ).text();
    expect(text).toContain('sentry_mcp_tool_calls_total{tool="find_projects",outcome="ok"} 1');
    expect(text).toContain(
      'sentry_mcp_tool_calls_total{tool="get_issue_details",outcome="error"} 1',
    );
    expect(text).toContain(
      'sentry_mcp_http_requests_total{method="POST",route="/mcp/:org",status="200"} 1',
    );
    expect(text).toContain(
      'sentry_mcp_http_requests_total{method="POST",route="/mcp",status="401"} 1',
    );
    expect(text).toContain('sentry_mcp_errors_total{kind="tool_error"} 1');
    expect(text).toContain('sentry_mcp_errors_total{kind="unauthorized"} 1');
    expect(text).toContain("# TYPE sentry_mcp_http_request_duration_seconds histogram");
    expect(text).toMatch(
      /sentry_mcp_http_request_duration_seconds_bucket\{route="\/mcp",le="\+Inf"\} 2/,
    );
  });

  it("needs the metrics token when one is configured", async () => {
    const app = makeApp({ token: TOKEN, service: { metricsToken: "scrape-secret" } });
    expect((await app.request("http://x/metrics", { headers: { host: "x" } })).status).toBe(401);
    const ok = await app.request("http://x/metrics", {
      headers: { host: "x", authorization: "Bearer scrape-secret" },
    });
    expect(ok.status).toBe(200);
  });
});

describe("logging", () => {
  it("never writes a forwarded token", async () => {
    const lines: string[] = [];
    const log = createLogger("debug", (l) => lines.push(l));
    const app = makeApp({ service: { log } });
    await post(app, "/mcp", rpc("tools/call", { name: "find_organizations", arguments: {} }), {
      authorization: `Sentry-Bearer ${TOKEN}`,
    });
    expect(lines.join("")).not.toContain(TOKEN);
  });
});
