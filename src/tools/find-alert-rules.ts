import { z } from "zod";
import { UserInputError } from "../errors.js";
import { inlineCode } from "../format/markdown.js";
import { listIssueAlertRules, listMetricAlertRules } from "../sentry-api/alert-rules.js";
import { listDetectors, listWorkflows } from "../sentry-api/workflows.js";
import { defineTool } from "./define.js";
import {
  connectedDetectors,
  detectorUrl,
  directoryFor,
  isNotFound,
  legacyIssueRuleUrl,
  legacyMetricRuleUrl,
  workflowUrl,
} from "./support/alert-load.js";
import { formatDetectorEntry, formatLegacyMetricRule } from "./support/detector-format.js";
import { loadDirectory } from "./support/org-directory.js";
import { cursor, organizationSlug, projectSlug, query } from "./support/params.js";
import { cursorArg } from "./support/tool-hint.js";
import { formatLegacyIssueRule, formatWorkflowEntry } from "./support/workflow-format.js";
import type { ToolContext } from "./types.js";

export const alertKind = z
  .enum(["all", "issue", "metric"])
  .default("all")
  .describe("issue: alerts on issues (new, regressed...); metric: metric thresholds; all: both");

interface Section {
  lines: string[];
  count: number;
  nextCursor?: string;
}

interface Params {
  organizationSlug: string;
  kind: "all" | "issue" | "metric";
  projectSlug?: string;
  query?: string;
  cursor?: string;
  limit: number;
}

async function currentModel(p: Params, ctx: ToolContext) {
  const org = p.organizationSlug;
  const projects = p.projectSlug ? [p.projectSlug] : undefined;
  const common = { projects, cursor: p.cursor, perPage: p.limit, signal: ctx.signal };
  const [workflows, detectors] = await Promise.all([
    p.kind === "metric" ? undefined : listWorkflows(ctx.client, org, { ...common, query: p.query }),
    p.kind === "issue"
      ? undefined
      : listDetectors(ctx.client, org, {
          ...common,
          query: ["type:metric_issue", p.query].filter(Boolean).join(" "),
        }),
  ]);
  const wf = workflows?.data ?? [];
  const dt = detectors?.data ?? [];
  const [linked, dir] = await Promise.all([
    connectedDetectors(ctx, org, wf),
    directoryFor(ctx, org, wf, dt),
  ]);
  const issue: Section = {
    count: wf.length,
    nextCursor: workflows?.nextCursor,
    lines: wf.flatMap((w) =>
      formatWorkflowEntry(w, { detectors: linked, dir, url: workflowUrl(ctx.client, org, w.id) }),
    ),
  };
  const metric: Section = {
    count: dt.length,
    nextCursor: detectors?.nextCursor,
    lines: dt.flatMap((d) =>
      formatDetectorEntry(d, { dir, url: detectorUrl(ctx.client, org, d.id) }),
    ),
  };
  return { issue, metric, issueNeedsProject: false };
}

async function legacyModel(p: Params, ctx: ToolContext) {
  const org = p.organizationSlug;
  const wanted = (name: string) => !p.query || name.toLowerCase().includes(p.query.toLowerCase());
  const [issuePage, metricPage] = await Promise.all([
    p.kind === "metric" || !p.projectSlug
      ? undefined
      : listIssueAlertRules(ctx.client, org, p.projectSlug, {
          cursor: p.cursor,
          perPage: p.limit,
          signal: ctx.signal,
        }),
    p.kind === "issue"
      ? undefined
      : listMetricAlertRules(ctx.client, org, {
          projects: p.projectSlug ? [p.projectSlug] : undefined,
          query: p.query,
          cursor: p.cursor,
          perPage: p.limit,
          signal: ctx.signal,
        }),
  ]);
  const issueRules = (issuePage?.data ?? []).filter((r) => wanted(r.name));
  const metricRules = (metricPage?.data ?? []).filter((r) => wanted(r.name));
  const owners = [...issueRules, ...metricRules].map((r) => r.owner);
  const dir = await loadDirectory(ctx, org, {
    teams: true,
    users: owners.some((o) => o?.startsWith("user:")),
  });
  const project = p.projectSlug ?? "";
  return {
    issue: {
      count: issueRules.length,
      nextCursor: issuePage?.nextCursor,
      lines: issueRules.flatMap((r) =>
        formatLegacyIssueRule(
          r,
          { dir, url: legacyIssueRuleUrl(ctx.client, org, project, r.id) },
          false,
        ),
      ),
    } as Section,
    metric: {
      count: metricRules.length,
      nextCursor: metricPage?.nextCursor,
      lines: metricRules.flatMap((r) =>
        formatLegacyMetricRule(r, { dir, url: legacyMetricRuleUrl(ctx.client, org, r.id) }, false),
      ),
    } as Section,
    issueNeedsProject: p.kind !== "metric" && !p.projectSlug,
  };
}

export default defineTool({
  name: "find_alert_rules",
  title: "Find Alert Rules",
  description:
    "List alert rules: issue alerts (conditions, filters, who gets notified) and metric alerts (query and thresholds). Filter by kind, project or name.",
  inputSchema: {
    organizationSlug,
    kind: alertKind,
    projectSlug: projectSlug.optional().describe("Only rules of this project"),
    query: query.describe("Filter by rule name"),
    cursor,
    limit: z.number().int().min(1).max(100).default(25).describe("Rules per kind (1-100)"),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage"],
  requiredScopes: ["org:read", "project:read"],
  async handler(params, ctx) {
    if (params.cursor && params.kind === "all") {
      throw new UserInputError(
        'A cursor belongs to one kind of rule: pass kind ("issue" or "metric") with it.',
      );
    }
    const result = await currentModel(params, ctx).catch((error) => {
      if (isNotFound(error)) return legacyModel(params, ctx);
      throw error;
    });
    const org = params.organizationSlug;
    const scope = params.projectSlug ? `${org}/${params.projectSlug}` : org;
    const lines = [`# Alert Rules in **${inlineCode(scope)}**`, ""];
    const showIssue = params.kind !== "metric" && !result.issueNeedsProject;
    const showMetric = params.kind !== "issue";
    if (showIssue) {
      lines.push("## Issue Alerts", "");
      lines.push(...(result.issue.count ? result.issue.lines : ["No issue alerts found.", ""]));
    }
    if (showMetric) {
      lines.push("## Metric Alerts", "");
      lines.push(...(result.metric.count ? result.metric.lines : ["No metric alerts found.", ""]));
    }
    const notes: string[] = [];
    if (result.issue.count || result.metric.count)
      notes.push("- `get_alert_rule` with `ruleIdOrName` (and `kind`) shows full details.");
    if (result.issue.nextCursor)
      notes.push(
        `- More issue alerts: pass \`kind: "issue"\` and ${cursorArg(result.issue.nextCursor)} with the same scope.`,
      );
    if (result.metric.nextCursor)
      notes.push(
        `- More metric alerts: pass \`kind: "metric"\` and ${cursorArg(result.metric.nextCursor)} with the same scope.`,
      );
    if (result.issueNeedsProject)
      notes.push(
        "- This Sentry keeps issue alert rules per project: pass `projectSlug` to list them.",
      );
    if (notes.length) lines.push("## Response Notes", "", ...notes);
    return lines.join("\n").trimEnd();
  },
});
