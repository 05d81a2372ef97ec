import { z } from "zod";
import { ApiError } from "../errors.js";
import { inlineCode } from "../format/markdown.js";
import { listDetectorsOfType } from "../sentry-api/detectors.js";
import { getProject } from "../sentry-api/projects.js";
import { defineTool } from "./define.js";
import { detectorUrl, directoryFor, isNotFound, lacksWorkflowApi } from "./support/alert-load.js";
import { formatDetectorEntry } from "./support/detector-format.js";
import { organizationSlug, projectSlug } from "./support/params.js";
import { cursorArg, hintLine } from "./support/tool-hint.js";

export default defineTool({
  name: "find_metric_monitors",
  title: "Find Metric Monitors",
  description:
    "List metric monitors: the metric alerts that watch error counts, latency, logs, metrics or crash rates, with query, thresholds and IDs. Filter by project or monitor name.",
  inputSchema: {
    organizationSlug,
    projectSlug: projectSlug
      .optional()
      .describe("Only this project's monitors ('all' for every project)"),
    query: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .optional()
      .describe('Monitor name search, e.g. latency or name:"High error rate"'),
    cursor: z.string().trim().min(1).max(200).optional().describe("Cursor from a previous page"),
    limit: z.number().int().min(1).max(100).default(10).describe("Monitors per page (1-100)"),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect"],
  requiredScopes: ["org:read", "project:read"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const slug = params.projectSlug === "all" ? undefined : params.projectSlug;
    const project = slug ? await getProject(ctx.client, org, slug, ctx.signal) : undefined;
    const page = await listDetectorsOfType(ctx.client, org, {
      type: "metric_issue",
      projectId: project?.id,
      query: params.query,
      cursor: params.cursor,
      perPage: params.limit,
      signal: ctx.signal,
    }).catch(async (error) => {
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
    // Sentry filters by type and project; keep the guarantee when an older one ignores a filter.
    const monitors = page.data.filter(
      (d) => d.type === "metric_issue" && (!project || d.projectId === project.id),
    );
    const dir = await directoryFor(ctx, org, [], monitors);
    const scope = project ? `${org}/${project.slug}` : org;
    const lines = [`# Metric Monitors in **${inlineCode(scope)}**`, ""];
    if (monitors.length === 0) lines.push("No metric monitors found.", "");
    for (const d of monitors)
      lines.push(...formatDetectorEntry(d, { dir, url: detectorUrl(ctx.client, org, d.id) }));
    const notes = [
      ...(monitors.length
        ? hintLine(ctx, "Full configuration and who is notified", "get_metric_monitor_details", {
            organizationSlug: org,
            monitorId: monitors[0].id,
          })
        : []),
      ...(page.nextCursor
        ? [`- More monitors: pass ${cursorArg(page.nextCursor)} with the same filters.`]
        : []),
    ];
    if (notes.length) lines.push("## Response Notes", "", ...notes);
    return lines.join("\n").trimEnd();
  },
});
