import { inlineCode } from "../format/markdown.js";
import { getDashboard } from "../sentry-api/dashboards.js";
import { defineTool } from "./define.js";
import { dashboardUrl } from "./find-dashboards.js";
import { dashboardHeader, widgetLines } from "./support/dashboard-format.js";
import { resolveDashboardId } from "./support/dashboard-ref.js";
import { loadDirectory } from "./support/org-directory.js";
import { dashboardIdOrTitle, organizationSlug } from "./support/params.js";

/** Widgets beyond this are listed by title only. */
const MAX_WIDGETS = 25;

export default defineTool({
  name: "get_dashboard_details",
  title: "Get Dashboard Details",
  description:
    "One dashboard's widgets with their queries in words: display type, dataset, fields and aggregates, conditions, grouping and sort, plus the dashboard's filters.",
  // Our names before 0.39.0 parity, still taken (never listed).
  aliases: { dashboardId: "dashboardIdOrTitle" },
  inputSchema: {
    organizationSlug,
    dashboardIdOrTitle,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect"],
  requiredScopes: ["org:read"],
  // Organization-wide: a project pin cannot bound it, so it is hidden under one.
  hideWhenPinned: "project",
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const id = await resolveDashboardId(ctx, org, params.dashboardIdOrTitle);
    const d = await getDashboard(ctx.client, org, id, ctx.signal);
    const dir = await loadDirectory(ctx, org, { projects: !!d.projects?.length });
    const projects = (d.projects ?? []).filter((p) => p !== "-1").map((p) => dir.project(p) ?? p);
    const widgets = d.widgets ?? [];
    const lines = [
      `# Dashboard in **${inlineCode(org)}**`,
      "",
      ...dashboardHeader(d, { url: dashboardUrl(ctx.client, org, d.id), projects }),
      `## Widgets (${widgets.length})`,
      "",
    ];
    if (widgets.length === 0) lines.push("This dashboard has no widgets.", "");
    for (const w of widgets.slice(0, MAX_WIDGETS)) lines.push(...widgetLines(w));
    if (widgets.length > MAX_WIDGETS) {
      const more = widgets.slice(MAX_WIDGETS);
      const titled = more.flatMap((w) => (w.title ? [inlineCode(w.title)] : []));
      lines.push(
        `…and ${more.length} more widgets${titled.length ? `: ${titled.join(", ")}` : ""}${titled.length && titled.length < more.length ? ` and ${more.length - titled.length} untitled` : ""}`,
        "",
      );
    }
    return lines.join("\n").trimEnd();
  },
});
