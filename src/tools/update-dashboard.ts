import { z } from "zod";
import { UserInputError } from "../errors.js";
import { type DashboardPayload, updateDashboard } from "../sentry-api/dashboards.js";
import { defineTool, structuredResult } from "./define.js";
import { loadDashboard } from "./support/dashboard-ref.js";
import { dashboardChanges, dashboardViewSchema } from "./support/dashboard-view.js";
import {
  changedWidgetPayload,
  existingWidgetPayload,
  findWidget,
  newWidgetPayload,
  placer,
  WIDGET_SHAPE,
  widgetChange,
  widgetInput,
} from "./support/dashboard-widgets.js";
import { dashboardIntent, projectIds, viewOf } from "./support/dashboard-write.js";
import { dashboardIdOrTitle, organizationSlug, period } from "./support/params.js";
import { guardWrite } from "./support/write-errors.js";

const output = z.object({
  organization: z.string(),
  changed: z.boolean(),
  summary: z.string(),
  changes: z.array(z.string()),
  before: dashboardViewSchema,
  after: dashboardViewSchema,
});

const CHANGES = [
  "title",
  "addWidgets",
  "updateWidgets",
  "removeWidgets",
  "projectSlugs",
  "environments",
  "period",
] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export default defineTool({
  name: "update_dashboard",
  title: "Update Dashboard",
  description:
    "Change a custom dashboard: add, change or remove single widgets (the others stay as they are), rename it, or change its saved projects, environments or period. Answers before → after.",
  inputSchema: {
    organizationSlug,
    dashboardIdOrTitle,
    title: z.string().trim().min(1).max(255).optional().describe("New title"),
    addWidgets: z
      .array(widgetInput)
      .max(30)
      .optional()
      .describe(`Widgets to add at the bottom, each ${WIDGET_SHAPE}`),
    updateWidgets: z
      .array(widgetChange)
      .max(30)
      .optional()
      .describe(
        "Each {widget: ID or exact title, then only the keys to change, as in addWidgets; title renames}",
      ),
    removeWidgets: z
      .array(z.string().trim().min(1).max(255))
      .max(30)
      .optional()
      .describe("Widget IDs or exact titles to remove"),
    projectSlugs: z
      .array(z.string().trim().min(1).max(100))
      .max(50)
      .optional()
      .describe("Saved project filter; [] clears it"),
    environments: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
    period: period.describe("Saved time range like 24h or 14d"),
  },
  outputSchema: output,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: true,
  },
  skills: ["project-management"],
  requiredScopes: ["org:read"],
  // Dashboards are organization-wide: a project pin cannot bound them, so it is hidden under one.
  hideWhenPinned: "project",
  async handler(params, ctx) {
    const org = params.organizationSlug;
    if (CHANGES.every((key) => params[key] === undefined))
      throw new UserInputError(`Pass at least one change: ${CHANGES.join(", ")}.`);
    const current = await loadDashboard(ctx, org, params.dashboardIdOrTitle);
    const existing = current.widgets ?? [];
    const removed = new Set((params.removeWidgets ?? []).map((r) => findWidget(existing, r).id));
    const changes = new Map(
      (params.updateWidgets ?? []).map((c) => [findWidget(existing, c.widget).id, c]),
    );
    for (const id of changes.keys())
      if (removed.has(id))
        throw new UserInputError(`Widget ${id} is both changed and removed; pick one.`);
    const kept = existing.filter((w) => !removed.has(w.id));
    const place = placer(kept);
    const widgets = [
      ...kept.map((w) => {
        const change = changes.get(w.id);
        return change ? changedWidgetPayload(w, change) : existingWidgetPayload(w);
      }),
      ...(params.addWidgets ?? []).map((w) => newWidgetPayload(w, place)),
    ];
    const projects = await projectIds(ctx, org, params.projectSlugs);

    const payload: DashboardPayload = {};
    if (params.title !== undefined && params.title !== current.title) payload.title = params.title;
    if (!same(widgets, existing.map(existingWidgetPayload))) payload.widgets = widgets;
    const currentProjects = (current.projects ?? []).map(Number).filter((p) => p !== -1);
    if (projects && !same([...projects].sort(), [...currentProjects].sort()))
      payload.projects = projects;
    if (params.environments && !same(params.environments, current.environment ?? []))
      payload.environment = params.environments;
    if (params.period !== undefined && params.period !== (current.period ?? undefined))
      payload.period = params.period;

    const before = await viewOf(ctx, org, current);
    let after = before;
    if (Object.keys(payload).length > 0) {
      const updated = await guardWrite(
        dashboardIntent(`update dashboard ${current.id}`, payload.widgets ?? []),
        () => updateDashboard(ctx.client, org, current.id, payload, ctx.signal),
      );
      after = await viewOf(ctx, org, updated);
    }
    const list = dashboardChanges(before, after);
    return structuredResult({
      organization: org,
      changed: list.length > 0,
      summary: list.length
        ? `Updated dashboard ${JSON.stringify(after.title)}: ${list.length} change${list.length === 1 ? "" : "s"}.`
        : `Nothing to change: dashboard ${JSON.stringify(before.title)} already looks like this.`,
      changes: list,
      before,
      after,
    });
  },
});
