/**
 * Fetching for the alert tools: the current workflow/detector API first, the legacy alert-rule
 * API when an install does not have it (its routes answer 404), plus the names and connected
 * objects the formatters need.
 */

import { ApiError } from "../../errors.js";
import type { SentryClient } from "../../sentry-api/client.js";
import {
  type Detector,
  listDetectors,
  listWorkflows,
  type Workflow,
} from "../../sentry-api/workflows.js";
import type { ToolContext } from "../types.js";
import { loadDirectory, type OrgDirectory } from "./org-directory.js";

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * True when the org has no workflow API (old self-hosted Sentry). Called after a 404 on a
 * workflow or detector route, to tell "no such rule" from "no such API".
 */
export async function lacksWorkflowApi(
  client: SentryClient,
  org: string,
  signal: AbortSignal,
): Promise<boolean> {
  try {
    await listWorkflows(client, org, { perPage: 1, signal });
    return false;
  } catch (error) {
    if (isNotFound(error)) return true;
    throw error;
  }
}

/** Team and user refs (`team:1`, action targets) used by workflows and detectors. */
function refsOf(workflows: Workflow[], detectors: Detector[]): { teams: boolean; users: boolean } {
  let teams = false;
  let users = false;
  const see = (type: string | null | undefined) => {
    const t = (type ?? "").toLowerCase();
    if (t === "team") teams = true;
    if (t === "user" || t === "member") users = true;
  };
  for (const w of workflows) {
    if (w.owner?.startsWith("team:")) teams = true;
    if (w.owner?.startsWith("user:") || w.createdBy) users = true;
    for (const g of w.actionFilters ?? [])
      for (const a of g.actions ?? []) see(a.config?.targetType);
  }
  for (const d of detectors) see(d.owner?.type);
  return { teams, users };
}

/** Names for everything the given workflows and detectors refer to. */
export function directoryFor(
  ctx: Pick<ToolContext, "client" | "signal">,
  org: string,
  workflows: Workflow[],
  detectors: Detector[],
): Promise<OrgDirectory> {
  return loadDirectory(ctx, org, { projects: true, ...refsOf(workflows, detectors) });
}

/** The detectors workflows are connected to (for their projects and monitor names). */
export async function connectedDetectors(
  ctx: Pick<ToolContext, "client" | "signal">,
  org: string,
  workflows: Workflow[],
): Promise<Map<string, Detector>> {
  const ids = [...new Set(workflows.flatMap((w) => w.detectorIds ?? []))];
  if (ids.length === 0) return new Map();
  const page = await listDetectors(ctx.client, org, {
    ids,
    perPage: 100,
    signal: ctx.signal,
  }).catch(() => ({ data: [] as Detector[] }));
  return new Map(page.data.map((d) => [d.id, d]));
}

/** The workflows a detector notifies through. */
export async function connectedWorkflows(
  ctx: Pick<ToolContext, "client" | "signal">,
  org: string,
  detector: Detector,
): Promise<Workflow[]> {
  const ids = detector.workflowIds ?? [];
  if (ids.length === 0) return [];
  const page = await listWorkflows(ctx.client, org, { ids, perPage: 100, signal: ctx.signal });
  return page.data;
}

export function workflowUrl(client: SentryClient, org: string, id: string): string {
  return client.orgWebPath(org, `/monitors/alerts/${encodeURIComponent(id)}/`);
}

export function detectorUrl(client: SentryClient, org: string, id: string): string {
  return client.orgWebPath(org, `/monitors/${encodeURIComponent(id)}/`);
}

export function legacyIssueRuleUrl(
  client: SentryClient,
  org: string,
  project: string,
  id: string,
): string {
  return client.orgWebPath(
    org,
    `/alerts/rules/${encodeURIComponent(project)}/${encodeURIComponent(id)}/details/`,
  );
}

export function legacyMetricRuleUrl(client: SentryClient, org: string, id: string): string {
  return client.orgWebPath(org, `/alerts/rules/details/${encodeURIComponent(id)}/`);
}
