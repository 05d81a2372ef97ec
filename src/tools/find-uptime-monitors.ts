import { z } from "zod";
import { listUptimeMonitors } from "../sentry-api/uptime.js";
import { defineTool, structuredResult } from "./define.js";
import { cursor, monitorOwner, organizationSlug, projectSlug, query } from "./support/params.js";
import { uptimeMonitorSchema, uptimeMonitorView } from "./support/uptime-monitors.js";

const output = z.object({
  organization: z.string(),
  monitors: z.array(uptimeMonitorSchema),
  nextCursor: z.string().nullable(),
});

export default defineTool({
  name: "find_uptime_monitors",
  title: "Find Uptime Monitors",
  description:
    "List uptime monitors (HTTP checks) of an organization or one project: checked URL, interval, up/down, owner.",
  inputSchema: {
    organizationSlug,
    projectSlug: projectSlug.optional().describe("Only this project's monitors"),
    environment: z.string().trim().min(1).max(64).optional().describe("Only this environment"),
    owner: monitorOwner,
    query: query.describe("Filter by name or URL"),
    cursor,
    limit: z.number().int().min(1).max(100).default(25).describe("Monitors per page (1-100)"),
  },
  outputSchema: output,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "project-management"],
  requiredScopes: ["project:read"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const page = await listUptimeMonitors(ctx.client, org, {
      projectSlug: params.projectSlug,
      environment: params.environment,
      owner: params.owner,
      query: params.query,
      cursor: params.cursor,
      perPage: params.limit,
      signal: ctx.signal,
    });
    return structuredResult({
      organization: org,
      monitors: page.data.map((m) => uptimeMonitorView(ctx.client, org, m)),
      nextCursor: page.nextCursor ?? null,
    });
  },
});
