import { formatDate } from "../../format/dates.js";
import { codeBlock, inlineCode, truncate } from "../../format/markdown.js";
import type { SentryEvent } from "../../sentry-api/events.js";
import {
  breadcrumbsOf,
  exceptionsOf,
  messageOf,
  requestOf,
  stacktraceOf,
} from "./event-entries.js";
import { formatExceptionChain, formatFrames } from "./stacktrace-format.js";

const CONTEXT_KEYS: Record<string, string[]> = {
  os: ["name", "version"],
  runtime: ["name", "version"],
  browser: ["name", "version"],
  device: ["family", "model", "arch"],
  app: ["app_name", "app_version"],
  gpu: ["name"],
};
const SKIP_CONTEXTS = new Set(["trace", "culture", "cloud_resource", "replay", "profile"]);

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
    if (value) lines.push(`- ${name}: ${inlineCode(truncate(value, 160))}`);
  }
  return lines;
}

export function traceIdOf(event: SentryEvent): string | undefined {
  const trace = event.contexts?.trace as { trace_id?: unknown } | undefined;
  return typeof trace?.trace_id === "string" ? trace.trace_id : undefined;
}

export function environmentOf(event: SentryEvent): string | undefined {
  return event.environment ?? event.tags?.find((t) => t.key === "environment")?.value ?? undefined;
}

function userLine(user: Record<string, unknown> | null | undefined): string | undefined {
  if (!user) return undefined;
  const parts = ["id", "username", "email"].map((k) => scalar(user[k])).filter(Boolean) as string[];
  return parts.length ? parts.map((p) => inlineCode(p)).join(", ") : undefined;
}

export function formatBreadcrumbs(event: SentryEvent, max: number): string[] {
  const crumbs = breadcrumbsOf(event);
  const shown = crumbs.slice(-max);
  const lines = shown.map((b) => {
    const time =
      typeof b.timestamp === "number"
        ? new Date(b.timestamp * 1000).toISOString().slice(11, 19)
        : (b.timestamp?.slice(11, 19) ?? "");
    const data = b.data
      ? ["method", "url", "status_code", "to", "from"]
          .map((k) => scalar(b.data?.[k]))
          .filter(Boolean)
          .join(" ")
      : "";
    const body = truncate([b.message, data].filter(Boolean).join(" ") || "(no message)", 200);
    return `- ${time} ${b.category ?? b.type ?? "default"}${b.level && b.level !== "info" ? ` ${b.level}` : ""}: ${inlineCode(body)}`;
  });
  if (crumbs.length > shown.length)
    lines.unshift(`- … ${crumbs.length - shown.length} earlier breadcrumbs`);
  return lines;
}

function evidenceSection(event: SentryEvent): string[] {
  const display = (event.occurrence?.evidenceDisplay ?? []) as Array<{
    name?: string;
    value?: unknown;
  }>;
  if (!Array.isArray(display) || display.length === 0) return [];
  const lines = ["### Evidence", ""];
  for (const item of display) {
    const value = scalar(item?.value);
    if (!item?.name || !value) continue;
    lines.push(
      value.includes("\n")
        ? `**${item.name}**:\n${codeBlock(truncate(value, 2000))}`
        : `**${item.name}**: ${inlineCode(truncate(value, 500))}`,
    );
  }
  return lines.length > 2 ? lines : [];
}

export interface EventFormatOptions {
  breadcrumbs?: number;
  showAllFrames?: boolean;
}

/** The event's sections: exception chain, message, request, evidence, context, tags, user. */
export function formatEventBody(event: SentryEvent, options: EventFormatOptions = {}): string[] {
  const out: string[] = [];
  const exceptions = exceptionsOf(event);
  if (exceptions.length) {
    out.push(
      "### Stack Trace",
      "",
      "Most recent call last; `[app]` marks in-app frames.",
      "",
      formatExceptionChain(exceptions, { showAll: options.showAllFrames }),
      "",
    );
  } else {
    const frames = stacktraceOf(event);
    if (frames.length) out.push("### Stack Trace", "", codeBlock(formatFrames(frames)), "");
  }
  const message = messageOf(event);
  if (message && !exceptions.length)
    out.push("### Message", "", codeBlock(truncate(message, 2000)), "");
  out.push(...evidenceSection(event));
  if (out.length && out[out.length - 1] !== "") out.push("");
  const request = requestOf(event);
  if (request?.url) {
    const url = request.url.split("?")[0];
    out.push(`**Request**: ${inlineCode(`${request.method ?? "GET"} ${truncate(url, 300)}`)}`);
  }
  const user = userLine(event.user);
  if (user) out.push(`**User**: ${user}`);
  if (event.sdk?.name)
    out.push(
      `**SDK**: ${inlineCode(`${event.sdk.name}${event.sdk.version ? ` ${event.sdk.version}` : ""}`)}`,
    );
  const contexts = contextSummary(event.contexts);
  if (contexts.length) out.push("", "### Contexts", "", ...contexts);
  const tags = (event.tags ?? []).filter((t) => t.value != null && t.value !== "");
  if (tags.length) {
    out.push(
      "",
      "### Tags",
      "",
      tags
        .slice(0, 30)
        .map((t) => inlineCode(`${t.key}=${truncate(String(t.value), 100)}`))
        .join(", "),
    );
  }
  const crumbs = formatBreadcrumbs(event, options.breadcrumbs ?? 5);
  if (crumbs.length) out.push("", "### Last Breadcrumbs", "", ...crumbs);
  const extra =
    event.context && typeof event.context === "object" ? Object.entries(event.context) : [];
  if (extra.length) {
    out.push("", "### Extra Data", "");
    for (const [key, value] of extra.slice(0, 15)) {
      out.push(`- ${inlineCode(key)}: ${inlineCode(truncate(scalar(value) ?? "null", 200))}`);
    }
    if (extra.length > 15) out.push(`- … ${extra.length - 15} more keys`);
  }
  return out;
}

export function eventHeader(event: SentryEvent, label: string): string[] {
  const facts = [
    event.dateCreated ? `**Occurred**: ${formatDate(event.dateCreated)}` : undefined,
    environmentOf(event) ? `**Environment**: ${inlineCode(environmentOf(event))}` : undefined,
    event.release ? `**Release**: ${inlineCode(event.release)}` : undefined,
    traceIdOf(event) ? `**Trace**: ${inlineCode(traceIdOf(event))}` : undefined,
  ].filter(Boolean) as string[];
  return [`## Event ${inlineCode(event.eventID)} (${label})`, "", ...facts, ""];
}
