import { z } from "zod";
import { getUptimeMonitor, listUptimeChecks, type UptimeCheck } from "../sentry-api/uptime.js";
import { defineTool, structuredResult } from "./define.js";
import { organizationSlug, period, projectSlug } from "./support/params.js";
import { describeRange, isoDateTime, resolveTimeRange } from "./support/time-range.js";
import {
  monitorIdParam,
  uptimeMonitorSchema,
  uptimeMonitorView,
} from "./support/uptime-monitors.js";

const checkSchema = z.object({
  time: z.string().nullable(),
  status: z.string().nullable().describe("success, failure, failure_incident or missed_window"),
  reason: z.string().nullable(),
  httpStatus: z.number().nullable(),
  durationMs: z.number().nullable(),
  region: z.string().nullable(),
});

const output = z.object({
  organization: z.string(),
  monitor: uptimeMonitorSchema,
  checks: z.array(checkSchema).describe("Recent checks, newest first"),
  checksRange: z.string(),
});

const checkView = (c: UptimeCheck): z.output<typeof checkSchema> => ({
  time: c.timestamp ?? c.scheduledCheckTime ?? null,
  status: c.checkStatus ?? null,
  reason: c.checkStatusReason ?? null,
  httpStatus: c.httpStatusCode ?? null,
  durationMs: c.durationMs ?? null,
  region: c.regionName ?? c.region ?? null,
});

export default defineTool({
  name: "get_uptime_monitor_details",
  title: "Get Uptime Monitor Details",
  description:
    "One uptime check: checked URL, method, interval, timeout, thresholds, owner, header names, and its recent check results.",
  // Our names before 0.39.0 parity, still taken (never listed).
  aliases: { monitorId: "uptimeMonitorId" },
  inputSchema: {
    organizationSlug,
    projectSlug,
    uptimeMonitorId: monitorIdParam,
    period: period.describe("Checks from this period, e.g. 24h (default) or 7d"),
    start: isoDateTime.optional().describe("Checks from (ISO, with end)"),
    end: isoDateTime.optional().describe("Checks until (ISO, with start)"),
    checkLimit: z.number().int().min(1).max(50).default(10).describe("Recent checks (1-50)"),
  },
  outputSchema: output,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "project-management"],
  requiredScopes: ["project:read"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const range = resolveTimeRange(params, "24h");
    const [monitor, checks] = await Promise.all([
      getUptimeMonitor(ctx.client, org, params.projectSlug, params.uptimeMonitorId, ctx.signal),
      listUptimeChecks(ctx.client, org, params.projectSlug, params.uptimeMonitorId, {
        ...range,
        perPage: params.checkLimit,
        signal: ctx.signal,
      }),
    ]);
    return structuredResult({
      organization: org,
      monitor: uptimeMonitorView(ctx.client, org, monitor, params.projectSlug),
      checks: checks.slice(0, params.checkLimit).map(checkView),
      checksRange: describeRange(range),
    });
  },
});
