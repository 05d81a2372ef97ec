import { z } from "zod";
import { ApiError, UserInputError } from "../errors.js";
import { deleteUptimeMonitor, getUptimeMonitor } from "../sentry-api/uptime.js";
import { defineTool, structuredResult } from "./define.js";
import { organizationSlug, projectSlug } from "./support/params.js";
import {
  monitorIdParam,
  uptimeMonitorSchema,
  uptimeMonitorView,
} from "./support/uptime-monitors.js";
import { guardWrite } from "./support/write-errors.js";

const output = z.object({
  organization: z.string(),
  project: z.string(),
  changed: z.boolean(),
  summary: z.string(),
  deleted: uptimeMonitorSchema.describe("The monitor as it was before deletion"),
});

export default defineTool({
  name: "delete_uptime_monitor",
  title: "Delete Uptime Monitor",
  description:
    "Delete an uptime check for good: checking stops and its configuration is gone. To pause instead, use update_uptime_monitor with status disabled.",
  // Our names before 0.39.0 parity, still taken (never listed).
  aliases: { monitorId: "uptimeMonitorId" },
  inputSchema: { organizationSlug, projectSlug, uptimeMonitorId: monitorIdParam },
  outputSchema: output,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: true,
  },
  skills: ["project-management"],
  requiredScopes: ["project:write"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const current = await getUptimeMonitor(
      ctx.client,
      org,
      params.projectSlug,
      params.uptimeMonitorId,
      ctx.signal,
    ).catch((error) => {
      if (error instanceof ApiError && error.status === 404) {
        throw new UserInputError(
          `No uptime monitor ${params.uptimeMonitorId} in project ${params.projectSlug} (wrong ID, or already deleted); find_uptime_monitors lists them.`,
        );
      }
      throw error;
    });
    const before = uptimeMonitorView(ctx.client, org, current, params.projectSlug);
    await guardWrite(
      {
        action: `delete uptime monitor ${params.uptimeMonitorId}`,
        scope: "project:write",
        skill: "project-management",
      },
      () =>
        deleteUptimeMonitor(
          ctx.client,
          org,
          params.projectSlug,
          params.uptimeMonitorId,
          ctx.signal,
        ),
    );
    return structuredResult({
      organization: org,
      project: params.projectSlug,
      changed: true,
      summary: `Deleted uptime monitor ${before.name ?? params.uptimeMonitorId} (${before.target ?? "no URL"}) from ${params.projectSlug}.`,
      deleted: before,
    });
  },
});
