import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { Hono } from "hono";
import { parseSkills } from "../catalog/skills.js";
import type { Config } from "../config.js";
import { UserInputError } from "../errors.js";
import { createSession } from "../server/session.js";
import { httpTelemetry, withConnectSpan } from "../telemetry/index.js";
import type { Constraints, Skill } from "../tools/types.js";

export interface HttpAppOptions {
  config: Config;
  /** Host header values accepted (DNS-rebinding guard), e.g. "127.0.0.1:6420"; read per request. */
  allowedHosts: ReadonlySet<string>;
  /** Origins accepted when a browser sends one. */
  allowedOrigins?: string[];
  fetch?: typeof fetch;
}

const SLUG = /^[A-Za-z0-9_.-]{1,100}$/;

function sessionOptions(url: URL, config: Config, org?: string, project?: string) {
  const constraints: Constraints = {
    organizationSlug: org ?? config.organizationSlug,
    projectSlug: project ?? (org ? undefined : config.projectSlug),
  };
  for (const slug of [org, project]) {
    if (slug !== undefined && !SLUG.test(slug)) throw new UserInputError(`Invalid slug in path: ${JSON.stringify(slug)}`);
  }
  if (config.organizationSlug && org && org !== config.organizationSlug) {
    throw new UserInputError(`This server is pinned to organization ${config.organizationSlug}.`);
  }
  const q = url.searchParams;
  let skills: Skill[] = config.skills;
  if (q.get("skills")) skills = parseSkills(q.get("skills") ?? "", "?skills");
  if (q.get("disable-skills")) {
    const off = parseSkills(q.get("disable-skills") ?? "", "?disable-skills");
    skills = skills.filter((s) => !off.includes(s));
  }
  const flag = (name: string) => /^(1|true|yes)$/i.test(q.get(name) ?? "");
  return {
    constraints,
    skills,
    readOnly: config.readOnly || flag("read-only"),
    experimental: config.experimental || flag("experimental"),
  };
}

/**
 * The Streamable HTTP endpoint: stateless, one MCP server per request, so any instance can
 * answer any request. `/mcp/{org}` and `/mcp/{org}/{project}` pin the session.
 */
export function createHttpApp(options: HttpAppOptions): Hono {
  const app = new Hono();
  app.use("/mcp/*", httpTelemetry());
  const allowedHosts = options.allowedHosts;
  const allowedOrigins = new Set((options.allowedOrigins ?? []).map((o) => o.toLowerCase()));

  app.use("*", async (c, next) => {
    const host = (c.req.header("host") ?? "").toLowerCase();
    if (!allowedHosts.has(host)) return c.json({ error: "forbidden_host", error_description: "Host not allowed" }, 403);
    const origin = c.req.header("origin");
    if (origin && !allowedOrigins.has(origin.toLowerCase()) && !allowedOrigins.has("*")) {
      try {
        if (!allowedHosts.has(new URL(origin).host.toLowerCase())) throw new Error("origin");
      } catch {
        return c.json({ error: "forbidden_origin", error_description: "Origin not allowed" }, 403);
      }
    }
    await next();
  });

  app.get("/healthz", (c) => c.json({ status: "ok" }));

  const handle = async (c: import("hono").Context) => {
    const token = options.config.accessToken;
    if (!token) return c.json({ error: "unauthorized", error_description: "No Sentry access token configured" }, 401);
    let session: Awaited<ReturnType<typeof createSession>>;
    try {
      const opts = sessionOptions(new URL(c.req.url), options.config, c.req.param("org"), c.req.param("project"));
      session = await createSession(options.config, { ...opts, fetch: options.fetch });
    } catch (error) {
      if (error instanceof UserInputError) return c.json({ error: "invalid_request", error_description: error.message }, 400);
      throw error;
    }
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await withConnectSpan("http", () => session.server.connect(transport));
    try {
      return await transport.handleRequest(c.req.raw);
    } finally {
      // Stateless: the server lives for this request only.
      void session.server.close();
    }
  };
  app.all("/mcp", handle);
  app.all("/mcp/:org", handle);
  app.all("/mcp/:org/:project", handle);
  return app;
}
