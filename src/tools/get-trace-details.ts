import { z } from "zod";
import { UserInputError } from "../errors.js";
import { facts } from "../format/dates.js";
import { inlineCode } from "../format/markdown.js";
import { getTrace, getTraceMeta, type TraceMeta } from "../sentry-api/traces.js";
import { defineTool } from "./define.js";
import { assertWithinPins } from "./support/constraints.js";
import { formatDuration } from "./support/events-format.js";
import { safeInline } from "./support/markdown-table.js";
import { organizationSlug, period } from "./support/params.js";
import { describeRange, resolveTimeRange } from "./support/time-range.js";
import {
  issueLine,
  renderTree,
  slowestSpans,
  spanLabel,
  vitalsOf,
} from "./support/trace-format.js";
import {
  assertSpanId,
  resolveTraceTarget,
  traceIdParam,
  traceNotFound,
  traceUrlParam,
} from "./support/trace-target.js";
import { type FlatSpan, issuesOf, type ParsedTrace, parseTrace } from "./support/trace-tree.js";
import type { ToolContext } from "./types.js";

const MAX_TREE_LINES = 40;
const MAX_DEPTH = 8;
const MAX_ISSUES = 10;
const SLOWEST = 5;

function opBreakdown(meta: TraceMeta | undefined, trace: ParsedTrace): string {
  const counts: Record<string, number> = { ...(meta?.spansByOp ?? {}) };
  if (Object.keys(counts).length === 0)
    for (const s of trace.spans)
      counts[s.span.op ?? "span"] = (counts[s.span.op ?? "span"] ?? 0) + 1;
  const top = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  const shown = top.slice(0, 8).map(([op, n]) => `${safeInline(op)} ${n}`);
  return top.length > 8 ? `${shown.join(", ")}, ${top.length - 8} more ops` : shown.join(", ");
}

function projectsLine(trace: ParsedTrace): string {
  const counts = new Map<string, number>();
  for (const s of trace.spans) counts.set(s.project, (counts.get(s.project) ?? 0) + 1);
  return [...counts.entries()]
    .map(([p, n]) => (p ? `${inlineCode(p)} (${n})` : `${n} without a project`))
    .join(", ");
}

function notes(
  ctx: ToolContext,
  traceId: string,
  meta: TraceMeta | undefined,
  hidden: number,
): string[] {
  const out: string[] = [];
  if (ctx.canCall("get_span_details"))
    out.push(
      "- `get_span_details` with this `traceId` and a span ID above shows its attributes, parent and children.",
    );
  if (ctx.canCall("search_events")) {
    const spans = `\`search_events\` with \`dataset: "spans"\`, \`query: "trace:${traceId}"\``;
    out.push(
      hidden > 0
        ? `- ${hidden} spans are not in the tree; ${spans} and \`fields: ["id", "span.op", "span.description", "span.duration"]\` lists them all (add \`span.op:db\` etc. to narrow).`
        : `- ${spans} lists every span with any fields.`,
    );
    if (meta?.logs)
      out.push(
        `- ${meta.logs} logs in this trace: \`search_events\` with \`dataset: "logs"\`, \`query: "trace:${traceId}"\`.`,
      );
  }
  return out;
}

/** The trace narrowed to one span's subtree, for spanId: its ancestors and descendants. */
function focusOn(trace: ParsedTrace, spanId: string, traceId: string) {
  const focus = trace.spans.find((s) => s.id === spanId);
  if (!focus)
    throw new UserInputError(
      `Trace ${traceId} has no span ${spanId} (it has ${trace.spans.length} spans). Call without spanId to list them.`,
    );
  const subtree: FlatSpan[] = [];
  const collect = (s: FlatSpan) => {
    subtree.push(s);
    s.children.forEach(collect);
  };
  collect(focus);
  const ancestors: FlatSpan[] = [];
  for (let p = focus.parent; p; p = p.parent) ancestors.unshift(p);
  return { focus, ancestors, sub: { ...trace, roots: [focus], spans: subtree } };
}

function focusLines(trace: ParsedTrace, spanId: string, traceId: string): string[] {
  const { focus, ancestors, sub } = focusOn(trace, spanId, traceId);
  const tree = renderTree(sub, { maxLines: MAX_TREE_LINES, maxDepth: MAX_DEPTH });
  const lines = [
    "",
    `## Focused Span ${inlineCode(focus.id)}`,
    "",
    `- **Path**: ${[...ancestors, focus].map((s) => spanLabel(s.span, 50)).join(" › ")}`,
    `- **Subtree**: ${sub.spans.length} spans, ${formatDuration(focus.durationMs)}`,
    "",
    ...tree.lines,
  ];
  if (tree.hidden > 0)
    lines.push(
      "",
      `${tree.hidden} spans of the subtree are not shown (at most ${MAX_TREE_LINES} lines).`,
    );
  lines.push(
    "",
    "## Slowest Spans in the Subtree (by self time)",
    "",
    ...slowestSpans(sub, SLOWEST),
  );
  return lines;
}

export default defineTool({
  name: "get_trace_details",
  title: "Get Trace Details",
  description: [
    "Overview of one distributed trace: root transaction, duration, projects, errors with issue IDs, a condensed span tree",
    "(repeated spans such as N+1 queries collapsed) and the slowest spans. Pass traceUrl or organizationSlug + traceId.",
  ].join(" "),
  inputSchema: {
    organizationSlug: organizationSlug.optional(),
    traceId: traceIdParam,
    traceUrl: traceUrlParam,
    spanId: z
      .string()
      .trim()
      .min(1)
      .max(32)
      .optional()
      .describe("Focus on this span's path and subtree (16 hex)"),
    period: period.describe("How far back to look for the trace, e.g. 30d (default 14d)"),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage", "seer"],
  requiredScopes: ["event:read"],
  requiredCapabilities: ["traces"],
  async handler(params, ctx) {
    const target = resolveTraceTarget(params, ctx);
    const { org, traceId } = target;
    const rawSpan = params.spanId ?? target.spanId;
    const spanId = rawSpan ? assertSpanId(rawSpan) : undefined;
    const range = resolveTimeRange({ period: params.period }, "14d");
    const [items, meta] = await Promise.all([
      getTrace(ctx.client, org, traceId, {
        ...range,
        additionalAttributes: ["span.status"],
        signal: ctx.signal,
      }),
      getTraceMeta(ctx.client, org, traceId, { ...range, signal: ctx.signal }).catch(
        () => undefined,
      ),
    ]);
    if (items.length === 0) throw traceNotFound(traceId, describeRange(range));
    const trace = parseTrace(items);
    const root = trace.roots[0];
    // Under a project pin, a trace belongs to the project of its root (the request's origin).
    assertWithinPins(ctx, org, root?.project ?? trace.spans[0]?.project);
    const starts = trace.spans.map((s) => s.startMs);
    const ends = trace.spans.map((s) => s.startMs + s.durationMs);
    const startMs = starts.length ? Math.min(...starts) : undefined;
    const durationMs = startMs !== undefined ? Math.max(...ends) - startMs : undefined;
    const errors = issuesOf(trace, "errors");
    const perf = issuesOf(trace, "occurrences");
    const spanCount = meta?.spans ?? trace.spans.length;

    const lines = [
      `# Trace ${inlineCode(traceId)} in **${inlineCode(org)}**`,
      "",
      facts([
        [
          "Root",
          root ? `${spanLabel(root.span)} (project ${inlineCode(root.project)})` : "no root span",
        ],
        [
          "Started",
          startMs !== undefined
            ? `${new Date(startMs).toISOString().slice(0, 19).replace("T", " ")} UTC`
            : undefined,
        ],
        ["Duration", durationMs !== undefined ? formatDuration(durationMs) : undefined],
        ["Spans", `${spanCount} (${opBreakdown(meta, trace)})`],
        ["Projects", trace.spans.length ? projectsLine(trace) : undefined],
        ["Errors", meta?.errors ?? errors.length],
        ["Performance issues", meta?.performanceIssues ?? perf.length],
        ["Logs", meta?.logs || undefined],
        ["Web vitals", root ? vitalsOf(root.span) : undefined],
        ["URL", ctx.client.orgWebPath(org, `/explore/traces/trace/${traceId}/`)],
      ]),
    ];
    if (errors.length > 0) {
      lines.push(
        "",
        "## Errors",
        "",
        ...errors.slice(0, MAX_ISSUES).map((e) => issueLine(e.issue, e.span)),
      );
      if (errors.length > MAX_ISSUES) lines.push(`- … ${errors.length - MAX_ISSUES} more errors`);
    }
    if (perf.length > 0) {
      lines.push(
        "",
        "## Performance Issues",
        "",
        ...perf.slice(0, MAX_ISSUES).map((e) => issueLine(e.issue, e.span)),
      );
      if (perf.length > MAX_ISSUES)
        lines.push(`- … ${perf.length - MAX_ISSUES} more performance issues`);
    }
    if (spanId) {
      lines.push(...focusLines(trace, spanId, traceId));
      const followUps = notes(ctx, traceId, meta, 0);
      if (followUps.length > 0) lines.push("", "## Response Notes", "", ...followUps);
      return lines.join("\n");
    }
    const tree = renderTree(trace, { maxLines: MAX_TREE_LINES, maxDepth: MAX_DEPTH });
    const notShown = tree.hidden + Math.max(0, spanCount - trace.spans.length);
    if (tree.lines.length > 0) {
      lines.push("", "## Span Tree", "", ...tree.lines);
      const listed = trace.spans.length - tree.grouped - tree.hidden;
      if (tree.grouped > 0 || notShown > 0) {
        const parts = [`${listed} of ${spanCount} spans have their own line`];
        if (tree.grouped > 0) parts.push(`${tree.grouped} are summarised in ×N lines`);
        if (notShown > 0)
          parts.push(
            `${notShown} are not shown (at most ${MAX_TREE_LINES} lines and ${MAX_DEPTH} levels)`,
          );
        lines.push("", `${parts.join("; ")}.`);
      }
      lines.push("", "## Slowest Spans (by self time)", "", ...slowestSpans(trace, SLOWEST));
    }
    const followUps = notes(ctx, traceId, meta, notShown);
    if (followUps.length > 0) lines.push("", "## Response Notes", "", ...followUps);
    return lines.join("\n");
  },
});
