/**
 * Parameters of the metric monitor write tools (names, enums and defaults as the incumbent's
 * create/update_metric_monitor take them) and their translation to Sentry's detector write body:
 * windows and comparison deltas in seconds, detection mode and conditions checked together.
 */

import { z } from "zod";
import { UserInputError } from "../../errors.js";
import type {
  DetectorConditionWrite,
  DetectorQueryWrite,
  DetectorWrite,
} from "../../sentry-api/detectors.js";
import type { Detector } from "../../sentry-api/workflows.js";
import { snubaQueryOf } from "./detector-format.js";

const DATASETS = [
  "events",
  "transactions",
  "generic_metrics",
  "metrics",
  "events_analytics_platform",
] as const;

const queryFields = {
  dataset: z
    .enum(DATASETS)
    .describe(
      "events = errors; metrics = crash-free sessions; events_analytics_platform = spans, logs or app metrics (by eventTypes)",
    ),
  query: z.string().describe("Event filter in Sentry search syntax ('' for all)"),
  aggregate: z.string().min(1).describe("e.g. count(), p95(span.duration)"),
  environment: z.string().nullable().describe("Environment; null for all"),
  eventTypes: z
    .array(z.string())
    .describe("e.g. ['error'], ['trace_item_span'], ['trace_item_log']"),
  extrapolationMode: z.string().nullable().optional(),
  timeWindowSeconds: z.number().int().positive().describe("Window: 60, 300, 900, 3600, 86400..."),
};
const queryObject = z.object(queryFields);

const threshold = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  type: z.enum(["gt", "lt", "gte", "lte"]),
  comparison: z.number(),
  conditionResult: z.union([z.literal(75), z.literal(50), z.literal(0)]),
});
const anomaly = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  type: z.literal("anomaly_detection"),
  comparison: z.object({
    sensitivity: z.enum(["low", "medium", "high"]),
    seasonality: z.literal("auto"),
    thresholdType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  }),
  conditionResult: z.union([z.literal(75), z.literal(50)]),
});
const conditionList = z
  .array(z.discriminatedUnion("type", [threshold, anomaly]))
  .min(1)
  .max(3);
export type MonitorCondition = z.output<typeof conditionList>[number];

const detection = z.object({
  detectionType: z.enum(["static", "percent", "dynamic"]),
  comparisonDeltaSeconds: z.number().int().positive().nullable().optional(),
});
type Detection = Partial<z.output<typeof detection>>;

const CONDITIONS_HELP =
  "Static/percent: gt|gte|lt|lte with a number, conditionResult 75 critical, 50 warning, 0 resolved (include a resolve condition); percent 110 = 10% higher. Dynamic: one anomaly_detection {sensitivity, seasonality:'auto', thresholdType 0 above, 1 below, 2 both}";

export const monitorIdParam = z
  .string()
  .trim()
  .regex(/^\d+$/, "must be a numeric monitor ID")
  .describe("Metric monitor ID (find_metric_monitors lists them)");

export const monitorFields = {
  name: z.string().trim().min(1).max(200),
  description: z.string().nullable().optional(),
  status: z.enum(["active", "disabled"]).optional().describe("disabled pauses detection"),
  owner: z
    .string()
    .regex(/^(user|team):\d+$/, "must be team:ID or user:ID")
    .nullable()
    .optional()
    .describe("team:ID or user:ID; null clears"),
  workflowIds: z
    .array(z.string().regex(/^\d+$/, "must be numeric alert IDs"))
    .optional()
    .describe("Alert (workflow) IDs to connect; replaces the list, [] disconnects all"),
};

export const createFields = {
  name: monitorFields.name.describe("Monitor name"),
  description: monitorFields.description,
  owner: monitorFields.owner,
  query: queryObject
    .extend({ environment: queryFields.environment.default(null) })
    .describe("What to measure"),
  config: detection.describe(
    "Detection: static, percent (needs comparisonDeltaSeconds, e.g. 86400) or dynamic",
  ),
  conditionGroup: z
    .object({
      logicType: z.literal("any").default("any"),
      conditions: conditionList.describe(CONDITIONS_HELP),
    })
    .describe("Thresholds"),
  workflowIds: monitorFields.workflowIds.default([]),
};

export const updateFields = {
  name: monitorFields.name.optional(),
  description: monitorFields.description,
  status: monitorFields.status,
  owner: monitorFields.owner,
  query: queryObject
    .partial()
    .refine((q) => Object.keys(q).length > 0, "give at least one query field")
    .optional()
    .describe("Query fields to change; the rest are kept"),
  config: detection
    .partial()
    .refine((c) => Object.keys(c).length > 0, "give detectionType or comparisonDeltaSeconds")
    .optional()
    .describe("Detection changes; a new detectionType needs matching conditionGroup"),
  conditionGroup: z
    .object({
      id: z.union([z.string(), z.number()]).optional(),
      logicType: z.string(),
      conditions: conditionList.describe(CONDITIONS_HELP),
    })
    .optional()
    .describe("Replaces all conditions"),
  workflowIds: monitorFields.workflowIds,
};

type QueryInput = Partial<z.output<typeof queryObject>>;

export function queryWrite(q: z.output<typeof queryObject>): DetectorQueryWrite {
  const { timeWindowSeconds, ...rest } = q;
  return { ...rest, timeWindow: timeWindowSeconds };
}

/** The monitor's current query as a write would send it, with `changes` applied. */
export function mergedQuery(current: Detector, changes: QueryInput): DetectorQueryWrite {
  const q = snubaQueryOf(current);
  if (!q || (current.dataSources?.length ?? 0) !== 1) {
    throw new UserInputError(
      "This monitor's query is unavailable or has several sources, so it cannot be changed safely here; change it in Sentry.",
    );
  }
  const base = {
    dataset: q.dataset ?? "events",
    query: q.query ?? "",
    aggregate: q.aggregate ?? "count()",
    environment: q.environment ?? null,
    eventTypes: q.eventTypes ?? [],
    timeWindowSeconds: q.timeWindow ?? 3600,
  };
  const merged = { ...base, ...changes } as z.output<typeof queryObject>;
  return queryWrite(merged);
}

/**
 * Conditions as sent. Ids copied from an existing monitor are kept on updates (Sentry then
 * changes those conditions in place) and dropped on creates (`keepIds` false).
 */
export function conditionsWrite(
  conditions: MonitorCondition[],
  keepIds = false,
): DetectorConditionWrite[] {
  return conditions.map(({ id, type, comparison, conditionResult }) => ({
    ...(keepIds && id !== undefined ? { id } : {}),
    type,
    comparison,
    conditionResult,
  }));
}

/**
 * The detection config a write sends, checked against its conditions: percent needs a
 * comparison delta, dynamic exactly one anomaly condition, static and percent numeric ones.
 */
export function detectionWrite(
  given: Detection,
  conditions: Array<{ type: string }>,
  current: { detectionType?: unknown; comparisonDelta?: unknown } = {},
): { detectionType: string; comparisonDelta: number | null } {
  const type = given.detectionType ?? String(current.detectionType ?? "static");
  if (type !== "percent" && given.comparisonDeltaSeconds != null) {
    throw new UserInputError("comparisonDeltaSeconds applies only to percent detection.");
  }
  const delta =
    type !== "percent"
      ? null
      : given.comparisonDeltaSeconds !== undefined
        ? given.comparisonDeltaSeconds
        : typeof current.comparisonDelta === "number"
          ? current.comparisonDelta
          : null;
  if (type === "percent" && !(typeof delta === "number" && delta > 0)) {
    throw new UserInputError(
      "Percent detection needs config.comparisonDeltaSeconds: the earlier period to compare with (3600, 86400, 604800 or 2592000).",
    );
  }
  const dynamic = type === "dynamic";
  if (dynamic && conditions.length !== 1) {
    throw new UserInputError("Dynamic detection takes exactly one anomaly_detection condition.");
  }
  if (conditions.some((c) => (c.type === "anomaly_detection") !== dynamic)) {
    throw new UserInputError(
      "conditionGroup does not match the detection type: dynamic takes one anomaly_detection condition; static and percent take gt/gte/lt/lte thresholds.",
    );
  }
  return { detectionType: type, comparisonDelta: delta };
}

/** How to fix each detector field Sentry rejects. */
export const DETECTOR_FIELD_FIXES: Record<string, string> = {
  name: "Use a name of at most 200 characters.",
  dataSources:
    "Check query: dataset, a non-empty aggregate valid for it, and timeWindowSeconds of 60, 300, 600, 900, 1800, 3600, 7200, 14400 or 86400.",
  conditionGroup:
    "Static/percent conditions are gt/gte/lt/lte with a number and conditionResult 75, 50 or 0; dynamic takes one anomaly_detection condition.",
  config:
    "Use detectionType static, percent (with comparisonDeltaSeconds 300, 900, 3600, 86400, 604800 or 2592000) or dynamic.",
  owner:
    "Use team:ID or user:ID of a team or member of this organization (find_teams lists teams).",
  workflowIds: "Use existing alert IDs (find_alert_rules lists them).",
  type: "Only metric monitors can be created here.",
};

export type { DetectorWrite };
