/**
 * Metric alerts in markdown: current-model metric monitors (detectors of type `metric_issue`)
 * and legacy metric alert rules. Pure functions over already-fetched data.
 */

import { formatDate } from "../../format/dates.js";
import { inlineCode, text } from "../../format/markdown.js";
import type { MetricAlertRule } from "../../sentry-api/alert-rules.js";
import type { Detector, SnubaQuery, Workflow } from "../../sentry-api/workflows.js";
import { actionPhrase, ownerPhrase } from "./alert-conditions.js";
import {
  compactDuration,
  durationWords,
  humanize,
  minutesWords,
  priorityName,
} from "./humanize.js";
import { legacyMetricActionPhrase } from "./legacy-alerts.js";
import type { OrgDirectory } from "./org-directory.js";
import { capped } from "./workflow-format.js";

export function snubaQueryOf(d: Detector): SnubaQuery | undefined {
  return d.dataSources?.find((s) => s.queryObj?.snubaQuery)?.queryObj?.snubaQuery ?? undefined;
}

/** What the monitor counts, in product words. */
export function datasetLabel(
  dataset: string | null | undefined,
  eventTypes?: string[] | null,
): string | undefined {
  const types = eventTypes ?? [];
  if (types.includes("trace_item_log")) return "logs";
  if (types.includes("trace_item_span")) return "spans";
  if (types.includes("transaction")) return "transactions";
  switch (dataset) {
    case "events":
    case "errors":
      return "errors";
    case "transactions":
    case "generic_metrics":
      return dataset === "transactions" ? "transactions" : "metrics";
    case "events_analytics_platform":
      return "spans";
    case "metrics":
    case "sessions":
      return "sessions";
    default:
      return dataset ?? undefined;
  }
}

const OPS: Record<string, string> = {
  gt: "above",
  gte: "at or above",
  lt: "below",
  lte: "at or below",
  eq: "equal to",
  ne: "not equal to",
};

function levelOf(result: unknown): string {
  const p = priorityName(result);
  return p ? `${p[0].toUpperCase()}${p.slice(1)} priority` : "Resolved";
}

const SIDES = ["above", "below", "above or below"];

/** Threshold conditions in words ("High priority when above 500"). */
export function detectorThresholds(d: Detector): string[] {
  const type = String(d.config?.detectionType ?? "static");
  const delta = Number(d.config?.comparisonDelta);
  return (d.conditionGroup?.conditions ?? []).map((c) => {
    if (c.type === "anomaly_detection") {
      const cmp = (c.comparison ?? {}) as Record<string, unknown>;
      const details = [
        cmp.sensitivity ? `sensitivity: ${inlineCode(cmp.sensitivity)}` : undefined,
        cmp.threshold_type !== undefined
          ? `direction: ${SIDES[Number(cmp.threshold_type)] ?? inlineCode(cmp.threshold_type)} the expected range`
          : undefined,
        cmp.seasonality ? `seasonality: ${inlineCode(cmp.seasonality)}` : undefined,
      ].filter(Boolean);
      return `${levelOf(c.conditionResult)} on anomalies${details.length ? ` (${details.join(", ")})` : ""}`;
    }
    const op = OPS[c.type] ?? humanize(c.type).toLowerCase();
    const value =
      typeof c.comparison === "object" ? JSON.stringify(c.comparison) : String(c.comparison);
    if (type === "percent" && Number.isFinite(delta) && delta > 0) {
      // Resolve conditions are the inverse of the alerting ones (`lte` after a `gt`).
      const resolve = priorityName(c.conditionResult) === undefined;
      const below = c.type === "lt" || c.type === "lte";
      const lower = resolve ? !below : below;
      const bound = resolve ? "at most" : "more than";
      return `${levelOf(c.conditionResult)} when ${bound} ${inlineCode(`${value}%`)} ${lower ? "lower" : "higher"} than ${durationWords(delta)} earlier`;
    }
    return `${levelOf(c.conditionResult)} when ${op} ${inlineCode(value)}`;
  });
}

function detectionLabel(d: Detector): string {
  switch (String(d.config?.detectionType ?? "static")) {
    case "percent":
      return "change compared to an earlier period";
    case "dynamic":
      return "anomaly detection";
    default:
      return "static thresholds";
  }
}

/** "`count()` of errors matching `query` in `production`, over 1h windows" */
export function queryPhrase(q: SnubaQuery | undefined): string | undefined {
  if (!q) return undefined;
  const what = datasetLabel(q.dataset, q.eventTypes);
  return [
    q.aggregate ? inlineCode(q.aggregate) : "?",
    what ? `of ${what}` : undefined,
    q.query ? `matching ${inlineCode(q.query)}` : undefined,
    q.environment ? `in ${inlineCode(q.environment)}` : undefined,
    q.timeWindow ? `over ${compactDuration(q.timeWindow)} windows` : undefined,
  ]
    .filter(Boolean)
    .join(" ");
}

export interface DetectorContext {
  dir: OrgDirectory;
  url: string;
  /** connected workflows, when fetched */
  workflows?: Workflow[];
}

function ownerOf(d: Detector, dir: OrgDirectory): string | undefined {
  if (!d.owner?.id) return undefined;
  return d.owner.type === "team"
    ? ownerPhrase(`team:${d.owner.id}`, {
        ...dir,
        team: (id) => dir.team(id) ?? d.owner?.name ?? undefined,
      })
    : inlineCode(d.owner.name ?? d.owner.email ?? dir.user(d.owner.id) ?? d.owner.id);
}

function stateOf(d: Detector): string {
  const base = d.enabled === false ? "disabled" : "enabled";
  const open = d.latestGroup && d.latestGroup.status === "unresolved";
  return open
    ? `${base}, triggered (open issue ${inlineCode(d.latestGroup?.shortId ?? d.latestGroup?.id)})`
    : base;
}

/** A compact list entry. */
export function formatDetectorEntry(d: Detector, dc: DetectorContext): string[] {
  const project = d.projectId ? (dc.dir.project(d.projectId) ?? d.projectId) : undefined;
  const owner = ownerOf(d, dc.dir);
  const facts = [
    `**ID**: ${d.id}`,
    `**Status**: ${stateOf(d)}`,
    project ? `**Project**: ${inlineCode(project)}` : undefined,
    owner ? `**Owner**: ${owner}` : undefined,
  ].filter(Boolean);
  const lines = [`### ${text(d.name)}`, "", facts.join(" · ")];
  const query = queryPhrase(snubaQueryOf(d));
  if (query) lines.push(`**Query**: ${query}`);
  const thresholds = detectorThresholds(d);
  if (thresholds.length) lines.push(`**Thresholds**: ${capped(thresholds, 5).join("; ")}`);
  lines.push(`**URL**: ${dc.url}`, "");
  return lines;
}

/** Full details of a metric monitor (get_metric_monitor_details, get_alert_rule kind=metric). */
export function formatDetectorDetails(d: Detector, dc: DetectorContext): string[] {
  const q = snubaQueryOf(d);
  const project = d.projectId ? (dc.dir.project(d.projectId) ?? d.projectId) : undefined;
  const owner = ownerOf(d, dc.dir);
  const dataset = datasetLabel(q?.dataset, q?.eventTypes);
  const lines = [
    `## ${text(d.name)}`,
    "",
    "**Kind**: Metric alert (metric monitor)",
    `**ID**: ${d.id}`,
    `**Status**: ${stateOf(d)}`,
    project ? `**Project**: ${inlineCode(project)}` : undefined,
    owner ? `**Owner**: ${owner}` : undefined,
    d.description ? `**Description**: ${text(d.description)}` : undefined,
    dataset
      ? `**Dataset**: ${dataset}${q?.dataset && q.dataset !== dataset ? ` (${inlineCode(q.dataset)})` : ""}`
      : undefined,
    q?.aggregate ? `**Aggregate**: ${inlineCode(q.aggregate)}` : undefined,
    `**Query**: ${q?.query ? inlineCode(q.query) : "all events"}`,
    q?.timeWindow ? `**Interval**: ${durationWords(q.timeWindow)}` : undefined,
    `**Environment**: ${q?.environment ? inlineCode(q.environment) : "all environments"}`,
    `**Detection**: ${detectionLabel(d)}`,
    d.dateUpdated ? `**Last changed**: ${formatDate(d.dateUpdated)}` : undefined,
    `**URL**: ${dc.url}`,
    "",
  ].filter((l): l is string => l !== undefined);
  const thresholds = detectorThresholds(d);
  if (thresholds.length) lines.push("### Thresholds", "", ...thresholds.map((t) => `- ${t}`), "");
  if (d.latestGroup) {
    const g = d.latestGroup;
    lines.push(
      "### Latest Issue",
      "",
      `- ${inlineCode(g.shortId ?? g.id)}: ${inlineCode(g.title ?? "")}${g.status ? ` (${g.status})` : ""}${g.lastSeen ? `, last seen ${formatDate(g.lastSeen)}` : ""}`,
      "",
    );
  }
  const workflows = dc.workflows ?? [];
  lines.push("### Notifications", "");
  if (workflows.length === 0) lines.push("- No alert is connected, so nobody is notified.", "");
  for (const w of workflows) {
    const actions = (w.actionFilters ?? [])
      .flatMap((g) => g.actions ?? [])
      .map((a) => actionPhrase(a, dc.dir));
    lines.push(
      `- ${text(w.name)} (alert ID ${w.id}${w.enabled === false ? ", disabled" : ""}): ${actions.length ? capped(actions, 5).join("; ") : "no actions"}`,
    );
  }
  if (workflows.length) lines.push("");
  return lines;
}

function legacyThresholds(rule: MetricAlertRule): string[] {
  const above = rule.thresholdType !== 1;
  const out = (rule.triggers ?? []).map((t) => {
    const label = text(humanize(t.label ?? "trigger"));
    return `${label} when ${above ? "above" : "below"} ${inlineCode(t.alertThreshold ?? "?")}`;
  });
  if (rule.resolveThreshold != null)
    out.push(
      `Resolved when ${above ? "at or below" : "at or above"} ${inlineCode(rule.resolveThreshold)}`,
    );
  return out;
}

/** A legacy metric alert rule, as a list entry or with full details. */
export function formatLegacyMetricRule(
  rule: MetricAlertRule,
  lc: { dir: OrgDirectory; url: string },
  detail: boolean,
): string[] {
  const projects = rule.projects ?? [];
  const query = [
    rule.aggregate ? inlineCode(rule.aggregate) : "?",
    datasetLabel(rule.dataset) ? `of ${datasetLabel(rule.dataset)}` : undefined,
    rule.query ? `matching ${inlineCode(rule.query)}` : undefined,
    rule.environment ? `in ${inlineCode(rule.environment)}` : undefined,
    rule.timeWindow ? `over ${compactDuration(rule.timeWindow * 60)} windows` : undefined,
  ]
    .filter(Boolean)
    .join(" ");
  const thresholds = legacyThresholds(rule);
  const status = rule.status === 1 ? "disabled" : rule.snooze ? "enabled, muted" : "enabled";
  if (!detail) {
    return [
      `### ${text(rule.name)}`,
      "",
      [
        `**ID**: ${rule.id}`,
        `**Status**: ${status}`,
        projects.length ? `**Projects**: ${projects.map(inlineCode).join(", ")}` : undefined,
      ]
        .filter(Boolean)
        .join(" · "),
      `**Query**: ${query}`,
      thresholds.length ? `**Thresholds**: ${thresholds.join("; ")}` : undefined,
      `**URL**: ${lc.url}`,
      "",
    ].filter((l): l is string => l !== undefined);
  }
  const lines = [
    `## ${text(rule.name)}`,
    "",
    "**Kind**: Metric alert",
    `**ID**: ${rule.id}`,
    `**Status**: ${status}`,
    projects.length ? `**Projects**: ${projects.map(inlineCode).join(", ")}` : undefined,
    rule.owner ? `**Owner**: ${ownerPhrase(rule.owner, lc.dir)}` : undefined,
    datasetLabel(rule.dataset) ? `**Dataset**: ${datasetLabel(rule.dataset)}` : undefined,
    rule.aggregate ? `**Aggregate**: ${inlineCode(rule.aggregate)}` : undefined,
    `**Query**: ${rule.query ? inlineCode(rule.query) : "all events"}`,
    rule.timeWindow ? `**Interval**: ${minutesWords(rule.timeWindow)}` : undefined,
    `**Environment**: ${rule.environment ? inlineCode(rule.environment) : "all environments"}`,
    rule.dateModified ? `**Last changed**: ${formatDate(rule.dateModified)}` : undefined,
    `**URL**: ${lc.url}`,
    "",
  ].filter((l): l is string => l !== undefined);
  if (thresholds.length) lines.push("### Thresholds", "", ...thresholds.map((t) => `- ${t}`), "");
  lines.push("### Actions", "");
  const actions = (rule.triggers ?? []).flatMap((t) =>
    (t.actions ?? []).map(
      (a) => `${text(humanize(t.label ?? "trigger"))}: ${legacyMetricActionPhrase(a, lc.dir)}`,
    ),
  );
  lines.push(...(actions.length ? actions.map((a) => `- ${a}`) : ["- none"]), "");
  return lines;
}
