import { z } from "zod";
import { UserInputError } from "../errors.js";
import { updateDetector } from "../sentry-api/detectors.js";
import { ConditionGroupSchema } from "../sentry-api/workflows.js";
import { defineTool, structuredResult } from "./define.js";
import {
  conditionsWrite,
  DETECTOR_FIELD_FIXES,
  type DetectorWrite,
  detectionWrite,
  mergedQuery,
  monitorIdParam,
  updateFields,
} from "./support/metric-monitor-params.js";
import {
  loadMonitorForWrite,
  monitorChanges,
  monitorView,
  monitorViewSchema,
} from "./support/metric-monitor-view.js";
import { organizationSlug, projectSlug } from "./support/params.js";
import { guardWrite } from "./support/write-errors.js";

const output = z.object({
  organization: z.string(),
  changed: z.boolean(),
  summary: z.string(),
  changes: z.array(z.string()),
  before: monitorViewSchema,
  after: monitorViewSchema,
});

const FIELDS = [
  "name",
  "description",
  "status",
  "owner",
  "query",
  "config",
  "conditionGroup",
  "workflowIds",
] as const;

export default defineTool({
  name: "update_metric_monitor",
  title: "Update Metric Monitor",
  description:
    "Change a metric monitor (metric alert): raise or lower its threshold, change the query or window, switch detection (static, percent, dynamic), owner, pause it (status disabled) or reconnect alerts (workflowIds replaces the list). conditionGroup replaces all thresholds; omitted fields are kept. Answers before \u2192 after.",
  inputSchema: {
    organizationSlug,
    projectSlug: projectSlug.optional().describe("Project the monitor belongs to (a check)"),
    monitorId: monitorIdParam,
    ...updateFields,
  },
  outputSchema: output,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: true,
  },
  skills: ["project-management"],
  requiredScopes: ["org:read", "project:read", "alerts:write"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    if (FIELDS.every((f) => params[f] === undefined)) {
      throw new UserInputError(`Pass at least one field to change: ${FIELDS.join(", ")}.`);
    }
    const { detector, project } = await loadMonitorForWrite(
      ctx,
      org,
      params.monitorId,
      params.projectSlug,
    );
    const before = monitorView(ctx.client, org, detector, project);
    const body: DetectorWrite = {};
    if (params.name !== undefined) body.name = params.name;
    if (params.description !== undefined) body.description = params.description;
    if (params.owner !== undefined) body.owner = params.owner;
    if (params.status !== undefined) body.enabled = params.status === "active";
    if (params.workflowIds !== undefined) body.workflowIds = [...new Set(params.workflowIds)];
    if (params.query !== undefined) body.dataSources = [mergedQuery(detector, params.query)];
    if (params.config !== undefined || params.conditionGroup !== undefined) {
      const current = detector.config ?? {};
      if (
        params.config?.detectionType !== undefined &&
        params.config.detectionType !== current.detectionType &&
        params.conditionGroup === undefined
      ) {
        throw new UserInputError(
          `Changing detection from ${String(current.detectionType ?? "static")} to ${params.config.detectionType} needs a matching conditionGroup (get_metric_monitor_details shows the current thresholds).`,
        );
      }
      const conditions = params.conditionGroup
        ? conditionsWrite(params.conditionGroup.conditions, true)
        : before.conditions.map((c) => ({
            type: c.type,
            comparison: c.comparison,
            conditionResult: Number(c.conditionResult),
          }));
      body.config = detectionWrite(params.config ?? {}, conditions, current);
      if (params.conditionGroup) {
        const { id } = params.conditionGroup;
        body.conditionGroup = {
          ...(id !== undefined ? { id } : {}),
          logicType: params.conditionGroup.logicType,
          conditions,
        };
      }
    }
    // What would the monitor look like? Nothing to send when that is what it already is.
    const wanted = monitorView(ctx.client, org, preview(detector, body), project);
    const pending = monitorChanges(before, wanted);
    if (pending.length === 0) {
      return structuredResult({
        organization: org,
        changed: false,
        summary: `Nothing to change: metric monitor ${before.name} already has these values.`,
        changes: [],
        before,
        after: before,
      });
    }
    const updated = await guardWrite(
      {
        action: `update metric monitor ${params.monitorId}`,
        scope: "alerts:write",
        skill: "project-management",
        fields: DETECTOR_FIELD_FIXES,
      },
      () => updateDetector(ctx.client, org, params.monitorId, body, ctx.signal),
    );
    const after = monitorView(ctx.client, org, updated, project);
    const changes = monitorChanges(before, after);
    return structuredResult({
      organization: org,
      changed: changes.length > 0,
      summary: changes.length
        ? `Updated metric monitor ${after.name}: ${changes.join("; ")}.`
        : `Sentry kept metric monitor ${after.name} as it was.`,
      changes,
      before,
      after,
    });
  },
});

/** The detector as it would be after `body` (for the already-applied check). */
function preview(
  d: Parameters<typeof monitorView>[2],
  body: DetectorWrite,
): Parameters<typeof monitorView>[2] {
  const source = body.dataSources?.[0];
  return {
    ...d,
    name: body.name ?? d.name,
    description: body.description !== undefined ? body.description : d.description,
    enabled: body.enabled ?? d.enabled,
    owner:
      body.owner === undefined
        ? d.owner
        : body.owner === null
          ? null
          : ownerPreview(body.owner, d.owner),
    workflowIds: body.workflowIds ?? d.workflowIds,
    config: body.config ?? d.config,
    // the write may carry numeric ids; the view takes them as Sentry returns them (strings)
    conditionGroup: body.conditionGroup
      ? ConditionGroupSchema.parse(body.conditionGroup)
      : d.conditionGroup,
    dataSources: source
      ? [{ type: "snuba_query_subscription", queryObj: { snubaQuery: source } }]
      : d.dataSources,
  };
}

/** A `team:1` owner as the detector would show it (the name is known only when unchanged). */
function ownerPreview(ref: string, current: Parameters<typeof monitorView>[2]["owner"]) {
  const [type, id] = ref.split(":");
  if (current && current.type === type && String(current.id) === id) return current;
  return { type, id, name: null, email: null };
}
