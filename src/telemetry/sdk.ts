/**
 * The only module that imports `@sentry/node`. It is loaded with a dynamic import, and only
 * when a DSN is configured, so a server without telemetry never pays for the SDK.
 */
import * as Sentry from "@sentry/node";
import type { Logger } from "../log.js";
import { keepHttpTransaction } from "./routes.js";
import { scrubBreadcrumb, scrubEvent, scrubLog, scrubValue } from "./scrub.js";
import type { McpTransport } from "./state.js";

export interface SdkOptions {
  dsn: string;
  environment: string;
  release: string;
  tracesSampleRate: number;
  /** 0 leaves `@sentry/profiling-node` (and its native binary) unloaded. */
  profileSessionSampleRate: number;
  transport: McpTransport;
  log?: Logger;
}

type Integration = Parameters<typeof Sentry.addIntegration>[0];

/**
 * The CPU profiler, imported only here: after a DSN is set and when profiles are sampled at
 * all. It ships prebuilt binaries; on a platform without one the server runs unprofiled.
 */
async function profilingIntegration(options: SdkOptions): Promise<Integration | undefined> {
  if (options.profileSessionSampleRate <= 0) return undefined;
  try {
    const { nodeProfilingIntegration } = await import("@sentry/profiling-node");
    return nodeProfilingIntegration();
  } catch (error) {
    options.log?.warn("profiling unavailable; continuing without it", {
      error: error instanceof Error ? error.message : String(error),
    });
    return undefined;
  }
}

/**
 * Default integrations we keep. Left out on purpose: local variables (could capture tokens),
 * request bodies, database/AI auto-instrumentation (records queries and prompts), process
 * sessions and module lists. Http and NodeFetch are re-added below with spans off: our own
 * spans name upstream requests with templated paths.
 */
const KEEP = new Set([
  "InboundFilters",
  "EventFilters",
  "FunctionToString",
  "LinkedErrors",
  "NodeSystemError",
  "Console",
  "OnUncaughtException",
  "OnUnhandledRejection",
  "ContextLines",
  "Context",
]);

export async function startSdk(options: SdkOptions): Promise<typeof Sentry> {
  const profiling = await profilingIntegration(options);
  Sentry.init({
    dsn: options.dsn,
    environment: options.environment,
    release: options.release,
    tracesSampleRate: options.tracesSampleRate,
    // Continuous profiling tied to sampled spans: a profiled process profiles its traced work.
    ...(profiling
      ? { profileSessionSampleRate: options.profileSessionSampleRate, profileLifecycle: "trace" }
      : {}),
    sendDefaultPii: false,
    includeLocalVariables: false,
    // We instrument explicitly; no ESM loader hooks patching every later import.
    registerEsmLoaderHooks: false,
    enableLogs: true,
    maxBreadcrumbs: 50,
    integrations: (defaults) => [
      ...defaults.filter((integration) => KEEP.has(integration.name)),
      Sentry.httpIntegration({
        spans: false,
        maxIncomingRequestBodySize: "none",
        trackIncomingRequestsAsSessions: false,
        // Its default drops 401–404 transactions; keepHttpTransaction keeps them for /mcp.
        dropSpansForIncomingRequestStatusCodes: [],
      }),
      Sentry.nativeNodeFetchIntegration({ spans: false }),
      Sentry.requestDataIntegration({ include: { cookies: false, data: false, ip: false } }),
      ...(profiling ? [profiling] : []),
    ],
    initialScope: { tags: { "mcp.transport": options.transport } },
    beforeSend: (event) => scrubEvent(event),
    beforeSendTransaction: (event) => (keepHttpTransaction(event) ? scrubEvent(event) : null),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
    beforeSendLog: (log) => scrubLog(log),
    beforeSendSpan: (span) => ({ ...span, data: scrubValue(span.data) as typeof span.data }),
  });
  return Sentry;
}
