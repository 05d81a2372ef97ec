import { z } from "zod";
import { UserInputError } from "../errors.js";
import { facts } from "../format/dates.js";
import { codeBlock, inlineCode } from "../format/markdown.js";
import { getTrace, SPAN_ATTRIBUTES, type TraceSpan } from "../sentry-api/traces.js";
import { defineTool } from "./define.js";
import { assertWithinPins } from "./support/constraints.js";
import { formatDuration } from "./support/events-format.js";
import { safeInline } from "./support/markdown-table.js";
import { organizationSlug, period } from "./support/params.js";
import { describeRange, resolveTimeRange } from "./support/time-range.js";
import { clip, issueLine, spanLabel, vitalsOf } from "./support/trace-format.js";
import {
  assertSpanId,
  resolveTraceTarget,
  traceIdParam,
  traceNotFound,
  traceUrlParam,
} from "./support/trace-target.js";
import { type FlatSpan, groupSiblings, parseTrace, pattern } from "./support/trace-tree.js";

const MAX_CHILD_LINES = 15;
const MAX_ATTRIBUTES = 30;

function attributes(span: TraceSpan): Array<[string, unknown]> {
  const merged: Record<string, unknown> = {
    ...(span.data ?? {}),
    ...(span.tags ?? {}),
    ...(span.additional_attributes ?? {}),
  };
  return Object.entries(merged).filter(
    ([k, v]) =>
      v !== null &&
      v !== undefined &&
      v !== "" &&
      !["span.status", "span.self_time", "environment", "release"].includes(k),
  );
}

function childLines(children: FlatSpan[]): string[] {
  const lines: string[] = [];
  const groups = groupSiblings(children, 2);
  for (const group of groups.slice(0, MAX_CHILD_LINES)) {
    const first = group.members[0];
    if (group.members.length === 1) {
      lines.push(
        `- ${spanLabel(first.span)} · ${formatDuration(first.durationMs)} · span ${inlineCode(first.id)}`,
      );
      continue;
    }
    const total = group.members.reduce((n, m) => n + m.durationMs, 0);
    const same = new Set(group.members.map((m) => m.span.description)).size === 1;
    const desc = same ? (first.span.description ?? "") : pattern(first.span.description ?? "");
    lines.push(
      `- ×${group.members.length} ${safeInline(first.span.op ?? "span")} ${inlineCode(clip(desc, 90))} · ${formatDuration(total)} total · first span ${inlineCode(first.id)}`,
    );
  }
  if (groups.length > MAX_CHILD_LINES)
    lines.push(`- … ${groups.length - MAX_CHILD_LINES} more groups of children`);
  return lines;
}

export default defineTool({
  name: "get_span_details",
  title: "Get Span Details",
  description:
    "One span of a trace: operation, description, duration and self time, status, attributes, errors, its parent and a summary of its children. Pass traceId + spanId (16 hex) or a trace URL with a span selected.",
  inputSchema: {
    organizationSlug: organizationSlug.optional(),
    traceId: traceIdParam,
    spanId: z.string().trim().min(1).max(32).optional().describe("Span ID (16 hex characters)"),
    traceUrl: traceUrlParam,
    period: period.describe("How far back to look for the trace (default 14d)"),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage", "seer"],
  requiredScopes: ["event:read"],
  requiredCapabilities: ["traces"],
  async handler(params, ctx) {
    const target = resolveTraceTarget(params, ctx);
    const rawSpan = params.spanId ?? target.spanId;
    if (!rawSpan)
      throw new UserInputError(
        "Pass spanId (16 hex characters); get_trace_details lists span IDs.",
      );
    const spanId = assertSpanId(rawSpan);
    const { org, traceId } = target;
    const range = resolveTimeRange({ period: params.period }, "14d");
    const items = await getTrace(ctx.client, org, traceId, {
      ...range,
      additionalAttributes: SPAN_ATTRIBUTES,
      signal: ctx.signal,
    });
    if (items.length === 0) throw traceNotFound(traceId, describeRange(range));
    const trace = parseTrace(items);
    const found = trace.spans.find((s) => s.id === spanId);
    if (!found)
      throw new UserInputError(
        `Trace ${traceId} has no span ${spanId} (it has ${trace.spans.length} spans). get_trace_details lists span IDs.`,
      );
    // Under a project pin, a span is shown only when it belongs to the pinned project.
    assertWithinPins(ctx, org, found.project);
    const span = found.span;
    const attrs = span.additional_attributes ?? {};
    const status = span.status ?? (attrs["span.status"] as string | undefined);
    const description = span.description ?? "";
    const long = description.length > 100 || description.includes("\n");
    const lines = [
      `# Span ${inlineCode(spanId)} in trace ${inlineCode(traceId)}`,
      "",
      facts([
        ["Operation", safeInline(span.op ?? "span")],
        ["Description", description && !long ? inlineCode(description) : undefined],
        ["Duration", formatDuration(found.durationMs)],
        ["Self time", found.selfMs < found.durationMs ? formatDuration(found.selfMs) : undefined],
        ["Started", `${new Date(found.startMs).toISOString().slice(0, 23).replace("T", " ")} UTC`],
        ["Status", status ? safeInline(status) : undefined],
        ["Project", inlineCode(found.project)],
        ["Transaction", span.transaction ? inlineCode(span.transaction) : undefined],
        [
          "Transaction root",
          span.is_transaction ? "yes (this span starts a transaction)" : undefined,
        ],
        ["Environment", attrs.environment ? inlineCode(attrs.environment) : undefined],
        ["Release", attrs.release ? inlineCode(attrs.release) : undefined],
        ["Vitals", vitalsOf(span)],
        ["Profile", span.profile_id ? inlineCode(span.profile_id) : undefined],
        [
          "URL",
          ctx.client.orgWebPath(org, `/explore/traces/trace/${traceId}/?node=span-${spanId}`),
        ],
      ]),
    ];
    if (long) lines.push("", "## Description", "", codeBlock(description));
    const attributeList = attributes(span);
    if (attributeList.length > 0) {
      lines.push("", "## Attributes", "");
      for (const [k, v] of attributeList.slice(0, MAX_ATTRIBUTES))
        lines.push(
          `- ${inlineCode(k)}: ${inlineCode(typeof v === "object" ? JSON.stringify(v) : v)}`,
        );
      if (attributeList.length > MAX_ATTRIBUTES)
        lines.push(`- … ${attributeList.length - MAX_ATTRIBUTES} more attributes`);
    }
    const errors = [...span.errors, ...span.occurrences];
    if (errors.length > 0)
      lines.push("", "## Issues", "", ...errors.map((e) => issueLine(e, found, false)));
    lines.push("", "## Parent", "");
    lines.push(
      found.parent
        ? `- ${spanLabel(found.parent.span)} · ${formatDuration(found.parent.durationMs)} · project ${inlineCode(found.parent.project)} · span ${inlineCode(found.parent.id)}`
        : "- none: this is a root span of the trace",
    );
    if (found.children.length > 0) {
      const childTime = found.children.reduce((n, c) => n + c.durationMs, 0);
      lines.push(
        "",
        `## Children (${found.children.length}, ${formatDuration(childTime)} in all)`,
        "",
      );
      lines.push(...childLines(found.children));
    }
    const notes = ["- `get_trace_details` with this `traceId` shows the whole trace."];
    if (found.children.length > 0 && ctx.canCall("search_events"))
      notes.push(
        `- \`search_events\` with \`dataset: "spans"\`, \`query: "trace:${traceId} parent_span:${spanId}"\` lists its children with any fields.`,
      );
    lines.push("", "## Response Notes", "", ...notes);
    return lines.join("\n");
  },
});
