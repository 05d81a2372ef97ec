import {
  createMcpHandler,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { ALL_TOOLS } from "../catalog/index.js";
import type { Config } from "../config.js";
import { UserInputError } from "../errors.js";
import { createNodeFetch } from "../sentry-api/node-fetch.js";
import { createBlueprintCache } from "../server/blueprint.js";
import type { SessionServer } from "../server/build-server.js";
import { paramHeaderMismatch } from "../server/param-headers.js";
import { createSession } from "../server/session.js";
import { httpTelemetry, withAuthSpan, withConnectSpan } from "../telemetry/index.js";
import type { Constraints, Skill } from "../tools/types.js";
import { authenticateMcp, type McpAuth, wwwAuthenticate } from "./auth.js";
import { createCapabilityCache, createProjectIdCache } from "./capability-cache.js";
import { closeExchange } from "./close-exchange.js";
import { generateEncryptionKey, safeEqual } from "./crypto.js";
import { bodyLimits, DEFAULT_BODY_LIMITS } from "./limits.js";
import { createMetrics, type Metrics, routeLabel } from "./metrics.js";
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

/**
 * The Streamable HTTP endpoint: stateless, one MCP server per request, so any instance can
 * answer any request. `/mcp/{org}` and `/mcp/{org}/{project}` pin the session. With an upstream
 * Sentry OAuth app configured, this is also an OAuth 2.1 authorization server.
 */
export function createHttpApp(options: HttpAppOptions): Hono {
  const app = new Hono();
  const service = resolveService(options);
  const metrics = createMetrics();
  const grants = grantDeps(options, service);
  app.use("/mcp/*", httpTelemetry());
  app.use("*", recordRequestMetrics(metrics));
  app.use("*", guardHostAndOrigin(options));
  app.use("*", limitPerIp(options, service));
  app.use("*", bodyLimits(service.bodyLimits));
  registerProbes(app, service, metrics);
  if (grants) registerOAuth(app, grants, service, options);
  const handle = mcpRoute(options, service, metrics, grants);
  registerGone(app, service);
  app.all("/mcp", handle);
  app.all("/mcp/:org", handle);
  app.all("/mcp/:org/:project", handle);
  return app;
}

/** The SSE transport is gone (as on @sentry/mcp-server's remote): point old configs to /mcp. */
function registerGone(app: Hono, service: ServiceOptions): void {
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
}

/** OAuth grant handling, when an upstream Sentry OAuth app is configured. */
function grantDeps(options: HttpAppOptions, service: ServiceOptions): GrantDeps | undefined {
  if (!service.upstream) return undefined;
  return {
    store: service.store,
    encryptionKey: service.encryptionKey,
    lifetimes: service.lifetimes,
    now: service.now,
    sentryUrl: options.config.sentryUrl,
    upstream: service.upstream,
    fetch: options.fetch ?? fetch,
    log: service.log,
  };
}

/** Counts every request by method, route and status, with its duration. */
function recordRequestMetrics(metrics: Metrics): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    metrics.request(
      c.req.method,
      routeLabel(c.req.path),
      c.res.status,
      (performance.now() - started) / 1000,
    );
  };
}

/** DNS-rebinding defence: the Host must be ours, and a browser Origin must be allowed. */
function guardHostAndOrigin(options: HttpAppOptions): MiddlewareHandler {
  const allowedHosts = options.allowedHosts;
  const allowedOrigins = new Set((options.allowedOrigins ?? []).map((o) => o.toLowerCase()));
  return async (c, next) => {
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
  };
}

function limitPerIp(options: HttpAppOptions, service: ServiceOptions): MiddlewareHandler {
  const { store, rateLimits, now } = service;
  return async (c, next) => {
    if (UNGUARDED.has(c.req.path)) return next();
    const ip = options.clientIp?.(c) ?? "unknown";
    const decision = await checkRate(
      store,
      `ip:${ip}`,
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
  };
}

/** `/healthz` for load balancers, `/metrics` for Prometheus (behind a token when set). */
function registerProbes(app: Hono, service: ServiceOptions, metrics: Metrics): void {
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
}

function registerOAuth(
  app: Hono,
  grants: GrantDeps,
  service: ServiceOptions,
  options: HttpAppOptions,
): void {
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
    registrationQuota({
      store: service.store,
      perHour: service.rateLimits.registrationsPerIp ?? 0,
      now: service.now,
      clientIp: (c: Context) => options.clientIp?.(c) ?? "unknown",
    }),
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

/** The MCP route: authenticate, limit per user, open the session, serve the request. */
function mcpRoute(
  options: HttpAppOptions,
  service: ServiceOptions,
  metrics: Metrics,
  grants: GrantDeps | undefined,
) {
  const capabilitiesFor = createCapabilityCache();
  const projectIdFor = createProjectIdCache();
  // One listing per distinct policy, shared by the per-request servers (no caller state).
  const blueprints = createBlueprintCache();
  // Keep-alive connections to Sentry, shared by every request's client.
  const upstreamFetch = options.fetch ?? createNodeFetch();
  const serve = createMcpServing();
  return async (c: Context) => {
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
    if (!auth.ok) return refuseAuth(c, auth, pathPins, grants ? service : undefined);
    const limited = await limitPerUser(c, service, auth.userKey);
    if (limited) return limited;
    let session: Awaited<ReturnType<typeof createSession>>;
    try {
      const opts = sessionOptions(new URL(c.req.url), options.config, pathPins, auth);
      session = await createSession(options.config, {
        ...opts,
        accessToken: auth.sentryToken,
        fetch: upstreamFetch,
        transport: "http",
        capabilities: capabilitiesFor(auth.userKey),
        projectId: projectIdFor(auth.userKey),
        blueprints,
        onToolResult: (name, result) =>
          metrics.toolCall(
            KNOWN_TOOLS.has(name) ? name : "unknown",
            result.isError ? "error" : "ok",
          ),
      });
    } catch (error) {
      if (error instanceof UserInputError)
        return c.json({ error: "invalid_request", error_description: error.message }, 400);
      if (error instanceof PolicyError)
        return c.json({ error: "forbidden", error_description: error.message }, 403);
      throw error;
    }
    return serve(c.req.raw, session.server);
  };
}

/** A 429 with Retry-After once this user has used up the per-user rate limit. */
async function limitPerUser(c: Context, service: ServiceOptions, userKey: string) {
  const perUser = await checkRate(
    service.store,
    userKey,
    service.rateLimits.perUser,
    service.rateLimits.windowSeconds,
    service.now(),
  );
  if (perUser.ok) return undefined;
  c.header("Retry-After", String(perUser.retryAfter));
  return c.json(
    { error: "rate_limited", error_description: "Too many requests for this user." },
    429,
  );
}

type McpRefusal = Extract<McpAuth, { ok: false }>;

/** 401 with the `WWW-Authenticate` challenge (and resource metadata with OAuth), or 403. */
function refuseAuth(
  c: Context,
  auth: McpRefusal,
  pathPins: PathPins,
  oauth: { publicUrl?: string } | undefined,
) {
  if (auth.status === 401) {
    const metadata = oauth
      ? resourceMetadataUrl(baseUrlOf(c, oauth.publicUrl), pathPins) + new URL(c.req.url).search
      : undefined;
    c.header("WWW-Authenticate", wwwAuthenticate(metadata, auth.error, auth.description));
  }
  return c.json(
    { error: auth.error ?? "unauthorized", error_description: auth.description },
    auth.status,
  );
}

/**
 * Serves one MCP request with its session's server, in the revision the client speaks. A
 * 2026-07-28 request (its `_meta` envelope claims the revision) goes to the SDK's stateless
 * handler, which validates the envelope and the `Mcp-*` headers, answers `server/discover` and
 * adds caching hints. Anything else is a 2025-era (or older) request, served statelessly with
 * JSON answers as before.
 */
function createMcpServing() {
  const servers = new WeakMap<Request, SessionServer>();
  const modern = createMcpHandler(
    ({ requestInfo }) => {
      const server = requestInfo && servers.get(requestInfo);
      if (!server) throw new Error("no MCP server prepared for this request");
      return server;
    },
    { legacy: "reject" },
  );
  return async (received: Request, server: SessionServer): Promise<Response> => {
    const { request, parsedBody } = await readJsonBody(received);
    if (Array.isArray(parsedBody)) return Response.json(BATCH_REFUSED, { status: 400 });
    if (await isLegacyRequest(request, parsedBody)) return serveLegacy(request, server, parsedBody);
    const mismatch = paramHeaderRejection(request, server, parsedBody);
    if (mismatch) return mismatch;
    servers.set(request, server);
    try {
      return await modern.fetch(request, parsedBody === undefined ? undefined : { parsedBody });
    } finally {
      servers.delete(request);
    }
  };
}

/**
 * A POST's JSON body, read once (no clone: teeing the body stream cost more than parsing it).
 * Everything downstream takes the parsed body; a body that is not JSON is handed on in a fresh
 * request so the SDK answers it as before.
 */
async function readJsonBody(request: Request): Promise<{ request: Request; parsedBody: unknown }> {
  if (request.method !== "POST") return { request, parsedBody: undefined };
  const text = await request.text();
  try {
    return { request, parsedBody: text === "" ? undefined : JSON.parse(text) };
  } catch {
    return { request: new Request(request, { body: text }), parsedBody: undefined };
  }
}

/** 400 with HeaderMismatch (-32020) when a tools/call's `Mcp-Param-*` headers lie about its arguments. */
function paramHeaderRejection(request: Request, server: SessionServer, body: unknown) {
  const message = body as { id?: unknown; method?: unknown; params?: Record<string, unknown> };
  if (message?.method !== "tools/call" || typeof message.params?.name !== "string")
    return undefined;
  const args = message.params.arguments as Record<string, unknown> | undefined;
  const reason = paramHeaderMismatch(
    server.paramHeaders(message.params.name),
    args,
    request.headers,
  );
  if (!reason) return undefined;
  return Response.json(
    {
      jsonrpc: "2.0",
      id: message.id ?? null,
      error: { code: -32020, message: `Header mismatch: ${reason}` },
    },
    { status: 400 },
  );
}

async function serveLegacy(request: Request, server: SessionServer, parsedBody: unknown) {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await withConnectSpan("http", () => server.connect(transport));
  try {
    return await transport.handleRequest(
      request,
      parsedBody === undefined ? undefined : { parsedBody },
    );
  } finally {
    // Stateless: the server lives for this request only.
    closeExchange(server);
  }
}

/** The span name's method for `mcp.auth/{method}`: which credential the request carried. */
function authMethod(header: string | undefined): string {
  const scheme = header?.trim().split(/\s+/)[0]?.toLowerCase();
  if (!scheme) return "none";
  if (scheme === "bearer") return "oauth";
  return scheme === "sentry-bearer" ? "sentry-bearer" : "other";
}
