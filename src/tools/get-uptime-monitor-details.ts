import { z } from "zod";
import { getUptimeMonitor } from "../sentry-api/uptime.js";
import { defineTool, structuredResult } from "./define.js";
import { organizationSlug, projectSlug } from "./support/params.js";
import {
  monitorIdParam,
  uptimeMonitorSchema,
  uptimeMonitorView,
} from "./support/uptime-monitors.js";

const output = z.object({ organization: z.string(), monitor: uptimeMonitorSchema });

export default defineTool({
  name: "get_uptime_monitor_details",
  title: "Get Uptime Monitor Details",
  description:
    "Configuration of one uptime check: checked URL, method, interval, timeout, thresholds, owner, header names.",
  inputSchema: { organizationSlug, projectSlug, monitorId: monitorIdParam },
  outputSchema: output,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "project-management"],
  requiredScopes: ["project:read"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const monitor = await getUptimeMonitor(
      ctx.client,
      org,
      params.projectSlug,
      params.monitorId,
      ctx.signal,
    );
    return structuredResult({
      organization: org,
      monitor: uptimeMonitorView(ctx.client, org, monitor, params.projectSlug),
    });
  },
});
