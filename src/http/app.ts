import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { type Context, Hono } from "hono";
import { cors } from "hono/cors";
import { ALL_TOOLS } from "../catalog/index.js";
import type { Config } from "../config.js";
import { UserInputError } from "../errors.js";
import { createSession } from "../server/session.js";
import { httpTelemetry, withAuthSpan, withConnectSpan } from "../telemetry/index.js";
import type { Constraints, Skill } from "../tools/types.js";
import { authenticateMcp, type McpAuth, wwwAuthenticate } from "./auth.js";
import { createCapabilityCache, createProjectIdCache } from "./capability-cache.js";
import { generateEncryptionKey, safeEqual } from "./crypto.js";
import { bodyLimits, DEFAULT_BODY_LIMITS } from "./limits.js";
import { createMetrics, routeLabel } from "./metrics.js";
import type { GrantDeps } from "./oauth/grants.js";
import { registerOAuthRoutes } from "./oauth/index.js";
import { registrationQuota } from "./oauth/registration-quota.js";
import {
  DEFAULT_RATE_LIMITS,
  DEFAULT_TOKEN_LIFETIMES,
  type HttpAppOptions,
  type ServiceOptions,
} from "./options.js";
import {
  BATCH_REFUSED,
  invalidPathSegment,
  PolicyError,
  resolvePins,
  resolveSkills,
} from "./policy.js";
import { checkRate } from "./rate-limit.js";
import { openSqliteStore } from "./store/sqlite.js";
import { baseUrlOf, isSlug, type PathPins, resourceMetadataUrl } from "./urls.js";

export type { HttpAppOptions } from "./options.js";

type McpIdentity = Extract<McpAuth, { ok: true }>;

function sessionOptions(url: URL, config: Config, path: PathPins, auth: McpIdentity) {
  for (const slug of [path.organizationSlug, path.projectSlug]) {
    if (slug !== undefined && !isSlug(slug))
      throw new UserInputError(`Invalid slug in path: ${JSON.stringify(slug)}`);
  }
  const operator = { organizationSlug: config.organizationSlug, projectSlug: config.projectSlug };
  const constraints: Constraints = resolvePins(operator, auth.grantPins, path);
  const q = url.searchParams;
  const skills: Skill[] = resolveSkills(config.skills, auth.grantSkills, q);
  const flag = (name: string) => /^(1|true|yes)$/i.test(q.get(name) ?? "");
  return {
    constraints,
    skills,
    readOnly: config.readOnly || flag("read-only"),
    experimental: config.experimental || flag("experimental"),
  };
}

/** Fills in defaults: an in-memory store, a per-process key, no OAuth. */
function resolveService(options: HttpAppOptions): ServiceOptions {
  const s = options.service ?? {};
  return {
    ...s,
    store: s.store ?? openSqliteStore(":memory:"),
    encryptionKey: s.encryptionKey ?? generateEncryptionKey(),
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...s.rateLimits },
    lifetimes: s.lifetimes ?? DEFAULT_TOKEN_LIFETIMES,
    bodyLimits: s.bodyLimits ?? DEFAULT_BODY_LIMITS,
    now: s.now ?? Date.now,
  };
}

const KNOWN_TOOLS = new Set(ALL_TOOLS.map((t) => t.name));
/** Paths any origin may call from a browser (metadata, registration, token, revocation). */
const PUBLIC_CORS = /^\/(\.well-known\/|oauth\/(token|register|revoke)$)/;
/** Paths without the Host check: health probes and scrapers address instances directly. */
const UNGUARDED = new Set(["/healthz", "/metrics"]);

/** `tools/call` requests in a JSON-RPC body: id → tool name (known names only). */
function toolCallsOf(body: unknown): Map<unknown, string> {
  const calls = new Map<unknown, string>();
  for (const msg of Array.isArray(body) ? body : [body]) {
    if (msg && typeof msg === "object" && msg.method === "tools/call" && "id" in msg) {
      const name = String(msg.params?.name ?? "");
      calls.set(msg.id, KNOWN_TOOLS.has(name) ? name : "unknown");
    }
  }
  return calls;
}

/**
 * The Streamable HTTP endpoint: stateless, one MCP server per request, so any instance can
 * answer any request. `/mcp/{org}` and `/mcp/{org}/{project}` pin the session. With an upstream
 * Sentry OAuth app configured, this is also an OAuth 2.1 authorization server.
 */
export function createHttpApp(options: HttpAppOptions): Hono {
  const app = new Hono();
  const capabilitiesFor = createCapabilityCache();
  const projectIdFor = createProjectIdCache();
  app.use("/mcp/*", httpTelemetry());
  const allowedHosts = options.allowedHosts;
  const allowedOrigins = new Set((options.allowedOrigins ?? []).map((o) => o.toLowerCase()));
  const service = resolveService(options);
  const { store, rateLimits, now } = service;
  const metrics = createMetrics();
  const clientIp = (c: Context) => options.clientIp?.(c) ?? "unknown";
  const grants: GrantDeps | undefined = service.upstream
    ? {
        store,
        encryptionKey: service.encryptionKey,
        lifetimes: service.lifetimes,
        now,
        sentryUrl: options.config.sentryUrl,
        upstream: service.upstream,
        fetch: options.fetch ?? fetch,
      }
    : undefined;

  app.use("*", async (c, next) => {
    const started = performance.now();
    await next();
    metrics.request(
      c.req.method,
      routeLabel(c.req.path),
      c.res.status,
      (performance.now() - started) / 1000,
    );
  });

  app.use("*", bodyLimits(service.bodyLimits));

  app.use("*", async (c, next) => {
    if (UNGUARDED.has(c.req.path)) return next();
    const host = (c.req.header("host") ?? "").toLowerCase();
    if (!allowedHosts.has(host))
      return c.json({ error: "forbidden_host", error_description: "Host not allowed" }, 403);
    const origin = c.req.header("origin");
    if (
      origin &&
      !PUBLIC_CORS.test(c.req.path) &&
      !allowedOrigins.has(origin.toLowerCase()) &&
      !allowedOrigins.has("*")
    ) {
      try {
        if (!allowedHosts.has(new URL(origin).host.toLowerCase())) throw new Error("origin");
      } catch {
        return c.json({ error: "forbidden_origin", error_description: "Origin not allowed" }, 403);
      }
    }
    await next();
  });

  app.use("*", async (c, next) => {
    if (UNGUARDED.has(c.req.path)) return next();
    const decision = await checkRate(
      store,
      `ip:${clientIp(c)}`,
      rateLimits.perIp,
      rateLimits.windowSeconds,
      now(),
    );
    if (!decision.ok) {
      c.header("Retry-After", String(decision.retryAfter));
      return c.json(
        { error: "rate_limited", error_description: "Too many requests from this address." },
        429,
      );
    }
    await next();
  });

  app.get("/healthz", (c) => c.json({ status: "ok" }));

  app.get("/metrics", (c) => {
    const wanted = service.metricsToken;
    if (!wanted && service.metricsNeedToken)
      return c.text("Set MCP_METRICS_TOKEN to scrape /metrics on a non-loopback address.\n", 403);
    const sent = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
    if (wanted && !safeEqual(sent, wanted)) return c.text("unauthorized\n", 401);
    return c.text(metrics.render(), 200, {
      "Content-Type": "text/plain; version=0.0.4; charset=utf-8",
    });
  });

  if (grants) {
    app.use("/.well-known/*", cors({ origin: "*", maxAge: 3600 }));
    for (const path of ["/oauth/token", "/oauth/register", "/oauth/revoke"]) {
      app.use(
        path,
        cors({ origin: "*", allowHeaders: ["Authorization", "Content-Type"], maxAge: 3600 }),
      );
    }
    const { config } = options;
    app.use(
      "/oauth/register",
      registrationQuota({ store, perHour: rateLimits.registrationsPerIp ?? 0, now, clientIp }),
    );
    registerOAuthRoutes(app, {
      ...grants,
      publicUrl: service.publicUrl,
      log: service.log,
      cimd: service.cimd ?? {},
      operator: {
        pins: { organizationSlug: config.organizationSlug, projectSlug: config.projectSlug },
        skills: config.skills,
      },
    });
  }

  const handle = async (c: Context) => {
    const url = new URL(c.req.url);
    const pathPins: PathPins = {
      organizationSlug: c.req.param("org"),
      projectSlug: c.req.param("project"),
    };
    const badSegment = invalidPathSegment(pathPins);
    if (badSegment) return c.json({ error: "invalid_request", error_description: badSegment }, 400);
    const authorization = c.req.header("authorization");
    const auth = await withAuthSpan(authMethod(authorization), () =>
      authenticateMcp(authorization, { config: options.config, grants, pathPins }),
    );
    if (!auth.ok) {
      if (auth.status === 401) {
        const metadata = grants
          ? resourceMetadataUrl(baseUrlOf(c, service.publicUrl), pathPins) + url.search
          : undefined;
        c.header("WWW-Authenticate", wwwAuthenticate(metadata, auth.error, auth.description));
      }
      return c.json(
        { error: auth.error ?? "unauthorized", error_description: auth.description },
        auth.status,
      );
    }
    const perUser = await checkRate(
      store,
      auth.userKey,
      rateLimits.perUser,
      rateLimits.windowSeconds,
      now(),
    );
    if (!perUser.ok) {
      c.header("Retry-After", String(perUser.retryAfter));
      return c.json(
        { error: "rate_limited", error_description: "Too many requests for this user." },
        429,
      );
    }
    let session: Awaited<ReturnType<typeof createSession>>;
    try {
      const opts = sessionOptions(url, options.config, pathPins, auth);
      session = await createSession(options.config, {
        ...opts,
        accessToken: auth.sentryToken,
        fetch: options.fetch,
        transport: "http",
        capabilities: capabilitiesFor(auth.userKey),
        projectId: projectIdFor(auth.userKey),
      });
    } catch (error) {
      if (error instanceof UserInputError)
        return c.json({ error: "invalid_request", error_description: error.message }, 400);
      if (error instanceof PolicyError)
        return c.json({ error: "forbidden", error_description: error.message }, 403);
      throw error;
    }
    const parsedBody =
      c.req.method === "POST"
        ? await c.req.raw
            .clone()
            .json()
            .catch(() => undefined)
        : undefined;
    if (Array.isArray(parsedBody)) return c.json(BATCH_REFUSED, 400);
    const calls = toolCallsOf(parsedBody);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await withConnectSpan("http", () => session.server.connect(transport));
    try {
      const response = await transport.handleRequest(
        c.req.raw,
        parsedBody === undefined ? undefined : { parsedBody },
      );
      if (calls.size > 0) {
        const answer = await response
          .clone()
          .json()
          .catch(() => null);
        for (const msg of Array.isArray(answer) ? answer : [answer]) {
          const tool = msg && calls.get(msg.id);
          if (tool) metrics.toolCall(tool, msg.error || msg.result?.isError ? "error" : "ok");
        }
      }
      return response;
    } finally {
      // Stateless: the server lives for this request only.
      void session.server.close();
    }
  };
  // The SSE transport is gone (as on @sentry/mcp-server's remote): point old configs to /mcp.
  const gone = (c: Context) =>
    c.json(
      {
        error: "gone",
        error_description: `The SSE transport is not served; connect to ${baseUrlOf(c, service.publicUrl)}/mcp (Streamable HTTP).`,
      },
      410,
    );
  app.all("/sse", gone);
  app.all("/sse/*", gone);
  app.all("/mcp", handle);
  app.all("/mcp/:org", handle);
  app.all("/mcp/:org/:project", handle);
  return app;
}

/** The span name's method for `mcp.auth/{method}`: which credential the request carried. */
function authMethod(header: string | undefined): string {
  const scheme = header?.trim().split(/\s+/)[0]?.toLowerCase();
  if (!scheme) return "none";
  if (scheme === "bearer") return "oauth";
  return scheme === "sentry-bearer" ? "sentry-bearer" : "other";
}
