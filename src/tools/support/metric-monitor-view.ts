/**
 * A metric monitor as the write tools report it (before → after), in the vocabulary of their
 * own parameters so an answer can be copied into the next call, plus the shared read-first step.
 */

import { z } from "zod";
import { ApiError, UserInputError } from "../../errors.js";
import type { SentryClient } from "../../sentry-api/client.js";
import { type Detector, getDetector } from "../../sentry-api/workflows.js";
import type { ToolContext } from "../types.js";
import { detectorUrl, isNotFound, lacksWorkflowApi } from "./alert-load.js";
import { assertWithinPins } from "./constraints.js";
import { snubaQueryOf } from "./detector-format.js";
import { compactDuration } from "./humanize.js";
import { loadDirectory } from "./org-directory.js";
import { actorSchema } from "./write-output.js";

export const monitorViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  project: z.string().nullable(),
  status: z.enum(["active", "disabled"]),
  description: z.string().nullable(),
  owner: actorSchema,
  query: z
    .object({
      dataset: z.string().nullable(),
      aggregate: z.string().nullable(),
      query: z.string(),
      environment: z.string().nullable(),
      eventTypes: z.array(z.string()),
      timeWindowSeconds: z.number().nullable(),
    })
    .nullable(),
  config: z.object({
    detectionType: z.string(),
    comparisonDeltaSeconds: z.number().nullable(),
  }),
  conditions: z.array(
    z.object({ type: z.string(), comparison: z.unknown(), conditionResult: z.unknown() }),
  ),
  workflowIds: z.array(z.string()).describe("Connected alert IDs"),
  url: z.string(),
});
export type MonitorView = z.output<typeof monitorViewSchema>;

export function monitorView(
  client: SentryClient,
  org: string,
  d: Detector,
  project: string | null,
): MonitorView {
  const q = snubaQueryOf(d);
  const delta = d.config?.comparisonDelta;
  const owner =
    d.owner?.id && (d.owner.type === "team" || d.owner.type === "user") ? d.owner : null;
  return {
    id: d.id,
    name: d.name,
    project,
    status: d.enabled === false ? "disabled" : "active",
    description: d.description ?? null,
    owner: owner
      ? { type: owner.type as "team" | "user", id: String(owner.id), name: owner.name ?? null }
      : null,
    query: q
      ? {
          dataset: q.dataset ?? null,
          aggregate: q.aggregate ?? null,
          query: q.query ?? "",
          environment: q.environment ?? null,
          eventTypes: q.eventTypes ?? [],
          timeWindowSeconds: q.timeWindow ?? null,
        }
      : null,
    config: {
      detectionType: String(d.config?.detectionType ?? "static"),
      comparisonDeltaSeconds: typeof delta === "number" ? delta : null,
    },
    conditions: (d.conditionGroup?.conditions ?? []).map((c) => ({
      type: c.type,
      comparison: c.comparison,
      conditionResult: c.conditionResult,
    })),
    workflowIds: [...(d.workflowIds ?? [])],
    url: detectorUrl(client, org, d.id),
  };
}

const show = (v: unknown): string =>
  v === null || v === undefined || v === ""
    ? "none"
    : typeof v === "string"
      ? v
      : JSON.stringify(v);

const OPS: Record<string, string> = {
  gt: "above",
  gte: "at or above",
  lt: "below",
  lte: "at or below",
};

/** "critical above 500", "critical on anomalies (high, above)" */
function conditionWords(c: MonitorView["conditions"][number]): string {
  const result = { 75: "critical", 50: "warning", 0: "resolved" }[Number(c.conditionResult)];
  const level = result ?? show(c.conditionResult);
  if (c.type === "anomaly_detection") {
    const cmp = (c.comparison ?? {}) as { sensitivity?: string; thresholdType?: number };
    const side = ["above", "below", "above or below"][Number(cmp.thresholdType)] ?? "";
    return `${level} on anomalies (${[cmp.sensitivity, side].filter(Boolean).join(", ")})`;
  }
  return `${level} ${OPS[c.type] ?? c.type} ${show(c.comparison)}`;
}

/** `field: before → after` for what differs between two views. */
export function monitorChanges(before: MonitorView, after: MonitorView): string[] {
  const out: string[] = [];
  const diff = (label: string, a: unknown, b: unknown, fmt = show) => {
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${label}: ${fmt(a)} → ${fmt(b)}`);
  };
  diff("name", before.name, after.name);
  diff("status", before.status, after.status);
  diff("description", before.description, after.description);
  diff("owner", before.owner, after.owner, (o) =>
    o
      ? `${(o as { name?: string }).name ?? ""} (${(o as { type: string }).type}:${(o as { id: string }).id})`.trim()
      : "none",
  );
  const qa = before.query ?? ({} as Record<string, unknown>);
  const qb = after.query ?? ({} as Record<string, unknown>);
  for (const key of ["dataset", "aggregate", "query", "environment", "eventTypes"] as const)
    diff(key, qa[key], qb[key]);
  diff("timeWindow", qa.timeWindowSeconds, qb.timeWindowSeconds, (s) =>
    typeof s === "number" ? compactDuration(s) : "none",
  );
  diff("detection", before.config.detectionType, after.config.detectionType);
  diff(
    "comparisonDelta",
    before.config.comparisonDeltaSeconds,
    after.config.comparisonDeltaSeconds,
    (s) => (typeof s === "number" ? compactDuration(s) : "none"),
  );
  diff(
    "conditions",
    before.conditions,
    after.conditions,
    (c) => `[${(c as MonitorView["conditions"]).map(conditionWords).join(", ")}]`,
  );
  diff("alerts", before.workflowIds, after.workflowIds, (w) =>
    (w as string[]).length ? (w as string[]).join(", ") : "none",
  );
  return out;
}

export interface LoadedMonitor {
  detector: Detector;
  project: string | null;
}

/**
 * Reads a metric monitor before a write: it must exist, be a metric monitor, and belong to the
 * given project (when one is given) and to the session's pins.
 */
export async function loadMonitorForWrite(
  ctx: ToolContext,
  org: string,
  id: string,
  projectSlug?: string,
): Promise<LoadedMonitor> {
  const detector = await getDetector(ctx.client, org, id, ctx.signal).catch(async (error) => {
    if (!isNotFound(error)) throw error;
    if (await lacksWorkflowApi(ctx.client, org, ctx.signal)) {
      throw new ApiError(
        "not_found",
        404,
        "This Sentry does not have metric monitors (it predates them)",
        "This Sentry does not have metric monitors (it predates them); change its metric alert rules in Sentry.",
      );
    }
    throw new UserInputError(
      `No metric monitor ${id} in ${org} (wrong ID, or already deleted); find_metric_monitors lists them.`,
    );
  });
  if (detector.type !== "metric_issue") {
    throw new UserInputError(
      `Monitor ${id} is not a metric monitor (type ${detector.type}); find_metric_monitors lists metric monitors.`,
    );
  }
  const dir = await loadDirectory(ctx, org, { projects: true });
  const project = detector.projectId
    ? (dir.project(detector.projectId) ?? detector.projectId)
    : null;
  assertWithinPins(ctx, org, project ?? undefined);
  if (projectSlug && project && projectSlug.toLowerCase() !== project.toLowerCase()) {
    throw new UserInputError(
      `Metric monitor ${id} belongs to project ${project}, not ${projectSlug}; projectSlug only scopes the call, it does not move the monitor.`,
    );
  }
  return { detector, project };
}
