import { z } from "zod";
import { deleteDetector } from "../sentry-api/detectors.js";
import { defineTool, structuredResult } from "./define.js";
import { DETECTOR_FIELD_FIXES, monitorIdParam } from "./support/metric-monitor-params.js";
import {
  loadMonitorForWrite,
  monitorView,
  monitorViewSchema,
} from "./support/metric-monitor-view.js";
import { organizationSlug, projectSlug } from "./support/params.js";
import { guardWrite } from "./support/write-errors.js";

const output = z.object({
  organization: z.string(),
  changed: z.boolean(),
  summary: z.string(),
  deleted: monitorViewSchema.describe("The monitor as it was before deletion"),
});

export default defineTool({
  name: "delete_metric_monitor",
  title: "Delete Metric Monitor",
  description:
    "Delete (remove) a metric monitor, such as a p95 latency or error count alert, for good; its connected alerts stay. To pause it instead, use update_metric_monitor with status disabled.",
  inputSchema: {
    organizationSlug,
    projectSlug: projectSlug.optional().describe("Project the monitor belongs to (a check)"),
    monitorId: monitorIdParam,
  },
  outputSchema: output,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: true,
  },
  skills: ["project-management"],
  requiredScopes: ["org:read", "project:read", "alerts:write"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const { detector, project } = await loadMonitorForWrite(
      ctx,
      org,
      params.monitorId,
      params.projectSlug,
    );
    const before = monitorView(ctx.client, org, detector, project);
    await guardWrite(
      {
        action: `delete metric monitor ${params.monitorId}`,
        scope: "alerts:write",
        skill: "project-management",
        fields: DETECTOR_FIELD_FIXES,
        notFound: `Metric monitor ${params.monitorId} is already gone.`,
      },
      () => deleteDetector(ctx.client, org, params.monitorId, ctx.signal),
    );
    const alerts = before.workflowIds.length
      ? before.workflowIds.length > 1
        ? ` Its alerts ${before.workflowIds.join(", ")} remain.`
        : ` Its alert ${before.workflowIds[0]} remains.`
      : "";
    return structuredResult({
      organization: org,
      changed: true,
      summary: `Deleted metric monitor ${before.name} (ID ${before.id})${project ? ` from ${project}` : ""}.${alerts}`,
      deleted: before,
    });
  },
});
