import { z } from "zod";
import { UserInputError } from "../errors.js";
import { inlineCode } from "../format/markdown.js";
import { getIssueAlertRule, getMetricAlertRule } from "../sentry-api/alert-rules.js";
import { getWorkflow } from "../sentry-api/workflows.js";
import { defineTool } from "./define.js";
import { alertKind } from "./find-alert-rules.js";
import {
  connectedDetectors,
  directoryFor,
  isNotFound,
  lacksWorkflowApi,
  legacyIssueRuleUrl,
  legacyMetricRuleUrl,
  workflowUrl,
} from "./support/alert-load.js";
import { resolveRuleRef } from "./support/alert-rule-ref.js";
import { formatLegacyMetricRule } from "./support/detector-format.js";
import { loadMetricMonitor } from "./support/metric-monitor.js";
import { loadDirectory } from "./support/org-directory.js";
import { organizationSlug, projectSlug } from "./support/params.js";
import { formatLegacyIssueRule, formatWorkflowDetails } from "./support/workflow-format.js";
import type { ToolContext } from "./types.js";

/** With a project pin, a rule must cover the pinned project (when its projects are known). */
function assertProjectsWithinPin(ctx: ToolContext, projects: Array<string | null | undefined>) {
  const pin = ctx.constraints.projectSlug;
  const known = projects.filter((p): p is string => !!p);
  if (pin && known.length && !known.includes(pin)) {
    throw new UserInputError(
      `This session is limited to project ${JSON.stringify(pin)}; the rule belongs to ${known.map((p) => JSON.stringify(p)).join(", ")}.`,
    );
  }
}

const NOTE =
  "- Use these details to inspect alert conditions, filters, routing, and notification actions before changing the rule in Sentry.";

async function current(
  org: string,
  kind: "issue" | "metric",
  ruleId: string,
  ctx: ToolContext,
): Promise<string[]> {
  if (kind === "issue") {
    const w = await getWorkflow(ctx.client, org, ruleId, ctx.signal);
    const [detectors, dir] = await Promise.all([
      connectedDetectors(ctx, org, [w]),
      directoryFor(ctx, org, [w], []),
    ]);
    assertProjectsWithinPin(
      ctx,
      [...detectors.values()].map((d) => d.projectId && dir.project(d.projectId)),
    );
    return formatWorkflowDetails(w, { detectors, dir, url: workflowUrl(ctx.client, org, w.id) });
  }
  return (await loadMetricMonitor(ctx, org, ruleId)).lines;
}

async function legacy(
  org: string,
  kind: "issue" | "metric",
  ruleId: string,
  project: string | undefined,
  ctx: ToolContext,
): Promise<string[]> {
  if (kind === "issue") {
    if (!project) {
      throw new UserInputError(
        "This Sentry keeps issue alert rules per project: pass projectSlug with the rule ID.",
      );
    }
    const rule = await getIssueAlertRule(ctx.client, org, project, ruleId, ctx.signal);
    const dir = await loadDirectory(ctx, org, { teams: true, users: true });
    return formatLegacyIssueRule(
      rule,
      { dir, url: legacyIssueRuleUrl(ctx.client, org, project, rule.id) },
      true,
    );
  }
  const rule = await getMetricAlertRule(ctx.client, org, ruleId, ctx.signal);
  if (project && rule.projects && !rule.projects.includes(project))
    throw new UserInputError(`Metric alert ${ruleId} does not belong to project ${project}.`);
  assertProjectsWithinPin(ctx, rule.projects ?? []);
  const dir = await loadDirectory(ctx, org, { teams: true, users: true });
  return formatLegacyMetricRule(
    rule,
    { dir, url: legacyMetricRuleUrl(ctx.client, org, rule.id) },
    true,
  );
}

export default defineTool({
  name: "get_alert_rule",
  title: "Get Alert Rule",
  description:
    "Full details of one alert rule: triggers, filters, thresholds, actions and notification targets. Pass the rule ID from find_alert_rules or its exact name.",
  // Our names before 0.39.0 parity, still taken (never listed).
  aliases: { ruleId: "ruleIdOrName" },
  inputSchema: {
    organizationSlug,
    kind: alertKind,
    ruleIdOrName: z
      .string()
      .trim()
      .min(1)
      .max(256)
      .describe("Rule ID (find_alert_rules lists them) or exact name"),
    projectSlug: projectSlug
      .optional()
      .describe("Project of an issue alert rule (needed on older self-hosted Sentry)"),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage"],
  requiredScopes: ["org:read", "project:read"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const { kind, id } = await resolveRuleRef(
      ctx,
      org,
      params.kind,
      params.ruleIdOrName,
      params.projectSlug,
    );
    let body: string[];
    try {
      body = await current(org, kind, id, ctx);
    } catch (error) {
      if (!isNotFound(error) || !(await lacksWorkflowApi(ctx.client, org, ctx.signal))) throw error;
      body = await legacy(org, kind, id, params.projectSlug, ctx);
    }
    const title = kind === "issue" ? "Issue Alert" : "Metric Alert";
    const lines = [
      `# ${title} in **${inlineCode(org)}**`,
      "",
      ...body,
      "## Response Notes",
      "",
      NOTE,
    ];
    return lines.join("\n").trimEnd();
  },
});
