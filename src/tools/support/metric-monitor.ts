/** Loads and formats one metric monitor (a `metric_issue` detector) with its notifications. */

import { UserInputError } from "../../errors.js";
import { type Detector, getDetector } from "../../sentry-api/workflows.js";
import type { ToolContext } from "../types.js";
import { connectedWorkflows, detectorUrl, directoryFor } from "./alert-load.js";
import { assertWithinPins } from "./constraints.js";
import { formatDetectorDetails } from "./detector-format.js";
import { monitorKind } from "./workflow-format.js";

export interface MetricMonitor {
  detector: Detector;
  projectSlug?: string;
  lines: string[];
}

export async function loadMetricMonitor(
  ctx: ToolContext,
  org: string,
  id: string,
): Promise<MetricMonitor> {
  const d = await getDetector(ctx.client, org, id, ctx.signal);
  if (d.type !== "metric_issue") {
    const kind = monitorKind(d.type);
    throw new UserInputError(
      `Monitor ${id} is not a metric monitor (it is ${/^[aeiou]/.test(kind) ? "an" : "a"} ${kind}).`,
    );
  }
  const workflows = await connectedWorkflows(ctx, org, d).catch(() => []);
  const dir = await directoryFor(ctx, org, workflows, [d]);
  const projectSlug = d.projectId ? dir.project(d.projectId) : undefined;
  assertWithinPins(ctx, org, projectSlug);
  return {
    detector: d,
    projectSlug,
    lines: formatDetectorDetails(d, { dir, workflows, url: detectorUrl(ctx.client, org, d.id) }),
  };
}
