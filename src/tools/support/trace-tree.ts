/**
 * Walks the trace endpoint's nested spans: flattening with parents and depth, self time,
 * lookups by span id, and grouping of repetitive siblings (N+1 queries, per-item loops).
 */

import type { TraceIssue, TraceItem, TraceSpan } from "../../sentry-api/traces.js";

export interface FlatSpan {
  span: TraceSpan;
  id: string;
  parent: FlatSpan | null;
  depth: number;
  startMs: number;
  durationMs: number;
  /** duration not covered by direct children (at least 0) */
  selfMs: number;
  project: string;
  /** direct children in start order */
  children: FlatSpan[];
}

export interface ParsedTrace {
  roots: FlatSpan[];
  spans: FlatSpan[];
  /** errors with no span, at the top level */
  orphans: TraceIssue[];
}

export function spanIdOf(span: TraceSpan): string {
  return (span.event_id ?? span.span_id ?? "").toLowerCase();
}

function durationOf(span: TraceSpan): number {
  if (typeof span.duration === "number") return span.duration;
  if (typeof span.start_timestamp === "number" && typeof span.end_timestamp === "number")
    return (span.end_timestamp - span.start_timestamp) * 1000;
  return 0;
}

/** Flattens depth first; children are visited in start order. */
export function parseTrace(items: TraceItem[]): ParsedTrace {
  const spans: FlatSpan[] = [];
  const roots: FlatSpan[] = [];
  const orphans: TraceIssue[] = [];
  const byStart = (a: TraceSpan, b: TraceSpan) =>
    (a.start_timestamp ?? 0) - (b.start_timestamp ?? 0);
  const visit = (span: TraceSpan, parent: FlatSpan | null, depth: number): FlatSpan => {
    const duration = durationOf(span);
    const covered = span.children.reduce((sum, c) => sum + durationOf(c), 0);
    const flat: FlatSpan = {
      span,
      id: spanIdOf(span),
      parent,
      depth,
      startMs: (span.start_timestamp ?? 0) * 1000,
      durationMs: duration,
      selfMs: span.exclusive_time ?? Math.max(0, duration - covered),
      project: span.project_slug ?? parent?.project ?? "",
      children: [],
    };
    spans.push(flat);
    parent?.children.push(flat);
    for (const child of [...span.children].sort(byStart)) visit(child, flat, depth + 1);
    return flat;
  };
  const startOf = (item: TraceItem) =>
    item.kind === "span"
      ? (item.span.start_timestamp ?? 0)
      : (item.issue.start_timestamp ?? item.issue.timestamp ?? 0);
  for (const item of [...items].sort((a, b) => startOf(a) - startOf(b))) {
    if (item.kind === "span") roots.push(visit(item.span, null, 0));
    else orphans.push(item.issue);
  }
  return { roots, spans, orphans };
}

export function descendantsCount(span: TraceSpan): number {
  return span.children.reduce((n, c) => n + 1 + descendantsCount(c), 0);
}

/** Siblings that differ only in numbers or ids group together: `acct_0012` ~ `acct_0013`. */
export function groupKey(span: TraceSpan): string {
  return `${span.op ?? ""}\u0000${pattern(span.description ?? "")}`;
}

export function pattern(description: string): string {
  return description.replace(/\b[0-9a-f]{8,}\b/gi, "*").replace(/\d+/g, "*");
}

export interface SiblingGroup {
  key: string;
  members: FlatSpan[];
}

/** Siblings in start order, with members of repeated groups gathered at the first one. */
export function groupSiblings(siblings: FlatSpan[], minRepeat = 3): SiblingGroup[] {
  const byKey = new Map<string, FlatSpan[]>();
  for (const s of siblings) {
    const key = groupKey(s.span);
    byKey.set(key, [...(byKey.get(key) ?? []), s]);
  }
  const out: SiblingGroup[] = [];
  const emitted = new Set<string>();
  for (const s of siblings) {
    const key = groupKey(s.span);
    const members = byKey.get(key)!;
    if (members.length >= minRepeat) {
      if (emitted.has(key)) continue;
      emitted.add(key);
      out.push({ key, members });
    } else {
      out.push({ key, members: [s] });
    }
  }
  return out;
}

/** Every issue attached to a span of the trace, with the span, plus orphaned ones. */
export function issuesOf(
  trace: ParsedTrace,
  kind: "errors" | "occurrences",
): Array<{ issue: TraceIssue; span: FlatSpan | null }> {
  const seen = new Set<string>();
  const out: Array<{ issue: TraceIssue; span: FlatSpan | null }> = [];
  const add = (issue: TraceIssue, span: FlatSpan | null) => {
    const key = String(issue.event_id ?? issue.id ?? `${issue.issue_id}:${out.length}`);
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ issue, span });
  };
  for (const s of trace.spans) for (const issue of s.span[kind]) add(issue, s);
  if (kind === "errors") for (const issue of trace.orphans) add(issue, null);
  return out;
}
