import { z } from "zod";
import { UserInputError } from "../errors.js";
import { createWorkflow } from "../sentry-api/alert-workflows.js";
import { defineTool, structuredResult } from "./define.js";
import { workflowUrl } from "./support/alert-load.js";
import {
  alertRuleFields,
  alertRuleSchema,
  alertRuleView,
  assertSlackResolved,
  newActionFiltersParam,
  newTriggersParam,
} from "./support/alert-rule-params.js";
import {
  ALERT_FIELD_FIXES,
  orWorkflowApi,
  sourceLabel,
  sourceSchema,
} from "./support/alert-rule-report.js";
import { loadSources, resolveSources, SourceBook } from "./support/alert-sources.js";
import { organizationSlug, projectSlug } from "./support/params.js";
import { guardWrite } from "./support/write-errors.js";

const output = z.object({
  organization: z.string(),
  changed: z.boolean(),
  summary: z.string(),
  alertRule: alertRuleSchema,
  sources: z.array(sourceSchema),
  guidance: z.string().optional(),
});

export default defineTool({
  name: "create_alert_rule",
  title: "Create Alert Rule (email, message or page on issues)",
  description:
    "Create an alert that notifies people by email, Slack, Teams or Discord, or pages them (a team, the on-call engineer), when new, regressed or frequent issues or errors show up in chosen projects or monitors. get_alert_options lists the actions, conditions and sources to use.",
  inputSchema: {
    organizationSlug,
    ...alertRuleFields,
    name: alertRuleFields.name.unwrap(),
    status: alertRuleFields.status.default("active").describe("disabled: save without notifying"),
    frequencyMinutes: alertRuleFields.frequencyMinutes.default(30),
    triggers: newTriggersParam.nullable().optional(),
    actionFilters: newActionFiltersParam,
    projectSlugs: z
      .array(projectSlug)
      .optional()
      .describe("Connect all issues of these projects (their issue-stream monitors)"),
    detectorIds: z
      .array(z.string().regex(/^\d+$/, "must be a numeric monitor ID"))
      .optional()
      .describe("Connect these monitors (get_alert_options sources); [] for no sources yet"),
  },
  outputSchema: output,
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: true,
  },
  skills: ["project-management"],
  requiredScopes: ["org:read", "project:read", "alerts:write"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    if (params.projectSlugs === undefined && params.detectorIds === undefined) {
      throw new UserInputError(
        "Pass projectSlugs (all issues of those projects) or detectorIds (monitors); detectorIds: [] creates an alert without sources, which notifies nobody until connected.",
      );
    }
    return orWorkflowApi(ctx, org, async () => {
      const book = new SourceBook();
      const detectorIds = await resolveSources(
        ctx,
        org,
        { current: [], addProjectSlugs: params.projectSlugs, addDetectorIds: params.detectorIds },
        book,
      );
      const created = await guardWrite(
        {
          action: `create alert ${JSON.stringify(params.name)}`,
          scope: "alerts:write",
          skill: "project-management",
          fields: ALERT_FIELD_FIXES,
          conflict: "It may exist already: look for it with find_alert_rules before trying again.",
        },
        () =>
          createWorkflow(
            ctx.client,
            org,
            {
              name: params.name,
              enabled: params.status === "active",
              config: { frequency: params.frequencyMinutes },
              environment: params.environment,
              owner: params.owner,
              triggers: params.triggers?.conditions.length ? params.triggers : undefined,
              actionFilters: params.actionFilters,
              detectorIds,
            },
            ctx.signal,
          ),
      );
      const alertRule = alertRuleView(created, workflowUrl(ctx.client, org, created.id));
      assertSlackResolved(alertRule, true);
      await loadSources(ctx, org, alertRule.detectorIds, book);
      const sources = alertRule.detectorIds.map((id) => book.view(id));
      const actions = alertRule.actionFilters.flatMap((g) => g.actions.map((a) => a.type));
      return structuredResult({
        organization: org,
        changed: true,
        summary: `Created alert ${JSON.stringify(alertRule.name)} (ID ${alertRule.id}), ${alertRule.status}, at most one notification per issue every ${alertRule.frequencyMinutes ?? 0} minutes; actions: ${actions.join(", ") || "none"}; sources: ${sources.map(sourceLabel).join(", ") || "none"}.`,
        alertRule,
        sources,
        ...(sources.length === 0
          ? {
              guidance:
                "This alert has no sources and notifies nobody until one is connected (update_alert_rule with addProjectSlugs or addDetectorIds).",
            }
          : {}),
      });
    });
  },
});
