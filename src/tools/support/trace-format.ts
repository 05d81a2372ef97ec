/** Markdown pieces shared by get_trace_details and get_span_details. */

import { inlineCode, text } from "../../format/markdown.js";
import type { TraceIssue, TraceSpan } from "../../sentry-api/traces.js";
import { formatDuration } from "./events-format.js";
import { safeInline } from "./markdown-table.js";
import {
  descendantsCount,
  type FlatSpan,
  groupSiblings,
  type ParsedTrace,
  pattern,
  type SiblingGroup,
} from "./trace-tree.js";

/** Cuts long untrusted text to `max` characters with an ellipsis. */
export function clip(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max)}…` : value;
}

export function spanLabel(span: TraceSpan, max = 90): string {
  const op = safeInline(span.op || "span");
  const desc = span.description ? ` ${inlineCode(clip(span.description, max))}` : "";
  return `${op}${desc}`;
}

export function issueLabel(issue: TraceIssue): string {
  if (issue.short_id) return `**${text(issue.short_id)}**`;
  if (issue.issue_id != null) return `issue ${inlineCode(String(issue.issue_id))}`;
  return issue.event_id ? `event ${inlineCode(issue.event_id)}` : "issue";
}

/** `- **PAYMENTS-1** `title` · error · project `payments` · in http.server `...` (span `id`)` */
export function issueLine(issue: TraceIssue, span: FlatSpan | null, where = true): string {
  const parts = [
    issueLabel(issue),
    issue.description || issue.title
      ? inlineCode(clip(issue.description || issue.title || "", 140))
      : undefined,
    issue.level ? safeInline(issue.level) : undefined,
    issue.project_slug ? `project ${inlineCode(issue.project_slug)}` : undefined,
    !where
      ? undefined
      : span
        ? `in ${spanLabel(span.span, 60)} (span ${inlineCode(span.id)})`
        : "not attached to a span",
  ];
  return `- ${parts.filter(Boolean).join(" · ")}`;
}

const VITALS: Array<[string, string, "ms" | "score"]> = [
  ["browser.web_vital.lcp.value", "LCP", "ms"],
  ["browser.web_vital.fcp.value", "FCP", "ms"],
  ["browser.web_vital.inp.value", "INP", "ms"],
  ["browser.web_vital.cls.value", "CLS", "score"],
  ["browser.web_vital.ttfb.value", "TTFB", "ms"],
  ["app.vitals.start.cold.value", "cold start", "ms"],
  ["app.vitals.start.warm.value", "warm start", "ms"],
  ["app.vitals.ttid.value", "TTID", "ms"],
  ["app.vitals.ttfd.value", "TTFD", "ms"],
];

/** `LCP 2.31s, CLS 0.18, ...` from a segment's web or app vitals; undefined when none. */
export function vitalsOf(span: TraceSpan): string | undefined {
  const all = { ...(span.browser_web_vital ?? {}), ...(span.mobile_app_vital ?? {}) };
  const parts = VITALS.flatMap(([key, label, kind]) => {
    const v = all[key];
    if (typeof v !== "number") return [];
    return [`${label} ${kind === "ms" ? formatDuration(v) : Math.round(v * 1000) / 1000}`];
  });
  return parts.length ? parts.join(", ") : undefined;
}

function singleLine(s: FlatSpan): string {
  const parts = [spanLabel(s.span), formatDuration(s.durationMs)];
  const projectChanged = !s.parent || s.parent.project !== s.project;
  if (projectChanged && s.project) parts.push(`project ${inlineCode(s.project)}`);
  const status =
    s.span.status ?? (s.span.additional_attributes?.["span.status"] as string | undefined);
  if (status && status !== "ok") parts.push(safeInline(status));
  for (const e of s.span.errors) parts.push(`error ${issueLabel(e)}`);
  for (const o of s.span.occurrences) parts.push(`performance issue ${issueLabel(o)}`);
  if (s.span.is_transaction || s.span.errors.length || s.span.occurrences.length)
    parts.push(`span ${inlineCode(s.id)}`);
  return parts.join(" · ");
}

function opCounts(spans: FlatSpan[]): string {
  const counts = new Map<string, number>();
  const walk = (s: FlatSpan) => {
    for (const c of s.children) {
      counts.set(c.span.op ?? "span", (counts.get(c.span.op ?? "span") ?? 0) + 1);
      walk(c);
    }
  };
  for (const s of spans) walk(s);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([op, n]) => `${n} ${safeInline(op)}`)
    .join(", ");
}

function groupLine(group: SiblingGroup): string {
  const first = group.members[0].span;
  const descs = new Set(group.members.map((m) => m.span.description ?? ""));
  const desc = descs.size === 1 ? (first.description ?? "") : pattern(first.description ?? "");
  const durations = group.members.map((m) => m.durationMs);
  const total = durations.reduce((a, b) => a + b, 0);
  const parts = [
    `×${group.members.length} ${safeInline(first.op || "span")}${desc ? ` ${inlineCode(clip(desc, 90))}` : ""}`,
    `${formatDuration(total)} total, avg ${formatDuration(total / durations.length)}, max ${formatDuration(Math.max(...durations))}`,
  ];
  const below = opCounts(group.members);
  if (below) parts.push(`each with children (${below} in all)`);
  const failed = group.members.filter((m) => m.span.errors.length > 0);
  if (failed.length > 0)
    parts.push(
      `${failed.length} with errors (${failed
        .flatMap((m) => m.span.errors.map(issueLabel))
        .slice(0, 3)
        .join(", ")}, span ${inlineCode(failed[0].id)})`,
    );
  return parts.join(" · ");
}

export interface TreeOptions {
  maxLines: number;
  maxDepth: number;
}

export interface TreeResult {
  lines: string[];
  /** spans neither on a line nor summarised in a repeated group */
  hidden: number;
  /** spans summarised in `×N` group lines */
  grouped: number;
}

/** The span tree as nested bullets: repeated siblings collapse, depth and lines are capped. */
export function renderTree(trace: ParsedTrace, options: TreeOptions): TreeResult {
  const lines: string[] = [];
  let hidden = 0;
  let grouped = 0;
  const walk = (siblings: FlatSpan[], depth: number) => {
    for (const group of groupSiblings(siblings)) {
      const weight = group.members.reduce((n, m) => n + 1 + descendantsCount(m.span), 0);
      if (lines.length >= options.maxLines) {
        hidden += weight;
        continue;
      }
      const indent = "  ".repeat(depth);
      if (group.members.length > 1) {
        lines.push(`${indent}- ${groupLine(group)}`);
        grouped += weight;
        continue;
      }
      const span = group.members[0];
      lines.push(`${indent}- ${singleLine(span)}`);
      if (span.children.length === 0) continue;
      if (depth + 1 >= options.maxDepth) {
        const below = descendantsCount(span.span);
        lines.push(`${indent}  - … ${below} more spans below this depth`);
        hidden += below;
        continue;
      }
      walk(span.children, depth + 1);
    }
  };
  walk(trace.roots, 0);
  return { lines, hidden, grouped };
}

/** The spans where time went: largest self time first, roots and segments included. */
export function slowestSpans(trace: ParsedTrace, count: number): string[] {
  return [...trace.spans]
    .filter((s) => s.children.length === 0 || s.selfMs > 0)
    .sort((a, b) => b.selfMs - a.selfMs || b.durationMs - a.durationMs)
    .slice(0, count)
    .map((s) => {
      const self = s.selfMs < s.durationMs ? ` (self ${formatDuration(s.selfMs)})` : "";
      return `- ${spanLabel(s.span)} · ${formatDuration(s.durationMs)}${self} · project ${inlineCode(s.project)} · span ${inlineCode(s.id)}`;
    });
}
