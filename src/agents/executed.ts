/**
 * `## Executed search`: what actually ran when rules or an agent changed the caller's request,
 * so the calling agent can check it and reuse the Sentry syntax next time.
 */
import { inlineCode, text } from "../format/markdown.js";
import { KEYS_BY_KIND, type RequestKey, type SearchKind, type SearchRequest } from "./request.js";
import type { AgentProviderName } from "./types.js";

export interface ExecutedSearch {
  kind: SearchKind;
  /** the request that ran (absent keys: the tool's defaults) */
  request: SearchRequest;
  by: "rules" | { provider: AgentProviderName; model: string };
  trigger: "natural-language" | "rejected";
  /** the request refused before the repair (by Sentry, or by the tool's own pre-check), and why */
  rejected?: { request: SearchRequest; reason: string; by: "sentry" | "tool" };
  changed: RequestKey[];
  explanation: string;
}

export function runnerLabel(provider: AgentProviderName): string {
  return provider === "client"
    ? "the client's model (MCP sampling)"
    : `the embedded agent (${provider})`;
}

/** `query "…", sort "…"`: a request on one line, for error messages. */
export function describeRequest(kind: SearchKind, request: SearchRequest): string {
  const parts = KEYS_BY_KIND[kind]
    .filter((k) => request[k] !== undefined && (k === "query" || request[k] !== ""))
    .map((k) => `${k} ${JSON.stringify(request[k])}`);
  return parts.join(", ") || "the default request";
}

function show(value: unknown): string {
  if (value === undefined || value === "") return "(default)";
  return Array.isArray(value) ? value.join(", ") : String(value);
}

function byLine(by: ExecutedSearch["by"]): string {
  if (by === "rules")
    return "- **Translated by**: built-in rules (no LLM provider configured); check that the query says what was asked, or pass Sentry syntax in `query`.";
  const who =
    by.provider === "client" ? "the client's model through MCP sampling" : `${by.provider}`;
  return `- **Repaired by**: ${who}, model ${inlineCode(by.model)}`;
}

const definedOf = (r: SearchRequest) =>
  Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as SearchRequest;

/** The heading and the request that ran, one line per group of keys. */
function requestLines(r: SearchRequest): string[] {
  const lines = [
    "## Executed search",
    "",
    r.query ? `- **Query**: ${inlineCode(r.query)}` : "- No query",
  ];
  const what = [
    r.dataset ? `**Dataset**: ${r.dataset}` : undefined,
    r.fields?.length ? `**Fields**: ${r.fields.map(inlineCode).join(", ")}` : undefined,
  ].filter(Boolean);
  if (what.length) lines.push(`- ${what.join(" · ")}`);
  const how = [
    r.sort ? `**Sort**: ${inlineCode(r.sort)}` : undefined,
    r.start && r.end
      ? `**Range**: ${r.start} – ${r.end}`
      : r.period
        ? `**Period**: ${r.period}`
        : undefined,
    r.environment?.length
      ? `**Environment**: ${[r.environment].flat().map(inlineCode).join(", ")}`
      : undefined,
  ].filter(Boolean);
  if (how.length) lines.push(`- ${how.join(" · ")}`);
  return lines;
}

/**
 * The section's lines. `effective` fills what the tool sent for keys the request left to
 * defaults (fields, sort, period), so the section shows exactly what ran.
 */
export function executedSection(executed: ExecutedSearch, effective: SearchRequest = {}): string[] {
  const lines = requestLines({ ...executed.request, ...definedOf(effective) });
  lines.push(byLine(executed.by));
  if (executed.rejected) {
    const { request, reason, by } = executed.rejected;
    const keys = executed.changed.length ? executed.changed : (["query"] as const);
    const was = keys.map((k) => `${k} ${inlineCode(show(request[k]))}`).join(", ");
    const why = text(reason.replace(/`/g, "").slice(0, 300));
    lines.push(
      `- **${by === "sentry" ? "Sentry rejected" : "Refused before sending"}**: ${was}: ${why}`,
    );
  }
  if (executed.changed.length) lines.push(`- **Changed**: ${executed.changed.join(", ")}`);
  lines.push(`- **Why**: ${text(executed.explanation)}`);
  return lines;
}

/** The section for a request that ran as given (includeExplanation with nothing to translate). */
function asGivenSection(effective: SearchRequest = {}): string[] {
  return [
    ...requestLines(definedOf(effective)),
    "- **Why**: ran as given; nothing was translated.",
  ];
}

/** Inserts the section before `## Response Notes` (or at the end) of a markdown response. */
export function withExecutedSearch(
  markdown: string,
  executed: ExecutedSearch | undefined,
  effective?: SearchRequest,
  /** includeExplanation: show the section even when the request ran as given */
  always = false,
): string {
  if (!executed && !always) return markdown;
  const section = (
    executed ? executedSection(executed, effective) : asGivenSection(effective)
  ).join("\n");
  const at = markdown.indexOf("\n## Response Notes");
  if (at === -1) return `${markdown}\n\n${section}`;
  return `${markdown.slice(0, at)}\n${section}\n${markdown.slice(at)}`;
}
