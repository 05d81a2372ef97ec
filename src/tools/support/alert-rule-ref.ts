/**
 * get_alert_rule's `ruleIdOrName` and `kind` (default "all"): which rule a reference names.
 * A numeric reference is looked up by ID (in both families when kind is "all"); anything else, or
 * an ID that matches nothing, by exact case-insensitive name. Several matches are an input error
 * that lists them.
 */

import { UserInputError } from "../../errors.js";
import { inlineCode, text } from "../../format/markdown.js";
import {
  getIssueAlertRule,
  getMetricAlertRule,
  listIssueAlertRules,
  listMetricAlertRules,
} from "../../sentry-api/alert-rules.js";
import {
  getDetector,
  getWorkflow,
  listDetectors,
  listWorkflows,
} from "../../sentry-api/workflows.js";
import type { ToolContext } from "../types.js";
import { isNotFound, lacksWorkflowApi } from "./alert-load.js";

export type RuleKind = "issue" | "metric";
export interface RuleRef {
  kind: RuleKind;
  id: string;
}
interface Candidate extends RuleRef {
  name: string;
}

const kindsOf = (kind: RuleKind | "all"): RuleKind[] =>
  kind === "all" ? ["issue", "metric"] : [kind];

/** null when the rule does not exist (404 or, for a monitor ID, not a metric monitor). */
async function exists(ctx: ToolContext, org: string, kind: RuleKind, id: string, project?: string) {
  const found = (p: Promise<unknown>) =>
    p.then(
      (v) => v,
      (error) => {
        if (isNotFound(error)) return null;
        throw error;
      },
    );
  if (await lacksWorkflowApiCached(ctx, org)) {
    if (kind === "metric") return found(getMetricAlertRule(ctx.client, org, id, ctx.signal));
    return project ? found(getIssueAlertRule(ctx.client, org, project, id, ctx.signal)) : null;
  }
  if (kind === "issue") return found(getWorkflow(ctx.client, org, id, ctx.signal));
  const d = (await found(getDetector(ctx.client, org, id, ctx.signal))) as { type: string } | null;
  return d && d.type === "metric_issue" ? d : null;
}

const legacyOrgs = new WeakMap<ToolContext, Map<string, Promise<boolean>>>();
function lacksWorkflowApiCached(ctx: ToolContext, org: string): Promise<boolean> {
  const byOrg = legacyOrgs.get(ctx) ?? new Map<string, Promise<boolean>>();
  legacyOrgs.set(ctx, byOrg);
  const answer = byOrg.get(org) ?? lacksWorkflowApi(ctx.client, org, ctx.signal);
  byOrg.set(org, answer);
  return answer;
}

async function byName(
  ctx: ToolContext,
  org: string,
  kinds: RuleKind[],
  name: string,
  project?: string,
): Promise<Candidate[]> {
  const legacy = await lacksWorkflowApiCached(ctx, org);
  const common = { projects: project ? [project] : undefined, perPage: 100, signal: ctx.signal };
  const lists = await Promise.all(
    kinds.map(async (kind): Promise<Candidate[]> => {
      if (legacy) {
        if (kind === "issue") {
          if (!project) return [];
          const page = await listIssueAlertRules(ctx.client, org, project, common);
          return page.data.map((r) => ({ kind, id: r.id, name: r.name }));
        }
        const page = await listMetricAlertRules(ctx.client, org, { ...common, query: name });
        return page.data.map((r) => ({ kind, id: r.id, name: r.name }));
      }
      if (kind === "issue") {
        const page = await listWorkflows(ctx.client, org, { ...common, query: name });
        return page.data.map((w) => ({ kind, id: w.id, name: w.name }));
      }
      const page = await listDetectors(ctx.client, org, {
        ...common,
        query: `type:metric_issue ${name}`,
      });
      return page.data.map((d) => ({ kind, id: d.id, name: d.name }));
    }),
  );
  const wanted = name.toLowerCase();
  return lists.flat().filter((c) => c.name.toLowerCase() === wanted);
}

const describe = (c: Candidate) => `${c.kind} rule ${inlineCode(c.id)} ${text(c.name)}`;

export async function resolveRuleRef(
  ctx: ToolContext,
  org: string,
  kind: RuleKind | "all",
  ref: string,
  project?: string,
): Promise<RuleRef> {
  if (/^\d+$/.test(ref)) {
    if (kind !== "all") return { kind, id: ref };
    const hits = (
      await Promise.all(
        kindsOf(kind).map(async (k) => ((await exists(ctx, org, k, ref, project)) ? k : null)),
      )
    ).filter((k): k is RuleKind => k !== null);
    if (hits.length === 1) return { kind: hits[0], id: ref };
    if (hits.length > 1)
      throw new UserInputError(
        `Both an issue alert and a metric alert have ID ${ref}: pass kind "issue" or "metric".`,
      );
  }
  const matches = await byName(ctx, org, kindsOf(kind), ref, project);
  if (matches.length === 1) return matches[0];
  if (matches.length > 1)
    throw new UserInputError(
      `Several alert rules are named ${JSON.stringify(ref)}: ${matches.map(describe).join("; ")}. Pass the rule ID and kind.`,
    );
  const issueHint =
    kind !== "metric" && !project && (await lacksWorkflowApiCached(ctx, org))
      ? " This Sentry keeps issue alert rules per project: pass projectSlug."
      : "";
  throw new UserInputError(
    `No alert rule has the ID or name ${JSON.stringify(ref)}. find_alert_rules lists them.${issueHint}`,
  );
}
