/**
 * Sentry's current alerting model: workflows ("alerts": when and whom to notify) and detectors
 * ("monitors": what to watch, e.g. a metric threshold). Self-hosted installs that predate it
 * answer 404 on these routes; see alert-rules.ts for the legacy endpoints.
 */

import { z } from "zod";
import type { Page, SentryClient } from "./client.js";
import { enc } from "./organizations.js";

const str = z.string().nullish();
const id = z.coerce.string();

export const ConditionSchema = z.object({
  id: z.coerce.string().nullish(),
  type: z.string(),
  comparison: z.unknown().optional(),
  conditionResult: z.unknown().optional(),
});
export type Condition = z.output<typeof ConditionSchema>;

export const ActionSchema = z.object({
  id: z.coerce.string().nullish(),
  type: z.string(),
  integrationId: z.coerce.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
  config: z
    .object({
      targetType: str,
      targetDisplay: str,
      targetIdentifier: z.union([z.string(), z.number()]).nullish(),
    })
    .nullish(),
  status: str,
});
export type Action = z.output<typeof ActionSchema>;

export const ConditionGroupSchema = z.object({
  id: z.coerce.string().nullish(),
  logicType: str,
  conditions: z.array(ConditionSchema).nullish(),
  actions: z.array(ActionSchema).nullish(),
});
export type ConditionGroup = z.output<typeof ConditionGroupSchema>;

export const WorkflowSchema = z.object({
  id,
  name: z.string(),
  createdBy: str,
  dateCreated: str,
  dateUpdated: str,
  triggers: ConditionGroupSchema.nullish(),
  actionFilters: z.array(ConditionGroupSchema).nullish(),
  environment: str,
  config: z.record(z.string(), z.unknown()).nullish(),
  detectorIds: z.array(id).nullish(),
  enabled: z.boolean().nullish(),
  lastTriggered: str,
  owner: str,
});
export type Workflow = z.output<typeof WorkflowSchema>;

export const SnubaQuerySchema = z.object({
  dataset: str,
  query: str,
  aggregate: str,
  timeWindow: z.number().nullish(),
  environment: str,
  eventTypes: z.array(z.string()).nullish(),
});
export type SnubaQuery = z.output<typeof SnubaQuerySchema>;

export const DetectorSchema = z.object({
  id,
  projectId: z.coerce.string().nullish(),
  name: z.string(),
  description: str,
  type: z.string(),
  workflowIds: z.array(id).nullish(),
  owner: z.object({ type: str, id: z.coerce.string().nullish(), name: str, email: str }).nullish(),
  createdBy: str,
  dateCreated: str,
  dateUpdated: str,
  dataSources: z
    .array(
      z.object({
        type: str,
        queryObj: z.object({ snubaQuery: SnubaQuerySchema.nullish() }).nullish(),
      }),
    )
    .nullish(),
  conditionGroup: ConditionGroupSchema.nullish(),
  config: z.record(z.string(), z.unknown()).nullish(),
  enabled: z.boolean().nullish(),
  latestGroup: z
    .object({ id: z.coerce.string(), shortId: str, title: str, status: str, lastSeen: str })
    .nullish(),
  openIssues: z.number().nullish(),
});
export type Detector = z.output<typeof DetectorSchema>;

export interface ListOptions {
  query?: string;
  /** project slugs or ids */
  projects?: string[];
  ids?: string[];
  cursor?: string;
  perPage?: number;
  signal?: AbortSignal;
}

function listQuery(options: ListOptions) {
  return {
    query: options.query,
    project: options.projects,
    id: options.ids,
    cursor: options.cursor,
    per_page: options.perPage,
  };
}

export async function listWorkflows(
  client: SentryClient,
  org: string,
  options: ListOptions = {},
): Promise<Page<Workflow[]>> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.getPage(`/api/0/organizations/${enc(org)}/workflows/`, z.array(WorkflowSchema), {
    baseUrl,
    signal: options.signal,
    query: { ...listQuery(options), sortBy: "name" },
  });
}

export async function getWorkflow(
  client: SentryClient,
  org: string,
  workflowId: string,
  signal?: AbortSignal,
): Promise<Workflow> {
  const baseUrl = await client.regionFor(org, signal);
  return client.get(
    `/api/0/organizations/${enc(org)}/workflows/${enc(workflowId)}/`,
    WorkflowSchema,
    { baseUrl, signal },
  );
}

export async function listDetectors(
  client: SentryClient,
  org: string,
  options: ListOptions = {},
): Promise<Page<Detector[]>> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.getPage(`/api/0/organizations/${enc(org)}/detectors/`, z.array(DetectorSchema), {
    baseUrl,
    signal: options.signal,
    query: { ...listQuery(options), sortBy: "name" },
  });
}

export async function getDetector(
  client: SentryClient,
  org: string,
  detectorId: string,
  signal?: AbortSignal,
): Promise<Detector> {
  const baseUrl = await client.regionFor(org, signal);
  return client.get(
    `/api/0/organizations/${enc(org)}/detectors/${enc(detectorId)}/`,
    DetectorSchema,
    { baseUrl, signal },
  );
}
