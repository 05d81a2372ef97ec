import { inlineCode, text, truncate } from "../../format/markdown.js";
import type { SentryEvent } from "../../sentry-api/events.js";
import type { Issue, IssueTag } from "../../sentry-api/issues.js";
import { breadcrumbsOf, exceptionsOf, threadsOf } from "./event-entries.js";
import { eventHeader, formatEventBody, replayIdOf, traceIdOf } from "./event-format.js";
import {
  assigneeLabel,
  dateText,
  formatCount,
  idText,
  kindLabel,
  statusLabel,
} from "./issue-format.js";
import {
  formatMetricDetails,
  type MetricDetails,
  metricDetailsOf,
  searchDatasetFor,
} from "./metric-format.js";
import { isCsp, isFeedback, kindSection, record } from "./occurrence-format.js";
import { formatPackageSelection, type PackageSelection } from "./package-versions.js";
import { formatSuspectCommit, type SuspectCommit } from "./suspect-commit.js";
import { type HintContext, hintLine } from "./tool-hint.js";

export interface IssueDetailsInput {
  org: string;
  issue: Issue;
  event?: SentryEvent;
  eventLabel: string;
  tags: IssueTag[];
  suspectCommit: SuspectCommit | null;
  issueUrl: string;
  hints: HintContext;
  packages?: PackageSelection;
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

/** Tags in reading order: the usual suspects first, then the rest by key. */
function sortTags(tags: IssueTag[]): IssueTag[] {
  return [...tags].sort((a, b) => {
    const ia = TAG_ORDER.indexOf(a.key);
    const ib = TAG_ORDER.indexOf(b.key);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.key.localeCompare(b.key);
  });
}

/** Keys whose single value the header, contexts or exception line already shows. */
const SHOWN_ELSEWHERE = new Set([
  "level",
  "runtime",
  "mechanism",
  "handled",
  "os",
  "os.name",
  "browser",
  "device",
]);

export function tagSummary(tags: IssueTag[], maxKeys = 5): string[] {
  const shown = sortTags(tags).filter(
    (tag) => !(SHOWN_ELSEWHERE.has(tag.key) && (tag.topValues?.length ?? 0) <= 1),
  );
  const left = shown.length - maxKeys;
  const lines = shown.slice(0, maxKeys).flatMap((tag) => {
    const total = tag.totalValues ?? 0;
    const top = (tag.topValues ?? [])
      .filter((v) => v.value || v.name)
      .slice(0, 2)
      .map((v) => {
        const pct = total && v.count != null ? ` ${Math.round((v.count / total) * 100)}%` : "";
        return `${inlineCode(truncate(v.value || v.name || "", 60))}${pct}`;
      });
    return top.length ? [`- ${inlineCode(tag.key)}: ${top.join(", ")}`] : [];
  });
  if (lines.length && left > 0)
    lines.push(`- ${left} more tag key${left === 1 ? "" : "s"} not shown`);
  return lines;
}

/**
 * `**Label**: value · **Label**: value` from the facts that have a value (none: no line). A
 * fact with an empty value is a bare word (`unhandled`).
 */
function factLine(facts: Array<[string | undefined, string | undefined]>): string[] {
  const parts = facts.flatMap(([label, value]) => {
    if (!label || value === undefined) return [];
    return [value === "" ? label : `**${label}**: ${value}`];
  });
  return parts.length ? [parts.join(" · ")] : [];
}

function header(input: IssueDetailsInput): string[] {
  const { issue, org } = input;
  const id = issue.shortId ?? issue.id;
  const lines = [
    `# Issue ${/^[A-Za-z0-9_.-]+$/.test(id) ? id : inlineCode(id)} in **${inlineCode(org)}**`,
    "",
    ...(issue.title?.trim() ? [`**Title**: ${inlineCode(truncate(issue.title, 300))}`] : []),
    `**Kind**: ${kindLabel(issue)}${statusLabel(issue) ? ` · **Status**: ${statusLabel(issue)}` : ""}${issue.priority ? ` · **Priority**: ${text(issue.priority)}` : ""}${issue.level ? ` · **Level**: ${text(issue.level)}` : ""}`,
    `**Project**: ${inlineCode(issue.project.slug)}${issue.platform ? ` (${text(issue.platform)})` : ""} · **Issue ID**: ${idText(issue.id)}`,
    ...factLine([
      ["Events", formatCount(issue.count)],
      ["Users", formatCount(issue.userCount)],
      [issue.isUnhandled ? "unhandled" : undefined, ""],
      ["Comments", issue.numComments ? String(issue.numComments) : undefined],
    ]),
    ...factLine([
      ["First seen", dateText(issue.firstSeen)],
      ["Last seen", dateText(issue.lastSeen)],
    ]),
    `**Assigned to**: ${assigneeLabel(issue)}`,
  ];
  if (issue.culprit) lines.push(`**Culprit**: ${inlineCode(truncate(issue.culprit, 300))}`);
  const releases = [
    issue.firstRelease?.version && `first ${inlineCode(issue.firstRelease.version)}`,
    issue.lastRelease?.version && `last ${inlineCode(issue.lastRelease.version)}`,
  ].filter(Boolean);
  if (releases.length) lines.push(`**Releases**: ${releases.join(", ")}`);
  lines.push(`**URL**: ${input.issueUrl}`, "");
  return lines;
}

const DATASET_TOOLS: Record<ReturnType<typeof searchDatasetFor>, string> = {
  errors: "search_errors",
  spans: "search_traces",
  logs: "search_logs",
  metrics: "search_metrics",
};

/** An ISO time for a pre-filled call, without zero milliseconds: `2026-11-01T10:35:00Z`. */
const callTime = (iso: string | undefined) => iso?.replace(/\.000Z$/, "Z");

function metricNotes(input: IssueDetailsInput, metric: MetricDetails): string[] {
  const { hints, org } = input;
  const notes: string[] = [];
  if (metric.detectorId)
    notes.push(
      ...hintLine(hints, "Monitor configuration", "get_metric_monitor_details", {
        organizationSlug: org,
        monitorId: metric.detectorId,
      }),
    );
  const dataset = searchDatasetFor(metric.dataset);
  const filters = {
    query: metric.query ?? "",
    fields: metric.aggregate ? [metric.aggregate] : undefined,
    projectSlug: input.issue.project.slug,
    environment: metric.environment,
    start: callTime(metric.windowStart),
    end: callTime(metric.windowEnd),
  };
  // The dataset's own search tool when the session has it, else search_events with the dataset
  // (errors is search_events' default: the call needs not spell it out).
  const tool = DATASET_TOOLS[dataset];
  notes.push(
    ...(hints.canCall(tool)
      ? hintLine(hints, "The measured data", tool, { organizationSlug: org, ...filters })
      : hintLine(hints, "The measured data", "search_events", {
          organizationSlug: org,
          dataset: dataset === "errors" ? undefined : dataset,
          ...filters,
        })),
  );
  return notes;
}

function eventNotes(input: IssueDetailsInput, event: SentryEvent): string[] {
  const { hints, org, issue } = input;
  const id = issue.shortId ?? issue.id;
  const notes: string[] = [];
  if (exceptionsOf(event).length || (threadsOf(event)?.length ?? 0) > 1)
    notes.push(
      ...hintLine(hints, "Every frame and thread", "get_event_stacktrace", {
        organizationSlug: org,
        issueId: id,
        eventId: event.eventID,
      }),
    );
  if (breadcrumbsOf(event).length > 5)
    notes.push(
      ...hintLine(hints, "All breadcrumbs", "get_issue_breadcrumbs", {
        organizationSlug: org,
        issueId: id,
        eventId: event.eventID,
      }),
    );
  const trace = traceIdOf(event);
  if (trace)
    notes.push(
      ...hintLine(hints, "The trace around this event", "get_trace_details", {
        organizationSlug: org,
        traceId: trace,
      }),
    );
  const replay = replayIdOf(event);
  if (replay)
    notes.push(
      ...hintLine(hints, "The session replay", "get_replay_details", {
        organizationSlug: org,
        replayId: replay,
      }),
    );
  const evidence = record(event.occurrence?.evidenceData);
  const monitorSlug = typeof evidence?.monitorSlug === "string" ? evidence.monitorSlug : undefined;
  if (monitorSlug)
    notes.push(
      ...hintLine(hints, "The cron monitor", "get_monitor_details", {
        organizationSlug: org,
        monitorSlug,
        projectSlug: issue.project.slug,
      }),
    );
  const profileId = typeof evidence?.profileId === "string" ? evidence.profileId : undefined;
  if (profileId)
    notes.push(
      ...hintLine(hints, "The profile", "get_profile_details", {
        organizationSlug: org,
        projectSlug: issue.project.slug,
        profileId,
      }),
    );
  return notes;
}

function notesFor(input: IssueDetailsInput, metric: MetricDetails | undefined): string[] {
  const { hints, org, issue, event } = input;
  const id = issue.shortId ?? issue.id;
  const notes: string[] = [];
  if (metric) notes.push(...metricNotes(input, metric));
  else if (event) notes.push(...eventNotes(input, event));
  if (issue.userReportCount && issue.issueCategory !== "feedback")
    notes.push(
      ...hintLine(hints, `What ${issue.userReportCount} users wrote`, "get_issue_user_reports", {
        organizationSlug: org,
        issueId: id,
      }),
    );
  if (issue.numComments)
    notes.push(
      ...hintLine(hints, "Comments and history", "get_issue_activity", {
        organizationSlug: org,
        issueId: id,
      }),
    );
  // Seer analyzes errors and performance problems, not monitors, feedback or CSP reports.
  const category = issue.issueCategory ?? "error";
  const seerFits =
    !metric && !isCsp(issue, event) && (category === "error" || category === "performance");
  if (seerFits)
    notes.push(
      ...hintLine(hints, "Root cause analysis", "analyze_issue_with_seer", {
        organizationSlug: org,
        issueId: id,
      }),
    );
  return notes;
}

/** The full issue answer. Pure: everything it needs is in `input`. */
export function formatIssueDetails(input: IssueDetailsInput): string {
  const { issue, event } = input;
  const lines = header(input);
  const metric = event ? metricDetailsOf(event) : undefined;
  if (metric) lines.push(...formatMetricDetails(metric));
  else lines.push(...kindSection(issue, event));
  if (input.suspectCommit) lines.push(...formatSuspectCommit(input.suspectCommit));
  if (event) {
    lines.push(
      ...eventHeader(event, input.eventLabel),
      ...formatEventBody(event, { hideMessage: isFeedback(issue) || isCsp(issue, event) }),
    );
    if (input.packages) lines.push(...formatPackageSelection(input.packages));
  } else {
    lines.push(
      "No event is available for this issue (it may have been deleted or not yet processed).",
      "",
    );
  }
  const tags = tagSummary(input.tags);
  if (tags.length) lines.push("## Tag Distribution", "", ...tags, "");
  const notes = notesFor(input, metric);
  if (notes.length) lines.push("## Response Notes", "", ...notes);
  return lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trimEnd();
}
