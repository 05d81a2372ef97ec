import { z } from "zod";
import { formatDate } from "../format/dates.js";
import { inlineCode, text } from "../format/markdown.js";
import { listDashboards } from "../sentry-api/dashboards.js";
import { defineTool } from "./define.js";
import { displayLabel } from "./support/dashboard-format.js";
import { loadDirectory } from "./support/org-directory.js";
import { cursor, organizationSlug, query } from "./support/params.js";
import { cursorArg, hintLine } from "./support/tool-hint.js";

export function dashboardUrl(
  client: { orgWebPath(org: string, rest: string): string },
  org: string,
  id: string,
): string {
  return client.orgWebPath(org, `/dashboard/${encodeURIComponent(id)}/`);
}

export default defineTool({
  name: "find_dashboards",
  title: "Find Dashboards",
  description: "List an organization's custom dashboards with their widget types and projects.",
  // Our names before 0.39.0 parity, still taken (never listed).
  aliases: { query: "titleQuery" },
  inputSchema: {
    organizationSlug,
    titleQuery: query.describe("Title contains this"),
    sort: z
      .enum(["title", "-title", "dateCreated", "-dateCreated"])
      .default("title")
      .describe("Order; - for descending"),
    cursor,
    limit: z.number().int().min(1).max(100).default(25).describe("Dashboards per page (1-100)"),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect"],
  requiredScopes: ["org:read"],
  // Organization-wide: a project pin cannot bound it, so it is hidden under one.
  hideWhenPinned: "project",
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const page = await listDashboards(ctx.client, org, {
      query: params.titleQuery,
      sort: params.sort,
      cursor: params.cursor,
      perPage: params.limit,
      signal: ctx.signal,
    });
    const lines = [`# Dashboards in **${inlineCode(org)}**`, ""];
    if (page.data.length === 0) {
      lines.push(params.titleQuery ? "No dashboards match this title." : "No custom dashboards.");
      return lines.join("\n");
    }
    const dir = await loadDirectory(ctx, org, {
      projects: page.data.some((d) => d.projects?.length),
    });
    for (const d of page.data) {
      const widgets = d.widgetDisplay ?? [];
      const kinds = [...new Set(widgets.map((w) => displayLabel(w).toLowerCase()))];
      const projects = (d.projects ?? []).map((p) => dir.project(p) ?? p);
      const creator = d.createdBy?.name ?? d.createdBy?.email;
      const facts = [
        `**ID**: ${d.id}`,
        `**Widgets**: ${widgets.length}${kinds.length ? ` (${kinds.join(", ")})` : ""}`,
        `**Projects**: ${projects.length ? projects.map(inlineCode).join(", ") : "all"}`,
        d.environment?.length
          ? `**Environments**: ${d.environment.map(inlineCode).join(", ")}`
          : undefined,
        creator ? `**Created by**: ${text(creator)}` : undefined,
        d.lastVisited ? `**Last viewed**: ${formatDate(d.lastVisited)}` : undefined,
        d.isFavorited ? "**Starred**" : undefined,
      ].filter(Boolean);
      lines.push(
        `### ${text(d.title)}`,
        "",
        facts.join(" · "),
        `**URL**: ${dashboardUrl(ctx.client, org, d.id)}`,
        "",
      );
    }
    const notes = hintLine(ctx, "Widgets and their queries", "get_dashboard_details", {
      organizationSlug: org,
      dashboardIdOrTitle: page.data[0].id,
    });
    if (page.nextCursor)
      notes.push(
        `- More dashboards: pass ${cursorArg(page.nextCursor)} with the same titleQuery and sort.`,
      );
    if (notes.length) lines.push("## Response Notes", "", ...notes);
    return lines.join("\n").trimEnd();
  },
});
