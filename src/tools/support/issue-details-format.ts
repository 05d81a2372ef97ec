import { formatDate } from "../../format/dates.js";
import { inlineCode, truncate } from "../../format/markdown.js";
import type { SentryEvent } from "../../sentry-api/events.js";
import type { Issue, IssueTag } from "../../sentry-api/issues.js";
import { eventHeader, formatEventBody, traceIdOf } from "./event-format.js";
import { assigneeLabel, formatCount, kindLabel, statusLabel } from "./issue-format.js";
import { formatMetricDetails, metricDetailsOf, searchDatasetFor } from "./metric-format.js";
import { formatSuspectCommit, type SuspectCommit } from "./suspect-commit.js";

export interface IssueDetailsInput {
  org: string;
  issue: Issue;
  event?: SentryEvent;
  eventLabel: string;
  tags: IssueTag[];
  suspectCommit: SuspectCommit | null;
  issueUrl: string;
  canCall(tool: string): boolean;
}

const TAG_ORDER = [
  "environment",
  "release",
  "level",
  "browser",
  "os",
  "runtime",
  "device",
  "url",
  "transaction",
  "user",
];

export function tagSummary(tags: IssueTag[], maxKeys = 8): string[] {
  const sorted = [...tags].sort((a, b) => {
    const ia = TAG_ORDER.indexOf(a.key);
    const ib = TAG_ORDER.indexOf(b.key);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.key.localeCompare(b.key);
  });
  return sorted.slice(0, maxKeys).flatMap((tag) => {
    const total = tag.totalValues ?? 0;
    const top = (tag.topValues ?? []).slice(0, 3).map((v) => {
      const pct = total && v.count != null ? ` ${Math.round((v.count / total) * 100)}%` : "";
      return `${inlineCode(truncate(v.value ?? v.name ?? "(empty)", 80))}${pct}`;
    });
    return top.length ? [`- ${tag.key}: ${top.join(", ")}`] : [];
  });
}

/** The full issue answer. Pure: everything it needs is in `input`. */
export function formatIssueDetails(input: IssueDetailsInput): string {
  const { issue, event, org } = input;
  const id = issue.shortId ?? issue.id;
  const lines = [
    `# Issue ${id} in **${inlineCode(org)}**`,
    "",
    `**Title**: ${inlineCode(truncate(issue.title || "(no title)", 300))}`,
    `**Kind**: ${kindLabel(issue)} · **Status**: ${statusLabel(issue)}${issue.priority ? ` · **Priority**: ${issue.priority}` : ""}${issue.level ? ` · **Level**: ${issue.level}` : ""}`,
    `**Project**: ${inlineCode(issue.project.slug)}${issue.platform ? ` (${issue.platform})` : ""} · **Issue ID**: ${issue.id}`,
    `**Events**: ${formatCount(issue.count) ?? "?"} · **Users**: ${formatCount(issue.userCount) ?? "0"}${issue.isUnhandled ? " · unhandled" : ""}`,
    `**First seen**: ${formatDate(issue.firstSeen) ?? "?"} · **Last seen**: ${formatDate(issue.lastSeen) ?? "?"}`,
    `**Assigned to**: ${assigneeLabel(issue)}`,
  ];
  if (issue.culprit) lines.push(`**Culprit**: ${inlineCode(truncate(issue.culprit, 300))}`);
  const releases = [
    issue.firstRelease?.version && `first ${inlineCode(issue.firstRelease.version)}`,
    issue.lastRelease?.version && `last ${inlineCode(issue.lastRelease.version)}`,
  ].filter(Boolean);
  if (releases.length) lines.push(`**Releases**: ${releases.join(", ")}`);
  lines.push(`**URL**: ${input.issueUrl}`, "");

  const metric = event ? metricDetailsOf(event) : undefined;
  if (metric) lines.push(...formatMetricDetails(metric));
  if (input.suspectCommit) lines.push(...formatSuspectCommit(input.suspectCommit));
  if (event) {
    lines.push(...eventHeader(event, input.eventLabel), ...formatEventBody(event), "");
  } else {
    lines.push(
      "No event is available for this issue (it may have been deleted or not yet processed).",
      "",
    );
  }
  const tags = tagSummary(input.tags);
  if (tags.length) lines.push("## Tag Distribution", "", ...tags, "");

  const notes: string[] = [];
  const call = (tool: string, args: Record<string, unknown>) =>
    `${tool}(${Object.entries(args)
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join(", ")})`;
  if (metric) {
    if (metric.detectorId && input.canCall("get_metric_monitor_details")) {
      notes.push(
        `- Monitor configuration: ${inlineCode(call("get_metric_monitor_details", { organizationSlug: org, monitorId: metric.detectorId }))}.`,
      );
    }
    if (input.canCall("search_events")) {
      const args: Record<string, unknown> = {
        organizationSlug: org,
        dataset: searchDatasetFor(metric.dataset),
        query: metric.query ?? "",
      };
      if (metric.aggregate) args.fields = [metric.aggregate];
      notes.push(`- Matching data: ${inlineCode(call("search_events", args))}.`);
    }
  } else if (event) {
    if (input.canCall("get_event_stacktrace"))
      notes.push(
        `- All frames and threads: ${inlineCode(call("get_event_stacktrace", { organizationSlug: org, issueId: id, eventId: event.eventID }))}.`,
      );
    const trace = traceIdOf(event);
    if (trace && input.canCall("get_trace_details"))
      notes.push(
        `- The request's trace: ${inlineCode(call("get_trace_details", { organizationSlug: org, traceId: trace }))}.`,
      );
    if (input.canCall("analyze_issue_with_seer"))
      notes.push(
        `- Root cause analysis: ${inlineCode(call("analyze_issue_with_seer", { organizationSlug: org, issueId: id }))}.`,
      );
  }
  if (notes.length) lines.push("## Response Notes", "", ...notes);
  return lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trimEnd();
}
