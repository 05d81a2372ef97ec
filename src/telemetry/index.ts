/**
 * The server monitoring itself with Sentry. Off unless a DSN is configured (`--sentry-dsn` or
 * SENTRY_DSN); when off, this module loads nothing heavy and every helper is a pass-through.
 * See docs/telemetry.md for what is sent and how it is scrubbed.
 */
import { addSecret, type Logger, onLog, redact } from "../log.js";
import { PACKAGE_NAME, VERSION } from "../version.js";
import { classify } from "./classify.js";
import { scrubAttributes } from "./scrub.js";
import { type McpTransport, state } from "./state.js";

export { type Classification, classify } from "./classify.js";
export { REDACTED, scrubEvent, scrubValue } from "./scrub.js";
export {
  type AgentSpan,
  type AgentSpanOptions,
  httpTelemetry,
  type RequestExtraLike,
  withAgentSpan,
  withAuthSpan,
  withConnectSpan,
  withPromptSpan,
  withToolSpan,
  withUpstreamSpan,
} from "./spans.js";
export type { McpTransport } from "./state.js";

export interface TelemetryOptions {
  dsn?: string;
  transport: McpTransport;
  /** Registered for redaction everywhere (logs included), whether or not a DSN is set. */
  accessToken?: string;
  /** Other configured secrets (OAuth client secret, metrics token, encryption key), same treatment. */
  secrets?: Array<string | undefined>;
  env?: NodeJS.ProcessEnv;
  log?: Logger;
}

function sampleRate(raw: string | undefined, fallback: number, name: string, log?: Logger): number {
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (Number.isFinite(value) && value >= 0 && value <= 1) return value;
  log?.warn(`ignoring ${name}: expected a number between 0 and 1`, { value: raw });
  return fallback;
}

/** Traced share of requests by default (the seed's 10%); SENTRY_TRACES_SAMPLE_RATE overrides. */
export const DEFAULT_TRACES_SAMPLE_RATE = 0.1;

/**
 * Share of server processes that profile their traced spans (the seed's 10%);
 * SENTRY_PROFILE_SESSION_SAMPLE_RATE overrides, and 0 leaves the profiler unloaded.
 */
export const DEFAULT_PROFILE_SESSION_SAMPLE_RATE = 0.1;

export interface Sampling {
  tracesSampleRate: number;
  profileSessionSampleRate: number;
}

/** The SDK's sampling settings from the environment. */
export function samplingFromEnv(env: NodeJS.ProcessEnv, log?: Logger): Sampling {
  return {
    tracesSampleRate: sampleRate(
      env.SENTRY_TRACES_SAMPLE_RATE,
      DEFAULT_TRACES_SAMPLE_RATE,
      "SENTRY_TRACES_SAMPLE_RATE",
      log,
    ),
    profileSessionSampleRate: sampleRate(
      env.SENTRY_PROFILE_SESSION_SAMPLE_RATE,
      DEFAULT_PROFILE_SESSION_SAMPLE_RATE,
      "SENTRY_PROFILE_SESSION_SAMPLE_RATE",
      log,
    ),
  };
}

/**
 * Starts the Sentry SDK when a DSN is given; resolves to whether telemetry is on. Safe to call
 * more than once (later calls only register secrets).
 */
export async function initTelemetry(options: TelemetryOptions): Promise<boolean> {
  addSecret(options.accessToken);
  for (const secret of options.secrets ?? []) addSecret(secret);
  const dsn = options.dsn?.trim();
  if (!dsn || state.sdk) return state.sdk !== undefined;
  const env = options.env ?? process.env;
  const { startSdk } = await import("./sdk.js");
  state.transport = options.transport;
  state.sessionId =
    options.transport === "stdio" ? crypto.randomUUID().replaceAll("-", "") : undefined;
  const sdk = await startSdk({
    dsn,
    transport: options.transport,
    environment: env.SENTRY_ENVIRONMENT || env.NODE_ENV || "production",
    release: env.SENTRY_RELEASE || `${PACKAGE_NAME}@${VERSION}`,
    ...samplingFromEnv(env, options.log),
    log: options.log,
  });
  state.sdk = sdk;
  onLog((level, msg, fields) => {
    if (level === "debug") return;
    sdk.logger[level](redact(msg), scrubAttributes(fields));
  });
  options.log?.debug("telemetry enabled", {
    sentryHost: safeHost(dsn),
    transport: options.transport,
  });
  return true;
}

function safeHost(dsn: string): string | undefined {
  try {
    return new URL(dsn).host;
  } catch {
    return undefined;
  }
}

export function isTelemetryEnabled(): boolean {
  return state.sdk !== undefined;
}

/**
 * The dispatcher's hook for a tool call that threw. Classifies the error, marks the active span
 * and, when the error is ours to fix, reports it. Returns the text to append to the tool's error
 * message: ` (reported as event <id>)`, or "" when nothing was sent.
 */
export function reportToolError(error: unknown): string {
  const sdk = state.sdk;
  if (!sdk) return "";
  const { report, type } = classify(error);
  const span = sdk.getActiveSpan();
  span?.setAttribute("error.type", type);
  if (!report) return "";
  span?.setStatus({ code: 2, message: "internal_error" });
  const eventId = sdk.captureException(error, { tags: { "error.type": type } });
  return ` (reported as event ${eventId})`;
}

/**
 * For a failure a tool absorbs (an optional lookup it can answer without): nothing changes for
 * the caller, but one that is ours to fix (5xx, unreadable answers, network) is still reported.
 * Resolves to whether an event was sent.
 */
export function reportHandledError(error: unknown, context: string): boolean {
  const sdk = state.sdk;
  if (!sdk || !classify(error).report) return false;
  sdk.captureException(error, {
    level: "error",
    tags: { "error.type": classify(error).type, "error.context": context },
  });
  return true;
}

/** For the CLI's last-chance handler: report (if reportable) and flush before the process exits. */
export async function reportFatal(error: unknown): Promise<void> {
  const sdk = state.sdk;
  if (!sdk) return;
  if (classify(error).report) sdk.captureException(error, { level: "fatal" });
  await sdk.flush(2_000);
}

/** Waits until queued events are sent (or the timeout passes). */
export async function flushTelemetry(timeoutMs = 2_000): Promise<boolean> {
  return state.sdk ? state.sdk.flush(timeoutMs) : true;
}

/** Flushes and shuts the SDK down (tests; a process that exits needs only flushTelemetry). */
export async function closeTelemetry(timeoutMs = 2_000): Promise<void> {
  const sdk = state.sdk;
  if (!sdk) return;
  onLog(undefined);
  await sdk.close(timeoutMs);
  state.sdk = undefined;
  state.sessionId = undefined;
}
