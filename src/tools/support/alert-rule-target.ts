/**
 * The alert (workflow) a write names: by ID (digits) or by exact name. A 404 tells a wrong ID
 * from an install without the workflow API (older self-hosted Sentry keeps legacy alert rules,
 * which these tools do not change).
 */

import { ApiError, UserInputError } from "../../errors.js";
import { getWorkflow, listWorkflows, type Workflow } from "../../sentry-api/workflows.js";
import type { ToolContext } from "../types.js";
import { lacksWorkflowApi } from "./alert-load.js";

type Ctx = Pick<ToolContext, "client" | "signal">;

export const NO_WORKFLOW_API =
  "This Sentry has no alert workflow API (an older self-hosted install): these alert tools do not apply to it; find_alert_rules and get_alert_rule read its legacy alert rules, and Sentry's web UI changes them.";

/** Turns a 404 of the workflow routes into "no such alert" or "no workflow API". */
export async function explainMissing(ctx: Ctx, org: string, error: unknown, id: string) {
  if (!(error instanceof ApiError) || error.status !== 404) return error;
  if (await lacksWorkflowApi(ctx.client, org, ctx.signal))
    return new UserInputError(NO_WORKFLOW_API);
  return new UserInputError(
    `No alert with ID ${id} in ${org} (wrong ID, or already deleted); find_alert_rules lists them.`,
  );
}

async function idByName(ctx: Ctx, org: string, name: string, project?: string) {
  const page = await listWorkflows(ctx.client, org, {
    query: name,
    projects: project ? [project] : undefined,
    perPage: 100,
    signal: ctx.signal,
  }).catch(async (error) => {
    throw await explainMissing(ctx, org, error, name);
  });
  const hits = page.data.filter((w) => w.name.toLowerCase() === name.toLowerCase());
  if (hits.length === 1) return hits[0].id;
  if (hits.length > 1)
    throw new UserInputError(
      `Several alerts are named ${JSON.stringify(name)} (IDs ${hits.map((w) => w.id).join(", ")}); pass the ID.`,
    );
  throw new UserInputError(
    `No alert is named ${JSON.stringify(name)}${project ? ` in project ${project}` : ""}; find_alert_rules lists them.`,
  );
}

/** Loads the alert by ID or exact name (case-insensitive). */
export async function loadAlert(
  ctx: Ctx,
  org: string,
  ref: string,
  project?: string,
): Promise<Workflow> {
  const id = /^\d+$/.test(ref) ? ref : await idByName(ctx, org, ref, project);
  try {
    return await getWorkflow(ctx.client, org, id, ctx.signal);
  } catch (error) {
    throw await explainMissing(ctx, org, error, id);
  }
}
