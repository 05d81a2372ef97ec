import { codeBlock, inlineCode, truncate } from "../../format/markdown.js";
import type { SentryEvent } from "../../sentry-api/events.js";
import { breadcrumbLine } from "./breadcrumb-format.js";
import {
  breadcrumbsOf,
  exceptionsOf,
  messageOf,
  requestOf,
  stacktraceOf,
  threadsOf,
} from "./event-entries.js";
import { dateText } from "./issue-format.js";
import {
  defaultThread,
  type FrameOptions,
  formatExceptionChain,
  formatFrames,
  threadLabel,
} from "./stacktrace-format.js";

const CONTEXT_KEYS: Record<string, string[]> = {
  os: ["name", "version"],
  client_os: ["name", "version"],
  runtime: ["name", "version"],
  browser: ["name", "version"],
  device: ["family", "model", "arch"],
  app: ["app_name", "app_version"],
  gpu: ["name"],
};
/** Shown elsewhere (trace, replay, feedback) or noise for debugging. */
const SKIP_CONTEXTS = new Set([
  "trace",
  "culture",
  "cloud_resource",
  "replay",
  "profile",
  "feedback",
  "request",
]);

/** Event tags already shown as facts, contexts, request, user or exception mechanism. */
const SHOWN_TAGS = new Set([
  "environment",
  "release",
  "dist",
  "level",
  "url",
  "user",
  "runtime",
  "runtime.name",
  "os",
  "os.name",
  "client_os",
  "client_os.name",
  "browser",
  "browser.name",
  "device",
  "device.family",
  "handled",
  "mechanism",
  "transaction",
  "trace",
  "trace.span",
  "trace.ctx",
  "replayId",
  "replay_id",
  "sentry:user",
  "sentry:release",
  "sentry:dist",
  "blocked-uri",
  "effective-directive",
]);

function scalar(value: unknown): string | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** `os: Ubuntu 22.04` style summaries of the event's contexts. */
export function contextSummary(contexts: Record<string, unknown> | null | undefined): string[] {
  if (!contexts) return [];
  const lines: string[] = [];
  for (const [name, raw] of Object.entries(contexts)) {
    if (SKIP_CONTEXTS.has(name) || !raw || typeof raw !== "object") continue;
    const ctx = raw as Record<string, unknown>;
    const keys =
      CONTEXT_KEYS[name] ??
      Object.keys(ctx)
        .filter((k) => k !== "type")
        .slice(0, 4);
    const value = keys
      .map((k) => scalar(ctx[k]))
      .filter(Boolean)
      .join(" ");
    if (value) lines.push(`- ${inlineCode(name)}: ${inlineCode(truncate(value, 160))}`);
  }
  return lines;
}

function contextString(event: SentryEvent, context: string, key: string): string | undefined {
  const ctx = event.contexts?.[context] as Record<string, unknown> | null | undefined;
  const value = ctx && typeof ctx === "object" ? ctx[key] : undefined;
  return typeof value === "string" && value ? value : undefined;
}

const MAX_OTHER_TAGS = 30;

function tagValue(event: SentryEvent, key: string): string | undefined {
  return event.tags?.find((t) => t.key === key)?.value ?? undefined;
}

export function traceIdOf(event: SentryEvent): string | undefined {
  return contextString(event, "trace", "trace_id") ?? tagValue(event, "trace");
}

export function replayIdOf(event: SentryEvent): string | undefined {
  return (
    contextString(event, "replay", "replay_id") ??
    contextString(event, "feedback", "replay_id") ??
    tagValue(event, "replayId")
  );
}

export function environmentOf(event: SentryEvent): string | undefined {
  return event.environment ?? tagValue(event, "environment");
}

function userLine(user: Record<string, unknown> | null | undefined): string | undefined {
  if (!user) return undefined;
  const parts = ["id", "username", "email"]
    .map((k) => scalar(user[k]))
    .filter((v): v is string => !!v && v !== "None");
  return parts.length ? parts.map((p) => inlineCode(p)).join(", ") : undefined;
}

export function formatBreadcrumbs(event: SentryEvent, max: number): string[] {
  const crumbs = breadcrumbsOf(event);
  const shown = crumbs.slice(-max);
  const lines = shown.map((b) => breadcrumbLine(b));
  if (crumbs.length > shown.length)
    lines.unshift(`- … ${crumbs.length - shown.length} earlier breadcrumbs`);
  return lines;
}

function requestLines(event: SentryEvent): string[] {
  const request = requestOf(event);
  if (!request?.url) return [];
  const url = request.url.split("?")[0];
  const lines = [`**Request**: ${inlineCode(`${request.method ?? "GET"} ${truncate(url, 300)}`)}`];
  const body = request.data;
  if (body !== null && body !== undefined && body !== "") {
    const rendered = typeof body === "string" ? body : JSON.stringify(body);
    lines.push(`**Request body**: ${inlineCode(truncate(rendered, 300))}`);
  }
  return lines;
}

/** The stack trace part: exception chain, else the crashed thread, else a bare stacktrace. */
function stackSection(event: SentryEvent, options: FrameOptions): string[] {
  const exceptions = exceptionsOf(event);
  if (exceptions.length) {
    return [
      "### Stack Trace",
      "",
      "Oldest call first, crashing frame last; `[app]` marks in-app frames.",
      "",
      formatExceptionChain(exceptions, options),
      "",
    ];
  }
  const threads = threadsOf(event) ?? [];
  const thread = defaultThread(threads);
  const threadFrames = thread?.stacktrace?.frames ?? [];
  if (thread && threadFrames.length) {
    const others = threads.length - 1;
    return [
      `### Stack Trace (thread ${threadLabel(thread)})`,
      "",
      codeBlock(formatFrames(threadFrames, options)),
      ...(others > 0 ? ["", `${others} more thread${others > 1 ? "s" : ""} recorded.`] : []),
      "",
    ];
  }
  const frames = stacktraceOf(event);
  return frames.length ? ["### Stack Trace", "", codeBlock(formatFrames(frames, options)), ""] : [];
}

export interface EventFormatOptions extends FrameOptions {
  breadcrumbs?: number;
  /** the message is shown elsewhere (feedback) */
  hideMessage?: boolean;
}

/** The event's sections: stack trace, message, request, user, contexts, tags, crumbs, extra. */
export function formatEventBody(event: SentryEvent, options: EventFormatOptions = {}): string[] {
  const out: string[] = [...stackSection(event, options)];
  const message = messageOf(event);
  if (message && !exceptionsOf(event).length && !options.hideMessage)
    out.push("### Message", "", codeBlock(truncate(message, 2000)), "");
  const facts = [...requestLines(event)];
  const user = userLine(event.user);
  if (user) facts.push(`**User**: ${user}`);
  if (event.sdk?.name)
    facts.push(
      `**SDK**: ${inlineCode(`${event.sdk.name}${event.sdk.version ? ` ${event.sdk.version}` : ""}`)}`,
    );
  if (facts.length) out.push(...facts, "");
  const contexts = contextSummary(event.contexts);
  if (contexts.length) out.push("### Contexts", "", ...contexts, "");
  const tags = (event.tags ?? []).filter(
    (t) => t.value != null && t.value !== "" && !SHOWN_TAGS.has(t.key),
  );
  if (tags.length) {
    out.push(
      "### Other Tags",
      "",
      tags
        .slice(0, MAX_OTHER_TAGS)
        .map((t) => inlineCode(`${t.key}=${truncate(String(t.value), 100)}`))
        .join(", ") +
        (tags.length > MAX_OTHER_TAGS ? ` and ${tags.length - MAX_OTHER_TAGS} more not shown` : ""),
      "",
    );
  }
  const crumbs = formatBreadcrumbs(event, options.breadcrumbs ?? 5);
  if (crumbs.length) out.push("### Last Breadcrumbs", "", ...crumbs, "");
  const extra =
    event.context && typeof event.context === "object"
      ? Object.entries(event.context).filter(([, v]) => v !== null && v !== undefined && v !== "")
      : [];
  if (extra.length) {
    out.push("### Extra Data", "");
    for (const [key, value] of extra.slice(0, 15)) {
      out.push(`- ${inlineCode(key)}: ${inlineCode(truncate(scalar(value) ?? "null", 200))}`);
    }
    if (extra.length > 15) out.push(`- … ${extra.length - 15} more keys`);
    out.push("");
  }
  return out;
}

export function eventHeader(event: SentryEvent, label: string): string[] {
  const env = environmentOf(event);
  const transaction = tagValue(event, "transaction");
  const facts = [
    event.dateCreated ? `**Occurred**: ${dateText(event.dateCreated)}` : undefined,
    env ? `**Environment**: ${inlineCode(env)}` : undefined,
    event.release ? `**Release**: ${inlineCode(event.release)}` : undefined,
    transaction ? `**Transaction**: ${inlineCode(transaction)}` : undefined,
    traceIdOf(event) ? `**Trace**: ${inlineCode(traceIdOf(event))}` : undefined,
    replayIdOf(event) ? `**Replay**: ${inlineCode(replayIdOf(event))}` : undefined,
  ].filter(Boolean) as string[];
  return [`## Event ${inlineCode(event.eventID)} (${label})`, "", ...facts, ""];
}
