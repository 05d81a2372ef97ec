import { z } from "zod";
import { UserInputError } from "../errors.js";
import { inlineCode, text } from "../format/markdown.js";
import { getMonitor, getMonitorStats, listCheckIns } from "../sentry-api/monitors.js";
import { defineTool } from "./define.js";
import { monitorUrl } from "./find-monitors.js";
import { assertWithinPins } from "./support/constraints.js";
import { periodWords } from "./support/humanize.js";
import {
  checkInLine,
  environmentLine,
  ownerWords,
  scheduleWords,
  statsSummary,
  toleranceWords,
} from "./support/monitor-format.js";
import { organizationSlug, period } from "./support/params.js";
import { describeRange, isoDateTime, resolveTimeRange } from "./support/time-range.js";
import { hintLine } from "./support/tool-hint.js";

const PERIOD_MS: Record<string, number> = { s: 1e3, m: 6e4, h: 36e5, d: 864e5, w: 6048e5 };

function periodMs(value: string): number {
  const m = /^(\d+)([smhdw])$/.exec(value);
  return m ? Number(m[1]) * PERIOD_MS[m[2]] : 7 * PERIOD_MS.d;
}

export default defineTool({
  name: "get_monitor_details",
  title: "Get Cron Monitor Details",
  description:
    "One cron monitor: schedule in words, tolerances, each environment's status with last and next check-in, recent check-ins and check-in stats for a period.",
  inputSchema: {
    organizationSlug,
    monitorSlug: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_.-]+$/, "must be a monitor slug or ID")
      .describe("Monitor slug (find_monitors lists them) or ID"),
    projectSlugOrId: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .describe("Project of the monitor, when slugs repeat across projects"),
    environment: z.string().trim().min(1).max(64).optional().describe("Only this environment"),
    period: period.describe("Check-ins and stats over this period (default 24h)"),
    start: isoDateTime.optional().describe("From (ISO, with end)"),
    end: isoDateTime.optional().describe("Until (ISO, with start)"),
    checkInLimit: z.number().int().min(1).max(50).default(10).describe("Recent check-ins (1-50)"),
    includeStats: z.boolean().default(true).describe("Include check-in stats"),
    rollupSeconds: z.number().int().min(1).optional().describe("Stats bucket size in seconds"),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage"],
  requiredScopes: ["org:read", "project:read"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const envs = params.environment ? [params.environment] : undefined;
    const monitor = await getMonitor(ctx.client, org, params.monitorSlug, {
      environments: envs,
      signal: ctx.signal,
    });
    const project = monitor.project?.slug;
    const wanted = params.projectSlugOrId;
    if (wanted && project && wanted !== project && wanted !== monitor.project?.id) {
      throw new UserInputError(
        `Monitor ${monitor.slug} belongs to project ${project}, not ${wanted}.`,
      );
    }
    assertWithinPins(ctx, org, project);
    const range = resolveTimeRange(params, "24h");
    // The stats endpoint takes absolute times (since/until in seconds), like Sentry's UI sends.
    const until = range.end ? Date.parse(range.end) : Date.now();
    const since = range.start ? Date.parse(range.start) : until - periodMs(range.statsPeriod!);
    const span = until - since;
    const [checkIns, stats] = await Promise.all([
      listCheckIns(ctx.client, org, monitor.slug, {
        environments: envs,
        ...range,
        perPage: params.checkInLimit,
        signal: ctx.signal,
      }),
      params.includeStats
        ? getMonitorStats(ctx.client, org, monitor.slug, {
            since: Math.floor(since / 1000),
            until: Math.floor(until / 1000),
            resolution: params.rollupSeconds
              ? `${params.rollupSeconds}s`
              : span <= PERIOD_MS.d
                ? "1h"
                : "1d",
            environments: envs,
            signal: ctx.signal,
          }).catch(() => undefined)
        : undefined,
    ]);
    const rangeWords = range.statsPeriod ? periodWords(range.statsPeriod) : describeRange(range);

    const tolerances = toleranceWords(monitor.config);
    const facts: Array<string | undefined> = [
      `**Slug**: ${inlineCode(monitor.slug)}`,
      project ? `**Project**: ${inlineCode(project)}` : undefined,
      ownerWords(monitor) ? `**Owner**: ${ownerWords(monitor)}` : undefined,
      `**Status**: ${monitor.status === "disabled" ? "disabled" : "active"}${monitor.isMuted ? ", muted" : ""}`,
      scheduleWords(monitor.config) ? `**Schedule**: ${scheduleWords(monitor.config)}` : undefined,
      tolerances.length ? `**Tolerances**: ${tolerances.join("; ")}` : undefined,
      `**URL**: ${monitorUrl(ctx.client, org, project, monitor.slug)}`,
    ];
    const lines = [
      `# Cron Monitor in **${inlineCode(org)}**`,
      "",
      `## ${text(monitor.name ?? monitor.slug)}`,
      "",
      ...facts.filter((f): f is string => !!f),
      "",
      "### Environments",
      "",
      ...(monitor.environments.length
        ? monitor.environments.map((e) => `- ${environmentLine(e)}`)
        : ["- No check-ins have been received yet."]),
      "",
      `### Recent Check-ins (${rangeWords})`,
      "",
      ...(checkIns.length
        ? checkIns
            .slice(0, params.checkInLimit)
            .map((ci) => checkInLine(ci, !envs && monitor.environments.length > 1))
        : ["- No check-ins in this period."]),
      "",
    ];
    const summary = stats ? statsSummary(stats) : undefined;
    if (summary) lines.push(`### Stats (${rangeWords})`, "", `- ${summary}`, "");
    const notes = hintLine(ctx, "Issues from this monitor", "search_issues", {
      organizationSlug: org,
      query: `monitor.slug:${monitor.slug}`,
    });
    if (notes.length) lines.push("## Response Notes", "", ...notes);
    return lines.join("\n").trimEnd();
  },
});
