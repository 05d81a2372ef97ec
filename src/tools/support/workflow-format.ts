/**
 * Issue alerts in markdown: current-model workflows and legacy issue alert rules. Pure
 * functions: ids are resolved to names through the Directory passed in.
 */

import { formatDate } from "../../format/dates.js";
import { inlineCode, text } from "../../format/markdown.js";
import type { IssueAlertRule } from "../../sentry-api/alert-rules.js";
import type { ConditionGroup, Detector, Workflow } from "../../sentry-api/workflows.js";
import { actionPhrase, conditionPhrase, frequencyPhrase, ownerPhrase } from "./alert-conditions.js";
import { humanize, logicWords } from "./humanize.js";
import { legacyActionPhrase, legacyConditionPhrase } from "./legacy-alerts.js";
import type { OrgDirectory } from "./org-directory.js";

/** Lists longer than this are cut with a count of what was left out. */
const MAX_ITEMS = 10;

export function capped(items: string[], max = MAX_ITEMS): string[] {
  if (items.length <= max) return items;
  return [...items.slice(0, max), `…and ${items.length - max} more`];
}

function bullets(items: string[]): string[] {
  return capped(items).map((i) => `- ${i}`);
}

function groupConditions(group: ConditionGroup | null | undefined): string[] {
  return (group?.conditions ?? []).map(conditionPhrase);
}

function inline(items: string[], logic: unknown): string {
  if (items.length === 1) return items[0];
  return `${logicWords(logic)}: ${capped(items, 5).join("; ")}`;
}

export interface WorkflowContext {
  detectors: Map<string, Detector>;
  dir: OrgDirectory;
  url: string;
}

function projectsOf(w: Workflow, wc: WorkflowContext): string[] {
  const ids = (w.detectorIds ?? [])
    .map((id) => wc.detectors.get(id)?.projectId)
    .filter((p): p is string => !!p);
  return [...new Set(ids)].map((id) => wc.dir.project(id) ?? id);
}

function metricMonitorsOf(w: Workflow, wc: WorkflowContext): Detector[] {
  return (w.detectorIds ?? [])
    .map((id) => wc.detectors.get(id))
    .filter((d): d is Detector => !!d && d.type === "metric_issue");
}

const MONITOR_KINDS: Record<string, string> = {
  metric_issue: "metric monitor",
  uptime_domain_failure: "uptime monitor",
  monitor_check_in_failure: "cron monitor",
};

/** A detector type as a monitor kind: `metric_issue` → "metric monitor". */
export function monitorKind(type: string): string {
  return MONITOR_KINDS[type] ?? `${humanize(type).toLowerCase()} monitor`;
}

function status(enabled: boolean | null | undefined): string {
  return enabled === false ? "disabled" : "enabled";
}

/** A compact entry for lists (find_alert_rules). */
export function formatWorkflowEntry(w: Workflow, wc: WorkflowContext): string[] {
  const projects = projectsOf(w, wc);
  const facts = [
    `**ID**: ${w.id}`,
    `**Status**: ${status(w.enabled)}`,
    projects.length ? `**Projects**: ${projects.map(inlineCode).join(", ")}` : undefined,
    w.environment ? `**Environment**: ${inlineCode(w.environment)}` : undefined,
  ].filter(Boolean);
  const triggers = groupConditions(w.triggers);
  const lines = [`### ${text(w.name)}`, "", facts.join(" · ")];
  if (triggers.length) lines.push(`**When**: ${inline(triggers, w.triggers?.logicType)}`);
  for (const group of w.actionFilters ?? []) {
    const filters = groupConditions(group);
    if (filters.length) lines.push(`**If**: ${inline(filters, group.logicType)}`);
    const actions = (group.actions ?? []).map((a) => actionPhrase(a, wc.dir));
    if (actions.length) lines.push(`**Then**: ${capped(actions, 5).join("; ")}`);
  }
  const monitors = metricMonitorsOf(w, wc);
  if (monitors.length)
    lines.push(
      `**For metric monitors**: ${monitors.map((d) => `${text(d.name)} (${d.id})`).join(", ")}`,
    );
  if (w.lastTriggered) lines.push(`**Last triggered**: ${formatDate(w.lastTriggered)}`);
  lines.push(`**URL**: ${wc.url}`, "");
  return lines;
}

/** Full details of one workflow (get_alert_rule kind=issue). */
export function formatWorkflowDetails(w: Workflow, wc: WorkflowContext): string[] {
  const projects = projectsOf(w, wc);
  const creator = w.createdBy ? wc.dir.user(w.createdBy) : undefined;
  const lines = [
    `## ${text(w.name)}`,
    "",
    "**Kind**: Issue alert",
    `**ID**: ${w.id}`,
    `**Status**: ${status(w.enabled)}`,
    projects.length ? `**Projects**: ${projects.map(inlineCode).join(", ")}` : undefined,
    `**Environment**: ${w.environment ? inlineCode(w.environment) : "all environments"}`,
    w.owner ? `**Owner**: ${ownerPhrase(w.owner, wc.dir)}` : undefined,
    frequencyPhrase(w.config?.frequency)
      ? `**Action interval**: ${frequencyPhrase(w.config?.frequency)}`
      : undefined,
    w.dateCreated
      ? `**Created**: ${formatDate(w.dateCreated)}${creator ? ` by ${text(creator)}` : ""}`
      : undefined,
    w.lastTriggered
      ? `**Last triggered**: ${formatDate(w.lastTriggered)}`
      : "**Last triggered**: never",
    `**URL**: ${wc.url}`,
    "",
  ].filter((l): l is string => l !== undefined);
  const triggers = groupConditions(w.triggers);
  if (triggers.length)
    lines.push(`### Triggers (${logicWords(w.triggers?.logicType)})`, "", ...bullets(triggers), "");
  const groups = w.actionFilters ?? [];
  groups.forEach((group, k) => {
    const label = groups.length > 1 ? ` ${k + 1}` : "";
    const filters = groupConditions(group);
    if (filters.length)
      lines.push(
        `### Filters${label} (${logicWords(group.logicType)})`,
        "",
        ...bullets(filters),
        "",
      );
    const actions = (group.actions ?? []).map((a) => actionPhrase(a, wc.dir));
    lines.push(`### Actions${label}`, "", ...(actions.length ? bullets(actions) : ["- none"]), "");
  });
  const monitors = (w.detectorIds ?? [])
    .map((id) => wc.detectors.get(id))
    .filter((d): d is Detector => !!d);
  const named = monitors.filter((d) => d.type !== "error" && d.type !== "issue_stream");
  if (named.length) {
    lines.push(
      "### Connected Monitors",
      "",
      ...bullets(named.map((d) => `${text(d.name)} (${monitorKind(d.type)}, ID ${d.id})`)),
      "",
    );
  }
  return lines;
}

export interface LegacyRuleContext {
  dir: OrgDirectory;
  url: string;
}

function legacyStatus(rule: IssueAlertRule): string {
  const base = rule.status === "disabled" ? "disabled" : "enabled";
  return rule.snooze ? `${base}, muted` : base;
}

/** A legacy issue alert rule, as a list entry or with full details. */
export function formatLegacyIssueRule(
  rule: IssueAlertRule,
  lc: LegacyRuleContext,
  detail: boolean,
): string[] {
  const conditions = (rule.conditions ?? []).map(legacyConditionPhrase);
  const filters = (rule.filters ?? []).map(legacyConditionPhrase);
  const actions = (rule.actions ?? []).map((a) => legacyActionPhrase(a, lc.dir));
  const projects = rule.projects ?? [];
  if (!detail) {
    const lines = [
      `### ${text(rule.name)}`,
      "",
      [
        `**ID**: ${rule.id}`,
        `**Status**: ${legacyStatus(rule)}`,
        projects.length ? `**Projects**: ${projects.map(inlineCode).join(", ")}` : undefined,
        rule.environment ? `**Environment**: ${inlineCode(rule.environment)}` : undefined,
      ]
        .filter(Boolean)
        .join(" · "),
    ];
    if (conditions.length) lines.push(`**When**: ${inline(conditions, rule.actionMatch)}`);
    if (filters.length) lines.push(`**If**: ${inline(filters, rule.filterMatch)}`);
    if (actions.length) lines.push(`**Then**: ${capped(actions, 5).join("; ")}`);
    if (rule.lastTriggered) lines.push(`**Last triggered**: ${formatDate(rule.lastTriggered)}`);
    lines.push(`**URL**: ${lc.url}`, "");
    return lines;
  }
  const lines = [
    `## ${text(rule.name)}`,
    "",
    "**Kind**: Issue alert",
    `**ID**: ${rule.id}`,
    `**Status**: ${legacyStatus(rule)}`,
    projects.length ? `**Projects**: ${projects.map(inlineCode).join(", ")}` : undefined,
    `**Environment**: ${rule.environment ? inlineCode(rule.environment) : "all environments"}`,
    rule.owner ? `**Owner**: ${ownerPhrase(rule.owner, lc.dir)}` : undefined,
    frequencyPhrase(rule.frequency)
      ? `**Action interval**: ${frequencyPhrase(rule.frequency)}`
      : undefined,
    rule.dateCreated
      ? `**Created**: ${formatDate(rule.dateCreated)}${rule.createdBy?.name ? ` by ${text(rule.createdBy.name)}` : ""}`
      : undefined,
    rule.lastTriggered
      ? `**Last triggered**: ${formatDate(rule.lastTriggered)}`
      : "**Last triggered**: never",
    `**URL**: ${lc.url}`,
    "",
  ].filter((l): l is string => l !== undefined);
  if (conditions.length)
    lines.push(`### Triggers (${logicWords(rule.actionMatch)})`, "", ...bullets(conditions), "");
  if (filters.length)
    lines.push(`### Filters (${logicWords(rule.filterMatch)})`, "", ...bullets(filters), "");
  lines.push("### Actions", "", ...(actions.length ? bullets(actions) : ["- none"]), "");
  return lines;
}
