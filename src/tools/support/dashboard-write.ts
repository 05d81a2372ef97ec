/** What the dashboard write tools share: refusal fixes per field, project slugs, the view. */

import { UserInputError } from "../../errors.js";
import { truncate } from "../../format/markdown.js";
import type { Dashboard, WidgetPayload } from "../../sentry-api/dashboards.js";
import { listProjects } from "../../sentry-api/projects.js";
import { dashboardUrl } from "../find-dashboards.js";
import type { ToolContext } from "../types.js";
import { type DashboardView, dashboardView } from "./dashboard-view.js";
import { DISPLAY_TYPES, WIDGET_DATASETS } from "./dashboard-widgets.js";
import type { WriteIntent } from "./write-errors.js";

const WIDGET_FIXES: Record<string, string> = {
  displayType: `Use one of ${DISPLAY_TYPES.join(", ")}.`,
  widgetType: `Pick dataset from ${Object.keys(WIDGET_DATASETS).join(", ")}.`,
  limit: "Use 1 to 10.",
  interval: "Use a period like 5m, 1h or 1d.",
  title: "Give the widget a title (1-255 characters).",
  queries:
    "Check the field names and search syntax; search_events with the same dataset tries them.",
};

/**
 * The write's intent for guardWrite. Sentry names a widget's field by its index
 * (`widgets.1.displayType`); the fix names the widget by title.
 */
export function dashboardIntent(action: string, widgets: WidgetPayload[] = []): WriteIntent {
  const fields: Record<string, string> = {
    title: "Pass a dashboard title of 1-255 characters.",
    projects: "Pass project slugs of this organization (find_projects lists them).",
  };
  widgets.forEach((w, i) => {
    // titles may come from Sentry (update, duplicate): bounded so an error stays short
    const name = `(widget ${JSON.stringify(truncate(w.title, 80))})`;
    for (const [field, fix] of Object.entries(WIDGET_FIXES))
      fields[`widgets.${i}.${field}`] = `${name} ${fix}`;
    w.queries.forEach((_, j) => {
      for (const field of ["fields", "conditions", "orderby", "aggregates", "columns"])
        fields[`widgets.${i}.queries.${j}.${field}`] = `${name} ${WIDGET_FIXES.queries}`;
    });
  });
  return {
    action,
    scope: "org:read",
    skill: "project-management",
    fields,
    conflict:
      "Pick another title (find_dashboards lists the taken ones), or change that dashboard with update_dashboard.",
  };
}

/** Project slugs → Sentry's numeric project IDs; an unknown slug is an input error. */
export async function projectIds(
  ctx: ToolContext,
  org: string,
  slugs: string[] | undefined,
): Promise<number[] | undefined> {
  if (!slugs) return undefined;
  if (slugs.length === 0) return [];
  const page = await listProjects(ctx.client, org, { perPage: 100, signal: ctx.signal });
  return slugs.map((slug) => {
    const p = page.data.find((x) => x.slug === slug || x.id === slug);
    if (!p)
      throw new UserInputError(
        `No project ${JSON.stringify(slug)} in ${org}. Projects: ${page.data.map((x) => x.slug).join(", ")}.`,
      );
    return Number(p.id);
  });
}

/** The dashboard as reported, with project IDs as slugs. */
export async function viewOf(ctx: ToolContext, org: string, d: Dashboard): Promise<DashboardView> {
  const ids = (d.projects ?? []).filter((p) => p !== "-1");
  const slugs = new Map<string, string>();
  if (ids.length) {
    const page = await listProjects(ctx.client, org, { perPage: 100, signal: ctx.signal }).catch(
      () => undefined,
    );
    for (const p of page?.data ?? []) slugs.set(p.id, p.slug);
  }
  return dashboardView(d, dashboardUrl(ctx.client, org, d.id), (id) => slugs.get(id));
}
