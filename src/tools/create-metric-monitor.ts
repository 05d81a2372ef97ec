import { z } from "zod";
import { createDetector, listDetectorsOfType } from "../sentry-api/detectors.js";
import { getProject } from "../sentry-api/projects.js";
import { defineTool, structuredResult } from "./define.js";
import {
  conditionsWrite,
  createFields,
  DETECTOR_FIELD_FIXES,
  type DetectorWrite,
  detectionWrite,
  queryWrite,
} from "./support/metric-monitor-params.js";
import { monitorView, monitorViewSchema } from "./support/metric-monitor-view.js";
import { organizationSlug, projectSlug } from "./support/params.js";
import { guardWrite } from "./support/write-errors.js";

const output = z.object({
  organization: z.string(),
  changed: z.boolean(),
  summary: z.string(),
  monitor: monitorViewSchema,
});

/** The parts of a monitor that make two of the same name the same monitor. */
const sameDefinition = (a: z.output<typeof monitorViewSchema>, b: DetectorWrite) =>
  JSON.stringify([
    a.query && { ...a.query, timeWindow: a.query.timeWindowSeconds, timeWindowSeconds: undefined },
    a.config,
    a.conditions,
  ]) ===
  JSON.stringify([
    b.dataSources?.[0] && {
      dataset: b.dataSources[0].dataset,
      aggregate: b.dataSources[0].aggregate,
      query: b.dataSources[0].query,
      environment: b.dataSources[0].environment,
      eventTypes: b.dataSources[0].eventTypes,
      timeWindow: b.dataSources[0].timeWindow,
    },
    { detectionType: b.config?.detectionType, comparisonDeltaSeconds: b.config?.comparisonDelta },
    b.conditionGroup?.conditions,
  ]);

export default defineTool({
  name: "create_metric_monitor",
  title: "Create Metric Monitor",
  description:
    "Create a metric monitor (metric alert) that pages or notifies a team when a number goes above or below a threshold: error count spikes, p95 latency too slow, log volume, crash rate. Detection: static threshold, percent change against an earlier period, or dynamic anomalies. Windows and deltas in seconds; workflowIds connects existing alerts.",
  inputSchema: { organizationSlug, projectSlug, ...createFields },
  outputSchema: output,
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: true,
  },
  skills: ["project-management"],
  requiredScopes: ["org:read", "project:read", "alerts:write"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const conditions = conditionsWrite(params.conditionGroup.conditions);
    const body: DetectorWrite = {
      type: "metric_issue",
      name: params.name,
      ...(params.description !== undefined ? { description: params.description } : {}),
      ...(params.owner !== undefined ? { owner: params.owner } : {}),
      config: detectionWrite(params.config, conditions),
      conditionGroup: { logicType: params.conditionGroup.logicType, conditions },
      dataSources: [queryWrite(params.query)],
      workflowIds: params.workflowIds,
    };
    // Already there? A monitor of this name in this project with the same query and thresholds.
    const project = await getProject(ctx.client, org, params.projectSlug, ctx.signal);
    const existing = await listDetectorsOfType(ctx.client, org, {
      type: "metric_issue",
      projectId: project.id,
      query: `name:${JSON.stringify(params.name)}`,
      perPage: 100,
      signal: ctx.signal,
    });
    const twin = existing.data
      .filter((d) => d.name.toLowerCase() === params.name.toLowerCase())
      .map((d) => monitorView(ctx.client, org, d, project.slug))
      .find((v) => sameDefinition(v, body));
    if (twin) {
      return structuredResult({
        organization: org,
        changed: false,
        summary: `Already exists: metric monitor ${twin.name} (ID ${twin.id}) in ${project.slug} has this query and these thresholds; nothing created.`,
        monitor: twin,
      });
    }
    const created = await guardWrite(
      {
        action: `create metric monitor "${params.name}" in ${params.projectSlug}`,
        scope: "alerts:write",
        skill: "project-management",
        fields: DETECTOR_FIELD_FIXES,
      },
      () => createDetector(ctx.client, org, params.projectSlug, body, ctx.signal),
    );
    const monitor = monitorView(ctx.client, org, created, project.slug);
    const alerts = monitor.workflowIds.length
      ? `connected to alert${monitor.workflowIds.length > 1 ? "s" : ""} ${monitor.workflowIds.join(", ")}`
      : "not connected to any alert yet, so nobody is notified (update_metric_monitor with workflowIds connects one)";
    return structuredResult({
      organization: org,
      changed: true,
      summary: `Created metric monitor ${monitor.name} (ID ${monitor.id}) in ${project.slug}, active, ${alerts}.`,
      monitor,
    });
  },
});
