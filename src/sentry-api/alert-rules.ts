/**
 * Legacy alert rules, still the only alerting API on older self-hosted Sentry: issue alert rules
 * (project-scoped, `/projects/{org}/{project}/rules/`) and metric alert rules
 * (`/organizations/{org}/alert-rules/`).
 */

import { z } from "zod";
import type { Page, SentryClient } from "./client.js";
import { enc } from "./organizations.js";

const str = z.string().nullish();
const id = z.coerce.string();

/** A rule component: `id` is the component class (e.g. `...EventFrequencyCondition`). */
export const RuleComponentSchema = z.record(z.string(), z.unknown());
export type RuleComponent = z.output<typeof RuleComponentSchema>;

const Creator = z.object({ id: z.coerce.string().nullish(), name: str, email: str }).nullish();

export const IssueAlertRuleSchema = z.object({
  id,
  name: z.string(),
  conditions: z.array(RuleComponentSchema).nullish(),
  filters: z.array(RuleComponentSchema).nullish(),
  actions: z.array(RuleComponentSchema).nullish(),
  actionMatch: str,
  filterMatch: str,
  frequency: z.number().nullish(),
  environment: str,
  projects: z.array(z.string()).nullish(),
  status: str,
  owner: str,
  createdBy: Creator,
  dateCreated: str,
  lastTriggered: str,
  snooze: z.boolean().nullish(),
});
export type IssueAlertRule = z.output<typeof IssueAlertRuleSchema>;

export const MetricTriggerActionSchema = z.object({
  type: str,
  targetType: str,
  targetIdentifier: z.union([z.string(), z.number()]).nullish(),
  inputChannelId: str,
  integrationId: z.coerce.string().nullish(),
  desc: str,
});

export const MetricAlertRuleSchema = z.object({
  id,
  name: z.string(),
  dataset: str,
  query: str,
  aggregate: str,
  /** minutes */
  timeWindow: z.number().nullish(),
  environment: str,
  thresholdType: z.number().nullish(),
  resolveThreshold: z.number().nullish(),
  comparisonDelta: z.number().nullish(),
  detectionType: str,
  triggers: z
    .array(
      z.object({
        label: str,
        alertThreshold: z.number().nullish(),
        resolveThreshold: z.number().nullish(),
        actions: z.array(MetricTriggerActionSchema).nullish(),
      }),
    )
    .nullish(),
  projects: z.array(z.string()).nullish(),
  owner: str,
  createdBy: Creator,
  dateCreated: str,
  dateModified: str,
  status: z.number().nullish(),
  snooze: z.boolean().nullish(),
});
export type MetricAlertRule = z.output<typeof MetricAlertRuleSchema>;

export async function listIssueAlertRules(
  client: SentryClient,
  org: string,
  project: string,
  options: { cursor?: string; perPage?: number; signal?: AbortSignal } = {},
): Promise<Page<IssueAlertRule[]>> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.getPage(
    `/api/0/projects/${enc(org)}/${enc(project)}/rules/`,
    z.array(IssueAlertRuleSchema),
    {
      baseUrl,
      signal: options.signal,
      query: { cursor: options.cursor, per_page: options.perPage },
    },
  );
}

export async function getIssueAlertRule(
  client: SentryClient,
  org: string,
  project: string,
  ruleId: string,
  signal?: AbortSignal,
): Promise<IssueAlertRule> {
  const baseUrl = await client.regionFor(org, signal);
  return client.get(
    `/api/0/projects/${enc(org)}/${enc(project)}/rules/${enc(ruleId)}/`,
    IssueAlertRuleSchema,
    { baseUrl, signal },
  );
}

export async function listMetricAlertRules(
  client: SentryClient,
  org: string,
  options: {
    projects?: string[];
    query?: string;
    cursor?: string;
    perPage?: number;
    signal?: AbortSignal;
  } = {},
): Promise<Page<MetricAlertRule[]>> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.getPage(
    `/api/0/organizations/${enc(org)}/alert-rules/`,
    z.array(MetricAlertRuleSchema),
    {
      baseUrl,
      signal: options.signal,
      query: {
        project: options.projects,
        name: options.query,
        cursor: options.cursor,
        per_page: options.perPage,
      },
    },
  );
}

export async function getMetricAlertRule(
  client: SentryClient,
  org: string,
  ruleId: string,
  signal?: AbortSignal,
): Promise<MetricAlertRule> {
  const baseUrl = await client.regionFor(org, signal);
  return client.get(
    `/api/0/organizations/${enc(org)}/alert-rules/${enc(ruleId)}/`,
    MetricAlertRuleSchema,
    { baseUrl, signal },
  );
}
