/**
 * The sandbox: a local fake of Sentry's REST API (`/api/0/...`) over real HTTP, serving the
 * deterministic demo data of `./data`. Used by tests, demos and `sentry-mcp sandbox`.
 */

import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { createStore } from "./data/index.js";
import type { SandboxStore } from "./data/types.js";
import { FaultController, registerFaultAdminRoutes } from "./faults.js";
import { registerAiConversationRoutes } from "./routes/ai-conversations.js";
import { registerAlertWriteRoutes } from "./routes/alert-writes.js";
import { registerAlertRoutes } from "./routes/alerts.js";
import { registerAutofixRoutes } from "./routes/autofix.js";
import { registerDashboardRoutes } from "./routes/dashboards.js";
import { registerDetectorWriteRoutes } from "./routes/detector-writes.js";
import { registerDeviceRoutes } from "./routes/device.js";
import { registerDocsRoutes } from "./routes/docs.js";
import { registerEventRoutes } from "./routes/events.js";
import { registerExploreRoutes } from "./routes/explore.js";
import { ApiError, NOT_FOUND, type RouteDeps } from "./routes/http.js";
import { registerInboundFilterRoutes } from "./routes/inbound-filters.js";
import { registerIssueBulkRoutes } from "./routes/issue-bulk.js";
import { registerIssueExtraRoutes } from "./routes/issue-extras.js";
import { registerIssueLinkRoutes } from "./routes/issue-links.js";
import { registerIssueWriteRoutes } from "./routes/issue-writes.js";
import { registerIssueRoutes } from "./routes/issues.js";
import { registerKeyRoutes } from "./routes/keys.js";
import { registerMonitorEnvironmentRoutes } from "./routes/monitor-environments.js";
import { registerMonitorRoutes } from "./routes/monitors.js";
import { registerOAuthRoutes } from "./routes/oauth.js";
import { registerOnboardingRoutes } from "./routes/onboarding.js";
import { registerOrgTagRoutes } from "./routes/org-tags.js";
import { registerOrganizationRoutes } from "./routes/organizations.js";
import { registerProfilingRoutes } from "./routes/profiling.js";
import { registerProjectWriteRoutes } from "./routes/project-writes.js";
import { registerProjectRoutes } from "./routes/projects.js";
import { registerReleaseRoutes } from "./routes/releases.js";
import { registerReplayRoutes } from "./routes/replays.js";
import { registerReplayListRoutes } from "./routes/replays-list.js";
import { registerRepositoryRoutes } from "./routes/repos.js";
import { registerSnapshotRoutes } from "./routes/snapshots.js";
import { registerTagRoutes } from "./routes/tags.js";
import { registerTeamRoutes } from "./routes/teams.js";
import { registerUptimeRoutes } from "./routes/uptime.js";
import { registerUserRoutes } from "./routes/users.js";

export { createStore } from "./data/index.js";
export type { SandboxStore } from "./data/types.js";

export const DEFAULT_SANDBOX_TOKEN = "sandbox-token";
/** A token that may read everything but is refused (403) on every write, like a read-only scope. */
export const READONLY_SANDBOX_TOKEN = "sandbox-readonly-token";

export interface SandboxOptions {
  /** 0 (default) picks a random free port */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  /** clock for seeded timestamps; default new Date() */
  now?: Date;
  /** accepted bearer tokens; default ["sandbox-token"] */
  tokens?: string[];
  /** tokens accepted for reads only (writes get 403); default ["sandbox-readonly-token"] */
  readOnlyTokens?: string[];
  /** fixed delay added to every response, in milliseconds */
  delayMs?: number;
  /** mount the admin routes (`/__sandbox/faults`) so another process can inject faults */
  admin?: boolean;
  /** keep `requests` (default true); a long-running demo turns it off so memory stays flat */
  recordRequests?: boolean;
}

export interface SandboxRequest {
  method: string;
  path: string;
  /** raw query string without the leading "?" */
  query: string;
}

export interface Sandbox {
  /** e.g. http://127.0.0.1:PORT */
  url: string;
  port: number;
  /** "127.0.0.1:PORT" */
  host: string;
  store: SandboxStore;
  /** every request received, in order (for tests counting round trips) */
  requests: SandboxRequest[];
  /** fault injection for tests: `faults.set({ path, kind })`, `faults.clear()` (./faults.ts) */
  faults: FaultController;
  close(): Promise<void>;
}

export interface SandboxAppOptions {
  tokens?: string[];
  /** tokens accepted for reads only (writes get 403); default ["sandbox-readonly-token"] */
  readOnlyTokens?: string[];
  delayMs?: number;
  /** base URL used in permalinks, org links and Link headers; default: each request's origin */
  baseUrl?: string;
  /** when given, every request is appended here */
  requests?: SandboxRequest[];
  /** when given, its faults are applied to every request (see ./faults.ts) */
  faults?: FaultController;
  /** mount `/__sandbox/faults` (needs `faults`) */
  admin?: boolean;
}

/** Builds the Hono app serving `store`; mount it in-process or behind any HTTP server. */
export function createSandboxApp(store: SandboxStore, opts: SandboxAppOptions = {}): Hono {
  const tokens = new Set(opts.tokens ?? [DEFAULT_SANDBOX_TOKEN]);
  const readOnlyTokens = new Set(opts.readOnlyTokens ?? [READONLY_SANDBOX_TOKEN]);
  const deps: RouteDeps = { store, baseUrl: opts.baseUrl?.replace(/\/+$/, "") };
  const app = new Hono();

  app.use("*", async (c, next) => {
    const url = new URL(c.req.url);
    opts.requests?.push({
      method: c.req.method,
      path: url.pathname,
      query: url.search.replace(/^\?/, ""),
    });
    if (opts.delayMs && opts.delayMs > 0) await new Promise((r) => setTimeout(r, opts.delayMs));
    await next();
  });
  if (opts.faults) {
    if (opts.admin) registerFaultAdminRoutes(app, opts.faults);
    app.use("*", opts.faults.middleware());
  }

  app.use("/api/0/*", async (c, next) => {
    const header = c.req.header("authorization");
    if (!header) return c.json({ detail: "Authentication credentials were not provided." }, 401);
    const m = /^Bearer\s+(.+)$/i.exec(header.trim());
    const token = m?.[1].trim() ?? "";
    if (readOnlyTokens.has(token) && !tokens.has(token)) {
      if (!["GET", "HEAD", "OPTIONS"].includes(c.req.method)) {
        return c.json({ detail: "You do not have permission to perform this action." }, 403);
      }
    } else if (!tokens.has(token)) return c.json({ detail: "Invalid token" }, 401);
    await next();
  });

  registerUserRoutes(app, deps);
  registerOrganizationRoutes(app, deps);
  registerProjectRoutes(app, deps);
  registerTeamRoutes(app, deps);
  registerIssueRoutes(app, deps);
  registerEventRoutes(app, deps);
  registerIssueExtraRoutes(app, deps);
  registerTagRoutes(app, deps);
  registerOrgTagRoutes(app, deps);
  registerReleaseRoutes(app, deps);
  registerExploreRoutes(app, deps);
  registerAlertRoutes(app, deps);
  registerAlertWriteRoutes(app, deps);
  registerMonitorRoutes(app, deps);
  registerDashboardRoutes(app, deps);
  registerAutofixRoutes(app, deps);
  registerDocsRoutes(app, deps);
  registerIssueWriteRoutes(app, deps);
  registerIssueBulkRoutes(app, deps);
  registerIssueLinkRoutes(app, deps);
  registerProjectWriteRoutes(app, deps);
  registerKeyRoutes(app, deps);
  registerUptimeRoutes(app, deps);
  registerMonitorEnvironmentRoutes(app, deps);
  registerDetectorWriteRoutes(app, deps);
  registerInboundFilterRoutes(app, deps);
  registerReplayRoutes(app, deps);
  registerReplayListRoutes(app, deps);
  registerProfilingRoutes(app, deps);
  registerAiConversationRoutes(app, deps);
  registerSnapshotRoutes(app, deps);
  registerOnboardingRoutes(app, deps);
  registerRepositoryRoutes(app, deps);
  registerDeviceRoutes(app, deps, tokens); // before OAuth: both serve /oauth/token/
  registerOAuthRoutes(app, deps, tokens);

  // Like Django's APPEND_SLASH: GETs without the trailing slash are redirected, the rest 404.
  app.notFound((c) => {
    const url = new URL(c.req.url);
    if ((c.req.method === "GET" || c.req.method === "HEAD") && !url.pathname.endsWith("/")) {
      return c.redirect(`${url.pathname}/${url.search}`, 301);
    }
    return c.json({ detail: NOT_FOUND }, 404);
  });
  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json({ detail: err.detail }, err.status);
    return c.json({ detail: `Internal Error: ${err.message}` }, 500);
  });
  return app;
}

/** Starts the sandbox on a real HTTP port with a fresh store. */
export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const host = opts.host ?? "127.0.0.1";
  const store = createStore(opts.now ?? new Date());
  const requests: SandboxRequest[] = [];
  const faults = new FaultController();
  let app: Hono | undefined;
  const server = serve({
    fetch: (req, env) => (app ? app.fetch(req, env) : new Response("starting", { status: 503 })),
    port: opts.port ?? 0,
    hostname: host,
  });
  await new Promise<void>((resolve, reject) => {
    if (server.listening) resolve();
    server.once("listening", () => resolve());
    server.once("error", reject);
  });
  const port = (server.address() as AddressInfo).port;
  const hostPort = `${host.includes(":") ? `[${host}]` : host}:${port}`;
  const url = `http://${hostPort}`;
  app = createSandboxApp(store, {
    tokens: opts.tokens,
    readOnlyTokens: opts.readOnlyTokens,
    delayMs: opts.delayMs,
    baseUrl: url,
    requests: opts.recordRequests === false ? undefined : requests,
    faults,
    admin: opts.admin,
  });
  return {
    url,
    port,
    host: hostPort,
    store,
    requests,
    faults,
    close: () =>
      new Promise<void>((resolve, reject) => {
        if ("closeAllConnections" in server) server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
