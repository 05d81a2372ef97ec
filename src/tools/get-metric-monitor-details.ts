import { z } from "zod";
import { ApiError } from "../errors.js";
import { inlineCode } from "../format/markdown.js";
import { defineTool } from "./define.js";
import { isNotFound, lacksWorkflowApi } from "./support/alert-load.js";
import { datasetLabel, snubaQueryOf } from "./support/detector-format.js";
import { loadMetricMonitor } from "./support/metric-monitor.js";
import { organizationSlug } from "./support/params.js";
import { hintLine } from "./support/tool-hint.js";

/** search_events' dataset for what a monitor counts. */
function searchDataset(label: string | undefined): string {
  if (label === "spans" || label === "transactions") return "spans";
  if (label === "logs" || label === "metrics") return label;
  return "errors";
}

export default defineTool({
  name: "get_metric_monitor_details",
  title: "Get Metric Monitor Details",
  description:
    "Configuration and state of a metric monitor (the detector behind a metric alert issue): dataset, aggregate, query, interval, environment, thresholds, owner and who is notified.",
  inputSchema: {
    organizationSlug,
    monitorId: z
      .string()
      .trim()
      .regex(/^\d+$/, "must be a numeric monitor ID")
      .describe(
        "Numeric metric monitor (detector) ID, e.g. from get_issue_details of a metric issue",
      ),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage"],
  requiredScopes: ["org:read", "project:read"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const monitor = await loadMetricMonitor(ctx, org, params.monitorId).catch(async (error) => {
      if (isNotFound(error) && (await lacksWorkflowApi(ctx.client, org, ctx.signal))) {
        throw new ApiError(
          "not_found",
          404,
          "This Sentry does not have metric monitors (it predates them)",
          "This Sentry does not have metric monitors (it predates them); find_alert_rules with kind metric lists its metric alert rules",
        );
      }
      throw error;
    });
    const d = monitor.detector;
    const q = snubaQueryOf(d);
    const notes = [
      ...(d.latestGroup
        ? hintLine(ctx, "The monitor's latest issue", "get_issue_details", {
            organizationSlug: org,
            issueId: d.latestGroup.shortId ?? d.latestGroup.id,
          })
        : []),
      ...(q
        ? hintLine(ctx, "The data it watches", "search_events", {
            organizationSlug: org,
            dataset: searchDataset(datasetLabel(q.dataset, q.eventTypes)),
            query: q.query ?? "",
            fields: q.aggregate ? [q.aggregate] : undefined,
            projectSlug: monitor.projectSlug,
            environment: q.environment ?? undefined,
          })
        : []),
    ];
    const lines = [`# Metric Monitor in **${inlineCode(org)}**`, "", ...monitor.lines];
    if (notes.length) lines.push("## Response Notes", "", ...notes);
    return lines.join("\n").trimEnd();
  },
});
