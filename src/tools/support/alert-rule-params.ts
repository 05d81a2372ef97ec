/**
 * Parameters and answers of the alert (workflow) write tools: create_alert_rule,
 * update_alert_rule. The configuration is Sentry's own (`triggers`, `actionFilters` with their
 * conditions and actions), as get_alert_rule reads it and the workflow API takes it.
 */

import { z } from "zod";
import { UserInputError } from "../../errors.js";
import type { Workflow } from "../../sentry-api/workflows.js";

const componentId = z.union([z.string(), z.number()]);
const logicType = z.enum(["all", "any", "any-short", "none"]);
const condition = z.object({
  id: componentId.optional(),
  type: z.string(),
  comparison: z.unknown(),
  conditionResult: z.unknown(),
});
const action = z.object({
  id: componentId.optional(),
  type: z.string(),
  integrationId: componentId.nullable().optional(),
  data: z.record(z.string(), z.unknown()),
  config: z.record(z.string(), z.unknown()),
  status: z.string().optional(),
});

export const triggersParam = z
  .object({ id: componentId.optional(), logicType, conditions: z.array(condition) })
  .describe(
    "Replaces the trigger group (conditions that start evaluation). Keep condition ids to keep them.",
  );

const actionGroup = z.object({
  id: componentId.optional(),
  logicType,
  conditions: z.array(condition),
  actions: z.array(action),
});

export const actionFiltersParam = z
  .array(actionGroup)
  .describe(
    "Replaces ALL action groups: filter conditions plus notification actions. Copy the current ones (get_alert_rule) and keep their ids; omitted groups and actions are removed.",
  );

/** New alerts get new components: ids copied from another alert are dropped. */
export const newTriggersParam = triggersParam
  .omit({ id: true })
  .extend({ conditions: z.array(condition.omit({ id: true })) })
  .refine((g) => g.conditions.length === 0 || g.logicType === "any-short", {
    message: "trigger conditions of a new alert need logicType 'any-short'",
    path: ["logicType"],
  })
  .describe(
    'Trigger conditions, e.g. {logicType:"any-short", conditions:[{type:"first_seen_event", comparison:true, conditionResult:true}]}; types from get_alert_options.',
  );

export const newActionFiltersParam = z
  .array(
    actionGroup.omit({ id: true }).extend({
      conditions: z.array(condition.omit({ id: true })),
      actions: z.array(action.omit({ id: true })),
    }),
  )
  .describe(
    'Action groups: filters and notification actions, e.g. [{logicType:"all", conditions:[], actions:[{type:"email", data:{}, config:{targetType:"team", targetIdentifier:"123"}}]}]. [] for none.',
  );

/** The fields create and update share (incumbent names). */
export const alertRuleFields = {
  name: z.string().trim().min(1).max(256).optional().describe("Alert name"),
  status: z.enum(["active", "disabled"]).optional(),
  frequencyMinutes: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe("Minimum minutes between notifications for the same issue"),
  environment: z.string().min(1).nullable().optional().describe("Environment; null for all"),
  owner: z
    .string()
    .regex(/^(user|team):\d+$/, "must be user:ID or team:ID")
    .nullable()
    .optional()
    .describe("Owner as user:ID or team:ID; null clears"),
};

const group = z.object({
  id: z.string().nullable(),
  logicType: z.string().nullable(),
  conditions: z.array(
    z.object({
      id: z.string().nullable(),
      type: z.string(),
      comparison: z.unknown(),
      conditionResult: z.unknown(),
    }),
  ),
});

/** An alert as the write tools answer it: its editable configuration, with component ids. */
export const alertRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(["active", "disabled"]),
  frequencyMinutes: z.number().nullable(),
  environment: z.string().nullable(),
  owner: z.string().nullable(),
  triggers: group.nullable(),
  actionFilters: z.array(
    group.extend({
      actions: z.array(
        z.object({
          id: z.string().nullable(),
          type: z.string(),
          integrationId: z.string().nullable(),
          data: z.record(z.string(), z.unknown()),
          config: z.record(z.string(), z.unknown()),
        }),
      ),
    }),
  ),
  detectorIds: z.array(z.string()),
  url: z.string(),
});
export type AlertRuleView = z.output<typeof alertRuleSchema>;

const groupView = (g: NonNullable<Workflow["triggers"]>) => ({
  id: g.id ?? null,
  logicType: g.logicType ?? null,
  conditions: (g.conditions ?? []).map((c) => ({
    id: c.id ?? null,
    type: c.type,
    comparison: c.comparison ?? null,
    conditionResult: c.conditionResult ?? null,
  })),
});

export function alertRuleView(w: Workflow, url: string): AlertRuleView {
  const frequency = w.config?.frequency;
  return {
    id: w.id,
    name: w.name,
    status: w.enabled === false ? "disabled" : "active",
    frequencyMinutes: typeof frequency === "number" ? frequency : null,
    environment: w.environment ?? null,
    owner: w.owner ?? null,
    triggers: w.triggers ? groupView(w.triggers) : null,
    actionFilters: (w.actionFilters ?? []).map((g) => ({
      ...groupView(g),
      actions: (g.actions ?? []).map((a) => ({
        id: a.id ?? null,
        type: a.type,
        integrationId: a.integrationId ?? null,
        data: a.data ?? {},
        config: Object.fromEntries(
          Object.entries(a.config ?? {}).filter(([, v]) => v !== null && v !== undefined),
        ),
      })),
    })),
    detectorIds: [...(w.detectorIds ?? [])],
    url,
  };
}

/** The configuration without component ids and empty values, for "did it change" checks. */
export function comparable(value: unknown): string {
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (v && typeof v === "object") {
      const entries = Object.entries(v as Record<string, unknown>)
        .filter(
          ([k, x]) =>
            !["id", "organizationId", "status"].includes(k) && x !== null && x !== undefined,
        )
        .map(([k, x]) => [k, k === "integrationId" ? String(x) : strip(x)] as const)
        .sort(([a], [b]) => a.localeCompare(b));
      return Object.fromEntries(entries);
    }
    return v;
  };
  return JSON.stringify(strip(value));
}

/**
 * Sentry may save a Slack action whose channel it could not look up (a timeout): the action
 * then has no channel ID and notifies nobody. Say so instead of reporting success.
 */
export function assertSlackResolved(rule: AlertRuleView, created: boolean): void {
  const broken = rule.actionFilters.some((g) =>
    g.actions.some((a) => a.type === "slack" && !a.config.targetIdentifier),
  );
  if (!broken) return;
  throw new UserInputError(
    created
      ? `Alert ${rule.id} was created, but Sentry did not resolve its Slack channel. Do not create it again: fix it with update_alert_rule (ruleIdOrName "${rule.id}"), giving the channel name (config.targetDisplay) and its ID (config.targetIdentifier).`
      : "The alert was saved, but Sentry did not resolve its Slack channel. Read it with get_alert_rule and retry with the channel name (config.targetDisplay) and its ID (config.targetIdentifier).",
  );
}

type ActionInput = z.output<typeof actionGroup>["actions"][number];

/**
 * An edited Slack action copied from the current alert keeps the old channel ID beside a new
 * channel name (or workspace); Sentry checks the two against each other, so the stale ID is
 * dropped and Sentry looks the new name up.
 */
export function dropStaleSlackIds(
  groups: z.output<typeof actionFiltersParam>,
  current: Workflow,
): z.output<typeof actionFiltersParam> {
  const previous = (current.actionFilters ?? []).flatMap((g) => g.actions ?? []);
  const fix = (a: ActionInput): ActionInput => {
    const before = previous.find((p) => a.id !== undefined && p.id === String(a.id));
    const display = a.config.targetDisplay;
    if (a.type !== "slack" || !before || typeof display !== "string" || display === "") return a;
    const sameTarget =
      display === before.config?.targetDisplay &&
      String(a.integrationId) === String(before.integrationId);
    if (sameTarget || a.config.targetIdentifier !== before.config?.targetIdentifier) return a;
    const { targetIdentifier: _, ...config } = a.config;
    return { ...a, config };
  };
  return groups.map((g) => ({ ...g, actions: g.actions.map(fix) }));
}
