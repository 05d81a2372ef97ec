import { z } from "zod";
import { UserInputError } from "../errors.js";
import { updateWorkflow, type WorkflowBody } from "../sentry-api/alert-workflows.js";
import type { Workflow } from "../sentry-api/workflows.js";
import { defineTool, structuredResult } from "./define.js";
import { workflowUrl } from "./support/alert-load.js";
import {
  actionFiltersParam,
  alertRuleFields,
  alertRuleSchema,
  alertRuleView,
  assertSlackResolved,
  comparable,
  dropStaleSlackIds,
  triggersParam,
} from "./support/alert-rule-params.js";
import {
  ALERT_FIELD_FIXES,
  alertChanges,
  orWorkflowApi,
  sourceLabel,
  sourceSchema,
} from "./support/alert-rule-report.js";
import { loadAlert } from "./support/alert-rule-target.js";
import {
  assertAlertInScope,
  loadSources,
  resolveSources,
  SourceBook,
} from "./support/alert-sources.js";
import { organizationSlug, projectSlug } from "./support/params.js";
import { guardWrite } from "./support/write-errors.js";
import type { ToolContext } from "./types.js";

const output = z.object({
  organization: z.string(),
  changed: z.boolean(),
  summary: z.string(),
  changes: z.array(z.string()),
  before: alertRuleSchema,
  after: alertRuleSchema,
  sources: z.array(sourceSchema).describe("The alert's sources after the call"),
});

const FIELDS = [
  "name",
  "status",
  "frequencyMinutes",
  "environment",
  "owner",
  "triggers",
  "actionFilters",
  "addProjectSlugs",
  "removeProjectSlugs",
  "addDetectorIds",
  "removeDetectorIds",
] as const;

const CONNECTIONS = [
  "addProjectSlugs",
  "removeProjectSlugs",
  "addDetectorIds",
  "removeDetectorIds",
] as const;

const detectorIdList = z.array(z.string().regex(/^\d+$/, "must be a numeric monitor ID")).min(1);

const groups = (g: Workflow["actionFilters"] | z.output<typeof actionFiltersParam>) =>
  comparable(
    (g ?? []).map((x) => ({
      logicType: x.logicType,
      conditions: x.conditions,
      actions: x.actions,
    })),
  );

interface Params {
  name?: string;
  status?: "active" | "disabled";
  frequencyMinutes?: number;
  environment?: string | null;
  owner?: string | null;
  triggers?: z.output<typeof triggersParam>;
  actionFilters?: z.output<typeof actionFiltersParam>;
  addProjectSlugs?: string[];
  removeProjectSlugs?: string[];
  addDetectorIds?: string[];
  removeDetectorIds?: string[];
}

/** The PUT body: name and enabled always (Sentry resets enabled otherwise), plus what differs. */
async function bodyFor(p: Params, w: Workflow, ctx: ToolContext, org: string, book: SourceBook) {
  const enabled = p.status === undefined ? w.enabled !== false : p.status === "active";
  const body: WorkflowBody = { name: p.name ?? w.name, enabled };
  let differs = body.name !== w.name || enabled !== (w.enabled !== false);
  const frequency = w.config?.frequency;
  if (p.frequencyMinutes !== undefined && p.frequencyMinutes !== frequency) {
    body.config = { ...w.config, frequency: p.frequencyMinutes };
    differs = true;
  }
  if (p.environment !== undefined && p.environment !== (w.environment ?? null)) {
    body.environment = p.environment;
    differs = true;
  }
  if (p.owner !== undefined && p.owner !== (w.owner ?? null)) {
    body.owner = p.owner;
    differs = true;
  }
  const trig = (g: { logicType?: string | null; conditions?: unknown } | null | undefined) =>
    comparable({ logicType: g?.logicType, conditions: g?.conditions ?? [] });
  if (p.triggers !== undefined && trig(p.triggers) !== trig(w.triggers)) {
    body.triggers = p.triggers;
    differs = true;
  }
  if (p.actionFilters !== undefined && groups(p.actionFilters) !== groups(w.actionFilters)) {
    body.actionFilters = dropStaleSlackIds(p.actionFilters, w);
    differs = true;
  }
  if (CONNECTIONS.some((f) => p[f] !== undefined)) {
    const current = w.detectorIds ?? [];
    const next = await resolveSources(
      ctx,
      org,
      {
        current,
        addProjectSlugs: p.addProjectSlugs,
        removeProjectSlugs: p.removeProjectSlugs,
        addDetectorIds: p.addDetectorIds,
        removeDetectorIds: p.removeDetectorIds,
      },
      book,
    );
    if (comparable([...next].sort()) !== comparable([...current].sort())) {
      body.detectorIds = next;
      differs = true;
    }
  }
  return { body, differs };
}

export default defineTool({
  name: "update_alert_rule",
  title: "Update Alert Rule",
  description:
    "Change an alert: rename it, pause or re-enable it, notify less or more often, set environment or owner, replace its triggers or action groups (who gets notifications, e.g. another Slack channel), or connect and disconnect projects and monitors. Answers before → after.",
  inputSchema: {
    organizationSlug,
    projectSlug: projectSlug
      .nullable()
      .optional()
      .describe("Only an alert connected to this project"),
    ruleIdOrName: z
      .string()
      .trim()
      .min(1)
      .describe("Alert ID (digits) or exact name; find_alert_rules lists them"),
    ...alertRuleFields,
    triggers: triggersParam.optional(),
    actionFilters: actionFiltersParam.optional(),
    addProjectSlugs: z
      .array(projectSlug)
      .min(1)
      .optional()
      .describe("Connect all issues of these projects"),
    removeProjectSlugs: z
      .array(projectSlug)
      .min(1)
      .optional()
      .describe("Disconnect these projects' issue streams; other monitors stay"),
    addDetectorIds: detectorIdList.optional().describe("Connect these monitors"),
    removeDetectorIds: detectorIdList.optional().describe("Disconnect these monitors"),
  },
  outputSchema: output,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: true,
  },
  skills: ["project-management"],
  requiredScopes: ["org:read", "project:read", "alerts:write"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    if (FIELDS.every((f) => params[f] === undefined))
      throw new UserInputError(`Pass at least one field to change: ${FIELDS.join(", ")}.`);
    const project = params.projectSlug ?? undefined;
    return orWorkflowApi(ctx, org, async () => {
      const w = await loadAlert(ctx, org, params.ruleIdOrName, project);
      const book = new SourceBook();
      await assertAlertInScope(ctx, org, w, project, book);
      const url = workflowUrl(ctx.client, org, w.id);
      const before = alertRuleView(w, url);
      const { body, differs } = await bodyFor(params, w, ctx, org, book);
      let after = before;
      if (differs) {
        const updated = await guardWrite(
          {
            action: `update alert ${w.id}`,
            scope: "alerts:write",
            skill: "project-management",
            fields: ALERT_FIELD_FIXES,
            conflict: "Read the alert again (get_alert_rule) and retry from its current state.",
          },
          () => updateWorkflow(ctx.client, org, w.id, body, ctx.signal),
        );
        after = alertRuleView(updated, url);
        if (params.actionFilters !== undefined) assertSlackResolved(after, false);
      }
      await loadSources(ctx, org, [...before.detectorIds, ...after.detectorIds], book);
      const changes = alertChanges(before, after, (id) => sourceLabel(book.view(id)));
      return structuredResult({
        organization: org,
        changed: changes.length > 0,
        summary: changes.length
          ? `Updated alert ${JSON.stringify(after.name)} (ID ${after.id}): ${changes.join("; ")}.`
          : `Nothing to change: alert ${JSON.stringify(after.name)} (ID ${after.id}) already has these values.`,
        changes,
        before,
        after,
        sources: after.detectorIds.map((id) => book.view(id)),
      });
    });
  },
});
