import { z } from "zod";
import { createDashboard } from "../sentry-api/dashboards.js";
import { defineTool, structuredResult } from "./define.js";
import { dashboardViewSchema } from "./support/dashboard-view.js";
import {
  newWidgetPayload,
  placer,
  WIDGET_SHAPE,
  widgetInput,
} from "./support/dashboard-widgets.js";
import { dashboardIntent, projectIds, viewOf } from "./support/dashboard-write.js";
import { organizationSlug, period } from "./support/params.js";
import { guardWrite } from "./support/write-errors.js";

const output = z.object({
  organization: z.string(),
  changed: z.boolean(),
  summary: z.string(),
  dashboard: dashboardViewSchema,
});

export default defineTool({
  name: "create_dashboard",
  title: "Create Dashboard",
  description:
    "Create a custom dashboard with widgets (charts, tables, big numbers) over errors, spans, logs, issues or metrics. One widget needs only a title and conditions; defaults: count() as a line chart of errors.",
  inputSchema: {
    organizationSlug,
    title: z.string().trim().min(1).max(255).describe("Dashboard title (unique in the org)"),
    widgets: z
      .array(widgetInput)
      .max(30)
      .default([])
      .describe(`Widgets in order, each ${WIDGET_SHAPE}`),
    projectSlugs: z
      .array(z.string().trim().min(1).max(100))
      .max(50)
      .optional()
      .describe("Saved project filter; default all projects"),
    environments: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
    period: period.describe("Saved time range like 24h or 14d"),
  },
  outputSchema: output,
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  skills: ["project-management"],
  requiredScopes: ["org:read"],
  // Dashboards are organization-wide: a project pin cannot bound them, so it is hidden under one.
  hideWhenPinned: "project",
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const place = placer([]);
    const widgets = params.widgets.map((w) => newWidgetPayload(w, place));
    const projects = await projectIds(ctx, org, params.projectSlugs);
    const created = await guardWrite(
      dashboardIntent(`create dashboard ${JSON.stringify(params.title)}`, widgets),
      () =>
        createDashboard(
          ctx.client,
          org,
          {
            title: params.title,
            widgets,
            ...(projects ? { projects } : {}),
            ...(params.environments ? { environment: params.environments } : {}),
            ...(params.period ? { period: params.period } : {}),
          },
          ctx.signal,
        ),
    );
    const dashboard = await viewOf(ctx, org, created);
    const n = dashboard.widgets.length;
    return structuredResult({
      organization: org,
      changed: true,
      summary: `Created dashboard ${JSON.stringify(dashboard.title)} (ID ${dashboard.id}) with ${n} widget${n === 1 ? "" : "s"}.`,
      dashboard,
    });
  },
});
