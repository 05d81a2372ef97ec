/**
 * The only module that imports `@sentry/node`. It is loaded with a dynamic import, and only
 * when a DSN is configured, so a server without telemetry never pays for the SDK.
 */
import * as Sentry from "@sentry/node";
import { keepHttpTransaction } from "./routes.js";
import { scrubBreadcrumb, scrubEvent, scrubLog, scrubValue } from "./scrub.js";
import type { McpTransport } from "./state.js";

export interface SdkOptions {
  dsn: string;
  environment: string;
  release: string;
  tracesSampleRate: number;
  transport: McpTransport;
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

export function startSdk(options: SdkOptions): typeof Sentry {
  Sentry.init({
    dsn: options.dsn,
    environment: options.environment,
    release: options.release,
    tracesSampleRate: options.tracesSampleRate,
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
