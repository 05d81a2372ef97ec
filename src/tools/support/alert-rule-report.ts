/**
 * What the alert write tools report: sources in words, before → after lines, the fixes for the
 * fields Sentry rejects, and the answer for an install without the workflow API.
 */

import { z } from "zod";
import { ApiError, UserInputError } from "../../errors.js";
import type { ToolContext } from "../types.js";
import { lacksWorkflowApi } from "./alert-load.js";
import type { AlertRuleView } from "./alert-rule-params.js";
import { comparable } from "./alert-rule-params.js";
import { NO_WORKFLOW_API } from "./alert-rule-target.js";
import type { Source } from "./alert-sources.js";
import { monitorKind } from "./workflow-format.js";

export const sourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string().describe("issue_stream: all issues of the project; metric_issue, uptime..."),
  project: z.string().nullable(),
});

/** How to fix a field Sentry rejected, by its (camelCase) name. */
export const ALERT_FIELD_FIXES: Record<string, string> = {
  name: "Give a name of 1-256 characters.",
  owner: "Use user:ID or team:ID of a member or team of the organization (find_teams lists teams).",
  environment: "Use an environment name the projects report, or null for all environments.",
  config: "frequencyMinutes must be a whole number of minutes, 0 or more.",
  triggers:
    'Use trigger condition types from get_alert_options (section "conditions", conditionGroup "workflow_trigger").',
  actionFilters:
    'Use action types, integration ids and targets from get_alert_options (section "actions"), and filter types from conditionGroup "action_filter".',
  detectorIds: 'Use monitor IDs from get_alert_options (section "sources").',
};

export function sourceLabel(s: Source): string {
  if (s.type === "issue_stream") return `all issues of ${s.project ?? "the organization"}`;
  if (s.type === "error")
    return `error issues of ${s.project ?? "the organization"} (monitor ${s.id})`;
  return `${s.name} (${monitorKind(s.type)} ${s.id}${s.project ? `, ${s.project}` : ""})`;
}

/** Runs `work`; a 404 from an install without the workflow API becomes a clear refusal. */
export async function orWorkflowApi<T>(
  ctx: Pick<ToolContext, "client" | "signal">,
  org: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (
      error instanceof ApiError &&
      error.status === 404 &&
      (await lacksWorkflowApi(ctx.client, org, ctx.signal))
    )
      throw new UserInputError(NO_WORKFLOW_API);
    throw error;
  }
}

function groupWords(g: { conditions: Array<{ type: string }> } | null): string {
  const types = g?.conditions.map((c) => c.type) ?? [];
  return types.length ? types.join(", ") : "none";
}

function actionWords(rule: AlertRuleView): string {
  const groups = rule.actionFilters.map((g) => {
    const filters = g.conditions.map((c) => c.type);
    const actions = g.actions.map((a) => {
      const target = a.config.targetDisplay ?? a.config.targetIdentifier ?? a.config.targetType;
      return target ? `${a.type} ${String(target)}` : a.type;
    });
    return `[${filters.length ? `if ${filters.join(", ")}: ` : ""}${actions.join(", ") || "no actions"}]`;
  });
  return groups.join(" ") || "none";
}

const show = (v: unknown) => (v === null || v === undefined ? "none" : String(v));

/** `field: before → after` for what differs between two views of the alert. */
export function alertChanges(
  before: AlertRuleView,
  after: AlertRuleView,
  label: (id: string) => string,
): string[] {
  const lines: string[] = [];
  if (before.name !== after.name)
    lines.push(`name: ${JSON.stringify(before.name)} → ${JSON.stringify(after.name)}`);
  if (before.status !== after.status) lines.push(`status: ${before.status} → ${after.status}`);
  if (before.frequencyMinutes !== after.frequencyMinutes)
    lines.push(
      `frequencyMinutes: ${show(before.frequencyMinutes)} → ${show(after.frequencyMinutes)}`,
    );
  if (before.environment !== after.environment)
    lines.push(`environment: ${before.environment ?? "all"} → ${after.environment ?? "all"}`);
  if (before.owner !== after.owner)
    lines.push(`owner: ${show(before.owner)} → ${show(after.owner)}`);
  const trig = (r: AlertRuleView) => comparable(r.triggers?.conditions ?? []);
  if (trig(before) !== trig(after) || before.triggers?.logicType !== after.triggers?.logicType)
    lines.push(`triggers: ${groupWords(before.triggers)} → ${groupWords(after.triggers)}`);
  if (comparable(before.actionFilters) !== comparable(after.actionFilters))
    lines.push(`actionFilters: ${actionWords(before)} → ${actionWords(after)}`);
  const added = after.detectorIds.filter((id) => !before.detectorIds.includes(id));
  const removed = before.detectorIds.filter((id) => !after.detectorIds.includes(id));
  if (added.length || removed.length)
    lines.push(
      `sources: ${[...added.map((id) => `+${label(id)}`), ...removed.map((id) => `−${label(id)}`)].join("; ")}`,
    );
  return lines;
}
