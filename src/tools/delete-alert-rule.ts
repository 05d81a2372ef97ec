import { z } from "zod";
import { deleteWorkflow } from "../sentry-api/alert-workflows.js";
import { defineTool, structuredResult } from "./define.js";
import { workflowUrl } from "./support/alert-load.js";
import { alertRuleSchema, alertRuleView } from "./support/alert-rule-params.js";
import { orWorkflowApi, sourceLabel, sourceSchema } from "./support/alert-rule-report.js";
import { loadAlert } from "./support/alert-rule-target.js";
import { assertAlertInScope, SourceBook } from "./support/alert-sources.js";
import { organizationSlug, projectSlug } from "./support/params.js";
import { guardWrite } from "./support/write-errors.js";

const output = z.object({
  organization: z.string(),
  ruleId: z.string(),
  changed: z.boolean(),
  summary: z.string(),
  deleted: alertRuleSchema.describe("The alert as it was before deletion"),
  keptMonitors: z.array(sourceSchema).describe("Its sources: monitors are not deleted"),
});

export default defineTool({
  name: "delete_alert_rule",
  title: "Delete Alert Rule",
  description:
    "Delete (remove) an alert for good: it stops paging or notifying anyone for all connected projects and monitors; its monitors are kept. To silence it but keep it, disable it with update_alert_rule.",
  inputSchema: {
    organizationSlug,
    projectSlug: projectSlug
      .nullable()
      .optional()
      .describe("Only an alert connected to this project"),
    ruleId: z
      .string()
      .regex(/^\d+$/, "must be a numeric alert ID")
      .describe("Alert ID (find_alert_rules lists them)"),
  },
  outputSchema: output,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: true,
  },
  skills: ["project-management"],
  requiredScopes: ["org:read", "project:read", "alerts:write"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    return orWorkflowApi(ctx, org, async () => {
      const w = await loadAlert(ctx, org, params.ruleId);
      const book = new SourceBook();
      await assertAlertInScope(ctx, org, w, params.projectSlug ?? undefined, book);
      const deleted = alertRuleView(w, workflowUrl(ctx.client, org, w.id));
      await guardWrite(
        {
          action: `delete alert ${w.id}`,
          scope: "alerts:write",
          skill: "project-management",
          conflict: "Read the alert again (get_alert_rule) and retry.",
        },
        () => deleteWorkflow(ctx.client, org, w.id, ctx.signal),
      );
      const kept = deleted.detectorIds.map((id) => book.view(id));
      return structuredResult({
        organization: org,
        ruleId: w.id,
        changed: true,
        summary: `Deleted alert ${JSON.stringify(w.name)} (ID ${w.id}); it notifies nobody now. ${
          kept.length
            ? `Its monitors are kept (deleting an alert never deletes monitors): ${kept.map(sourceLabel).join(", ")}.`
            : "It had no monitors connected."
        }`,
        deleted,
        keptMonitors: kept,
      });
    });
  },
});
