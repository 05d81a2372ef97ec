import { z } from "zod";
import { inlineCode } from "../format/markdown.js";
import { listMonitors } from "../sentry-api/monitors.js";
import { defineTool } from "./define.js";
import { monitorEntry } from "./support/monitor-format.js";
import { cursor, monitorOwner, organizationSlug, projectSlug, query } from "./support/params.js";
import { cursorArg, hintLine } from "./support/tool-hint.js";

export function monitorUrl(
  client: { orgWebPath(org: string, rest: string): string },
  org: string,
  project: string | undefined,
  slug: string,
): string {
  const path = project
    ? `/crons/${encodeURIComponent(project)}/${encodeURIComponent(slug)}/`
    : `/crons/?query=${encodeURIComponent(slug)}`;
  return client.orgWebPath(org, path);
}

export default defineTool({
  name: "find_monitors",
  title: "Find Cron Monitors",
  description:
    "List cron monitors (scheduled jobs) with their schedule and per-environment status: failing, missed or ok, last and next check-in.",
  inputSchema: {
    organizationSlug,
    projectSlug: projectSlug.optional().describe("Only monitors of this project"),
    query: query.describe("Filter by monitor name or slug"),
    environment: z.string().trim().min(1).max(64).optional().describe("e.g. production"),
    owner: monitorOwner,
    cursor,
    limit: z.number().int().min(1).max(100).default(25).describe("Monitors per page (1-100)"),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage"],
  requiredScopes: ["org:read", "project:read"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const page = await listMonitors(ctx.client, org, {
      query: params.query,
      projects: params.projectSlug ? [params.projectSlug] : undefined,
      environments: params.environment ? [params.environment] : undefined,
      owner: params.owner,
      cursor: params.cursor,
      perPage: params.limit,
      signal: ctx.signal,
    });
    const scope = params.projectSlug ? `${org}/${params.projectSlug}` : org;
    const lines = [`# Cron Monitors in **${inlineCode(scope)}**`, ""];
    if (page.data.length === 0) {
      lines.push("No cron monitors found.");
      return lines.join("\n");
    }
    for (const m of page.data)
      lines.push(...monitorEntry(m, monitorUrl(ctx.client, org, m.project?.slug, m.slug)));
    const failing = page.data.find((m) => m.environments.some((e) => e.status === "error"));
    const notes = [
      ...hintLine(ctx, "Check-ins and stats of a monitor", "get_monitor_details", {
        organizationSlug: org,
        monitorSlug: (failing ?? page.data[0]).slug,
      }),
    ];
    if (page.nextCursor)
      notes.push(`- More monitors: pass ${cursorArg(page.nextCursor)} with the same filters.`);
    if (notes.length) lines.push("## Response Notes", "", ...notes);
    return lines.join("\n").trimEnd();
  },
});
