/**
 * Kind-specific sections of an issue: the evidence Sentry's detectors attach to performance,
 * regression and other occurrence-based issues, CSP violation reports and user feedback.
 * Everything is read tolerantly: unknown kinds fall back to the occurrence's evidenceDisplay.
 */

import { formatDate } from "../../format/dates.js";
import { codeBlock, inlineCode, text, truncate } from "../../format/markdown.js";
import type { SentryEvent } from "../../sentry-api/events.js";
import type { Issue } from "../../sentry-api/issues.js";
import { cspOf, type Span, spansOf } from "./event-entries.js";

export function record(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function str(value: unknown): string | undefined {
  if (typeof value === "string") return value.trim() ? value : undefined;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

function strings(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(str).filter((v): v is string => v !== undefined);
  const one = str(value);
  return one ? [one] : [];
}

function ms(span: Span): number | undefined {
  if (span.start_timestamp == null || span.timestamp == null) return undefined;
  return Math.round((span.timestamp - span.start_timestamp) * 1000);
}

function spanLabel(span: Span): string {
  const d = ms(span);
  return `${inlineCode(truncate(`${span.op ?? "span"} - ${span.description ?? ""}`.trim(), 300))}${d !== undefined ? ` (${d}ms)` : ""}`;
}

function valueBlock(label: string, value: string, lang = ""): string[] {
  return value.includes("\n") || value.length > 120
    ? [`**${label}**:`, codeBlock(truncate(value, 2000), lang), ""]
    : [`**${label}**: ${inlineCode(value)}`];
}

const PERFORMANCE_DISPLAY_SHOWN = /^(offending spans?|repeating spans.*|parent span|transaction)$/i;

/** Performance issues: transaction, parent span, the repeated/offending spans and their cost. */
function performanceEvidence(event: SentryEvent, evidence: Record<string, unknown>): string[] {
  const spans = spansOf(event);
  const byId = new Map(spans.map((s) => [s.span_id, s]));
  const root = spans.find((s) => !s.parent_span_id);
  const lines: string[] = [];
  const transaction = str(evidence.transactionName);
  if (transaction) lines.push(`**Transaction**: ${inlineCode(transaction)}`);
  const parent = strings(evidence.parentSpanIds)
    .map((id) => byId.get(id))
    .find(Boolean);
  if (parent) lines.push(`**Parent span**: ${spanLabel(parent)}`);
  else if (str(evidence.parentSpan))
    lines.push(`**Parent span**: ${inlineCode(str(evidence.parentSpan))}`);
  const cause = strings(evidence.causeSpanIds)
    .map((id) => byId.get(id))
    .find(Boolean);
  if (cause) lines.push(`**Preceding span**: ${spanLabel(cause)}`);

  const offenders = strings(evidence.offenderSpanIds)
    .map((id) => byId.get(id))
    .filter((s): s is Span => s !== undefined);
  const repeatCount =
    str(evidence.numRepeatingSpans) ??
    str(evidence.numberRepeatingSpans) ??
    str(evidence.numPatternRepetitions);
  if (offenders.length) {
    const distinct = [...new Set(offenders.map((s) => s.description).filter(Boolean))] as string[];
    // Evidence lists a few offender ids; the spans entry has every repetition.
    const op = offenders[0].op;
    const repeats = spans.filter((s) => s.op === op && distinct.includes(s.description ?? ""));
    const counted = repeats.length >= offenders.length ? repeats : offenders;
    const durations = counted.map(ms).filter((d): d is number => d !== undefined);
    const total = durations.reduce((a, b) => a + b, 0);
    const rootMs = root ? ms(root) : undefined;
    const share = rootMs && total ? `, ${Math.round((total / rootMs) * 100)}% of ${rootMs}ms` : "";
    const count = Math.max(counted.length, Number(repeatCount) || 0);
    lines.push(
      `**Offending spans**: ${count} × ${inlineCode(op ?? "span")}${durations.length ? `, ${total}ms total${share}` : ""}`,
    );
    const isDb = (op ?? "").startsWith("db");
    for (const description of distinct.slice(0, 3)) {
      lines.push(codeBlock(truncate(description, 2000), isDb ? "sql" : ""));
    }
  } else {
    const repeating = strings(evidence.repeatingSpansCompact).length
      ? strings(evidence.repeatingSpansCompact)
      : strings(evidence.repeatingSpans);
    if (repeating.length) {
      lines.push(`**Repeating spans**${repeatCount ? ` (${repeatCount} times)` : ""}:`);
      lines.push(codeBlock(truncate(repeating.slice(0, 5).join("\n"), 2000)));
    }
  }
  const shownValues = new Set(
    offenders.flatMap((o) => [o.description ?? "", `${o.op} - ${o.description}`]),
  );
  const display = evidenceDisplay(event).filter(
    (d) =>
      !(offenders.length && (PERFORMANCE_DISPLAY_SHOWN.test(d.name) || shownValues.has(d.value))),
  );
  if (lines.length) lines.push("");
  lines.push(...displayLines(display));
  return lines;
}

/** Endpoint / function regressions: before and after, change and breakpoint. */
function regressionEvidence(evidence: Record<string, unknown>): string[] {
  const before = Number(evidence.aggregateRange1);
  const after = Number(evidence.aggregateRange2);
  if (!Number.isFinite(before) || !Number.isFinite(after)) return [];
  const lines = [];
  const pct = before
    ? ` (${after >= before ? "+" : ""}${Math.round(((after - before) / before) * 100)}%)`
    : "";
  lines.push(`**Change**: ${before.toFixed(2)} → ${after.toFixed(2)}${pct}`);
  const breakpoint = Number(evidence.breakpoint);
  if (Number.isFinite(breakpoint) && breakpoint > 0)
    lines.push(`**Breakpoint**: ${formatDate(new Date(breakpoint * 1000).toISOString())}`);
  return lines;
}

export interface DisplayItem {
  name: string;
  value: string;
  important: boolean;
}

export function evidenceDisplay(event: SentryEvent): DisplayItem[] {
  const raw = event.occurrence?.evidenceDisplay;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item) => {
    const r = record(item);
    const name = str(r?.name);
    const value =
      str(r?.value) ??
      (r?.value != null && typeof r.value === "object" ? JSON.stringify(r.value) : undefined);
    return name && value ? [{ name, value, important: r?.important === true }] : [];
  });
}

function displayLines(items: DisplayItem[]): string[] {
  return items.flatMap((item) => valueBlock(text(item.name), item.value));
}

function cspSection(event: SentryEvent, issue: Issue): string[] {
  const csp = cspOf(event);
  const meta = issue.metadata ?? {};
  const blocked = csp?.blocked_uri ?? str(meta.uri);
  const directive = csp?.violated_directive ?? str(meta.directive);
  if (!blocked && !directive) return [];
  const lines = ["## CSP Violation", ""];
  if (blocked) lines.push(`**Blocked URI**: ${inlineCode(blocked)}`);
  if (directive) {
    const effective =
      csp?.effective_directive && csp.effective_directive !== directive
        ? ` (effective ${inlineCode(csp.effective_directive)})`
        : "";
    lines.push(`**Violated directive**: ${inlineCode(directive)}${effective}`);
  }
  if (csp?.document_uri) lines.push(`**Document URI**: ${inlineCode(csp.document_uri)}`);
  if (csp?.source_file)
    lines.push(
      `**Source**: ${inlineCode(`${csp.source_file}${csp.line_number != null ? `:${csp.line_number}` : ""}`)}`,
    );
  if (csp?.disposition) lines.push(`**Disposition**: ${text(csp.disposition)}`);
  if (csp?.original_policy)
    lines.push(`**Policy**: ${inlineCode(truncate(csp.original_policy, 1000))}`);
  return [...lines, ""];
}

function feedbackSection(event: SentryEvent, issue: Issue): string[] {
  const ctx = record(event.contexts?.feedback) ?? {};
  const evidence = record(event.occurrence?.evidenceData) ?? {};
  const meta = issue.metadata ?? {};
  const message = str(ctx.message) ?? str(evidence.message) ?? str(meta.value) ?? str(meta.message);
  const name = str(ctx.name) ?? str(evidence.name) ?? str(meta.name);
  const email = str(ctx.contact_email) ?? str(evidence.contact_email) ?? str(meta.contact_email);
  const url = str(ctx.url) ?? str(record(event.contexts?.request)?.url);
  const lines = ["## User Feedback", ""];
  const from = [name, email && `<${email}>`].filter(Boolean).join(" ");
  if (from) lines.push(`**From**: ${text(from)}`);
  if (url) lines.push(`**Page**: ${inlineCode(url)}`);
  const linked = str(ctx.associated_event_id);
  if (linked) lines.push(`**Linked error event**: ${inlineCode(linked)}`);
  if (message) lines.push("**Message**:", codeBlock(truncate(message, 4000)));
  return lines.length > 2 ? [...lines, ""] : [];
}

export function isFeedback(issue: Issue): boolean {
  return issue.issueCategory === "feedback" || issue.issueType === "feedback";
}

export function isCsp(issue: Issue, event: SentryEvent | undefined): boolean {
  return issue.type === "csp" || event?.type === "csp" || (!!event && cspOf(event) !== undefined);
}

/**
 * The section that explains a non-error issue: CSP report, feedback, performance evidence,
 * regression, or (for kinds nothing here knows) the occurrence's own evidence list.
 */
export function kindSection(issue: Issue, event: SentryEvent | undefined): string[] {
  if (isCsp(issue, event) && event) return cspSection(event, issue);
  if (isFeedback(issue)) return event ? feedbackSection(event, issue) : [];
  if (!event?.occurrence) return [];
  const evidence = record(event.occurrence.evidenceData) ?? {};
  const subtitle = str(event.occurrence.subtitle);
  let body: string[];
  let title = "## Evidence";
  if (
    issue.issueCategory === "performance" &&
    spansOf(event).length + strings(evidence.offenderSpanIds).length > 0
  ) {
    title = "## Performance Evidence";
    body = performanceEvidence(event, evidence);
  } else {
    body = [...regressionEvidence(evidence), ...displayLines(evidenceDisplay(event))];
  }
  if (subtitle && !body.some((line) => line.includes(subtitle)))
    body.unshift(...valueBlock("Summary", subtitle), "");
  const compact = body.filter((line, i) => !(line === "" && body[i - 1] === ""));
  return compact.some((line) => line.trim()) ? [title, "", ...compact, ""] : [];
}
