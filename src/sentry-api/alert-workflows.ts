/**
 * Alert (workflow) writes and what alerts are built from: `POST /organizations/{org}/workflows/`,
 * `PUT|DELETE /organizations/{org}/workflows/{id}/`, the notification actions the org's
 * integrations offer (`/available-actions/`) and the condition types of triggers and action
 * filters (`/data-conditions/?group=`). Reads of workflows and detectors are in workflows.ts.
 */

import { z } from "zod";
import type { Page, SentryClient } from "./client.js";
import { enc } from "./organizations.js";
import { type Workflow, WorkflowSchema } from "./workflows.js";

const json = z.record(z.string(), z.unknown());

export const ActionOptionSchema = z.object({
  type: z.string(),
  handlerGroup: z.string(),
  configSchema: json.nullish(),
  dataSchema: json.nullish(),
  integrations: z
    .array(
      z.object({
        id: z.coerce.string(),
        name: z.string(),
        services: z.array(z.object({ id: z.coerce.string(), name: z.string() })).nullish(),
      }),
    )
    .nullish(),
  services: z.array(z.object({ slug: z.string(), name: z.string() })).nullish(),
  sentryApp: z
    .object({
      id: z.coerce.string(),
      name: z.string(),
      installationId: z.coerce.string(),
      installationUuid: z.string(),
      status: z.string(),
      settings: json.nullish(),
      title: z.string().nullish(),
    })
    .nullish(),
});
export type ActionOption = z.output<typeof ActionOptionSchema>;

export const ConditionOptionSchema = z.object({
  type: z.string(),
  handlerGroup: z.string(),
  handlerSubgroup: z.string().nullish(),
  comparisonJsonSchema: z.unknown(),
});
export type ConditionOption = z.output<typeof ConditionOptionSchema>;

export type ConditionGroupName = "workflow_trigger" | "action_filter";

/** What create and update send; absent keys are left out (an update keeps them). */
export interface WorkflowBody {
  name: string;
  enabled: boolean;
  config?: Record<string, unknown>;
  environment?: string | null;
  owner?: string | null;
  triggers?: unknown;
  actionFilters?: unknown[];
  detectorIds?: string[];
}

interface PageOptions {
  cursor?: string;
  perPage?: number;
  signal?: AbortSignal;
}

export async function listAvailableActions(
  client: SentryClient,
  org: string,
  options: PageOptions & { types?: string[] } = {},
): Promise<Page<ActionOption[]>> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.getPage(
    `/api/0/organizations/${enc(org)}/available-actions/`,
    z.array(ActionOptionSchema),
    {
      baseUrl,
      signal: options.signal,
      query: { type: options.types, cursor: options.cursor, per_page: options.perPage },
    },
  );
}

export async function listDataConditions(
  client: SentryClient,
  org: string,
  group: ConditionGroupName,
  options: PageOptions = {},
): Promise<Page<ConditionOption[]>> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.getPage(
    `/api/0/organizations/${enc(org)}/data-conditions/`,
    z.array(ConditionOptionSchema),
    {
      baseUrl,
      signal: options.signal,
      query: { group, cursor: options.cursor, per_page: options.perPage },
    },
  );
}

export async function createWorkflow(
  client: SentryClient,
  org: string,
  body: WorkflowBody,
  signal?: AbortSignal,
): Promise<Workflow> {
  const baseUrl = await client.regionFor(org, signal);
  return client.send("POST", `/api/0/organizations/${enc(org)}/workflows/`, body, WorkflowSchema, {
    baseUrl,
    signal,
  });
}

export async function updateWorkflow(
  client: SentryClient,
  org: string,
  workflowId: string,
  body: WorkflowBody,
  signal?: AbortSignal,
): Promise<Workflow> {
  const baseUrl = await client.regionFor(org, signal);
  return client.send(
    "PUT",
    `/api/0/organizations/${enc(org)}/workflows/${enc(workflowId)}/`,
    body,
    WorkflowSchema,
    { baseUrl, signal },
  );
}

export async function deleteWorkflow(
  client: SentryClient,
  org: string,
  workflowId: string,
  signal?: AbortSignal,
): Promise<void> {
  const baseUrl = await client.regionFor(org, signal);
  await client.send(
    "DELETE",
    `/api/0/organizations/${enc(org)}/workflows/${enc(workflowId)}/`,
    undefined,
    z.unknown(),
    { baseUrl, signal },
  );
}
