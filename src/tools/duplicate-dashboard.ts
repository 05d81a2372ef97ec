import { z } from "zod";
import { createDashboard } from "../sentry-api/dashboards.js";
import { defineTool, structuredResult } from "./define.js";
import { loadDashboard } from "./support/dashboard-ref.js";
import { dashboardViewSchema } from "./support/dashboard-view.js";
import { existingWidgetPayload } from "./support/dashboard-widgets.js";
import { dashboardIntent, viewOf } from "./support/dashboard-write.js";
import { dashboardIdOrTitle, organizationSlug } from "./support/params.js";
import { guardWrite } from "./support/write-errors.js";

const EMPTY_QUERY = {
  name: "",
  fields: [],
  aggregates: [],
  columns: [],
  fieldAliases: [],
  conditions: "",
  orderby: "",
};

const output = z.object({
  organization: z.string(),
  changed: z.boolean(),
  summary: z.string(),
  source: z.object({ id: z.string(), title: z.string() }),
  dashboard: dashboardViewSchema,
});

export default defineTool({
  name: "duplicate_dashboard",
  title: "Duplicate Dashboard",
  description:
    "Copy a custom dashboard with all its widgets and saved filters under a new title, e.g. to try changes without touching the original.",
  inputSchema: {
    organizationSlug,
    dashboardIdOrTitle,
    title: z
      .string()
      .trim()
      .min(1)
      .max(255)
      .optional()
      .describe('Title of the copy; default "<title> copy" (numbered if taken)'),
  },
  outputSchema: output,
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  skills: ["project-management"],
  requiredScopes: ["org:read"],
  // Dashboards are organization-wide: a project pin cannot bound them, so it is hidden under one.
  hideWhenPinned: "project",
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const source = await loadDashboard(ctx, org, params.dashboardIdOrTitle);
    // Widgets go without their IDs so Sentry creates new ones; without a title Sentry itself
    // picks "<title> copy" ("copy 1", "copy 2"... when taken), as its own Duplicate button does.
    const widgets = (source.widgets ?? []).map((w) => {
      const { id: _id, ...rest } = existingWidgetPayload(w);
      const queries = rest.queries.map(({ id: _q, ...q }) => q);
      // Sentry creates no widget without a query; a text widget may have none.
      return { ...rest, queries: queries.length ? queries : [EMPTY_QUERY] };
    });
    const copy = await guardWrite(
      dashboardIntent(`duplicate dashboard ${source.id}`, widgets),
      () =>
        createDashboard(
          ctx.client,
          org,
          {
            title: params.title ?? source.title,
            ...(params.title ? {} : { duplicate: true }),
            widgets,
            projects: (source.projects ?? []).map(Number),
            environment: source.environment ?? [],
            period: source.period ?? null,
            ...(source.filters ? { filters: source.filters } : {}),
          },
          ctx.signal,
        ),
    );
    const dashboard = await viewOf(ctx, org, copy);
    return structuredResult({
      organization: org,
      changed: true,
      summary: `Copied dashboard ${JSON.stringify(source.title)} (ID ${source.id}) to ${JSON.stringify(dashboard.title)} (ID ${dashboard.id}) with ${dashboard.widgets.length} widgets.`,
      source: { id: source.id, title: source.title },
      dashboard,
    });
  },
});
