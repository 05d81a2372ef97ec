import { z } from "zod";
import type { Page, SentryClient } from "./client.js";
import { enc } from "./organizations.js";

// Writes are sent exactly once: SentryClient never retries, and callers must not either (a
// repeated POST could create a second monitor). See src/tools/support/write-errors.ts.

const str = z.string().nullish();

/**
 * An uptime monitor (undocumented in the spec; shape from Sentry's serializer). Request header
 * values and the request body may hold credentials: tools show header names only.
 */
export const UptimeMonitorSchema = z.object({
  id: z.coerce.string(),
  projectSlug: str,
  name: str,
  environment: str,
  status: str,
  uptimeStatus: z.number().nullish(),
  mode: z.number().nullish(),
  owner: z.object({ type: str, id: z.coerce.string().nullish(), name: str, email: str }).nullish(),
  url: str,
  method: str,
  body: str,
  headers: z.array(z.array(z.string())).nullish(),
  intervalSeconds: z.number().nullish(),
  timeoutMs: z.number().nullish(),
  traceSampling: z.boolean().nullish(),
  responseCaptureEnabled: z.boolean().nullish(),
  recoveryThreshold: z.number().nullish(),
  downtimeThreshold: z.number().nullish(),
});
export type UptimeMonitor = z.output<typeof UptimeMonitorSchema>;

/** Fields of a create or update (camelCase, as Sentry's validator accepts them). */
export interface UptimeMonitorFields {
  name?: string;
  url?: string;
  method?: string;
  headers?: Array<[string, string]>;
  body?: string | null;
  intervalSeconds?: number;
  timeoutMs?: number;
  environment?: string | null;
  status?: "active" | "disabled";
  owner?: string | null;
  traceSampling?: boolean;
  responseCaptureEnabled?: boolean;
  recoveryThreshold?: number;
  downtimeThreshold?: number;
}

export async function listUptimeMonitors(
  client: SentryClient,
  org: string,
  options: {
    projectSlug?: string;
    environment?: string;
    owner?: string;
    query?: string;
    cursor?: string;
    perPage?: number;
    signal?: AbortSignal;
  } = {},
): Promise<Page<UptimeMonitor[]>> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.getPage(`/api/0/organizations/${enc(org)}/uptime/`, z.array(UptimeMonitorSchema), {
    baseUrl,
    query: {
      projectSlug: options.projectSlug,
      environment: options.environment,
      owner: options.owner,
      query: options.query,
      cursor: options.cursor,
      per_page: options.perPage,
    },
    signal: options.signal,
  });
}

const monitorPath = (org: string, project: string, id: string) =>
  `/api/0/projects/${enc(org)}/${enc(project)}/uptime/${enc(id)}/`;

export async function getUptimeMonitor(
  client: SentryClient,
  org: string,
  project: string,
  id: string,
  signal?: AbortSignal,
): Promise<UptimeMonitor> {
  const baseUrl = await client.regionFor(org, signal);
  return client.get(monitorPath(org, project, id), UptimeMonitorSchema, { baseUrl, signal });
}

/** One check result (undocumented endpoint; shape from Sentry's serializer). */
export const UptimeCheckSchema = z.object({
  timestamp: str,
  scheduledCheckTime: str,
  checkStatus: str,
  checkStatusReason: str,
  httpStatusCode: z.number().nullish(),
  durationMs: z.number().nullish(),
  environment: str,
  regionName: str,
  region: str,
});
export type UptimeCheck = z.output<typeof UptimeCheckSchema>;

/** Recent checks, newest first, over `statsPeriod` or `start`..`end`. */
export async function listUptimeChecks(
  client: SentryClient,
  org: string,
  project: string,
  id: string,
  options: {
    statsPeriod?: string;
    start?: string;
    end?: string;
    perPage?: number;
    signal?: AbortSignal;
  },
): Promise<UptimeCheck[]> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.get(`${monitorPath(org, project, id)}checks/`, z.array(UptimeCheckSchema), {
    baseUrl,
    signal: options.signal,
    query: {
      statsPeriod: options.statsPeriod,
      start: options.start,
      end: options.end,
      per_page: options.perPage,
    },
  });
}

export async function createUptimeMonitor(
  client: SentryClient,
  org: string,
  project: string,
  fields: UptimeMonitorFields,
  signal?: AbortSignal,
): Promise<UptimeMonitor> {
  const baseUrl = await client.regionFor(org, signal);
  return client.send(
    "POST",
    `/api/0/projects/${enc(org)}/${enc(project)}/uptime/`,
    fields,
    UptimeMonitorSchema,
    { baseUrl, signal },
  );
}

export async function updateUptimeMonitor(
  client: SentryClient,
  org: string,
  project: string,
  id: string,
  fields: UptimeMonitorFields,
  signal?: AbortSignal,
): Promise<UptimeMonitor> {
  const baseUrl = await client.regionFor(org, signal);
  return client.send("PUT", monitorPath(org, project, id), fields, UptimeMonitorSchema, {
    baseUrl,
    signal,
  });
}

export async function deleteUptimeMonitor(
  client: SentryClient,
  org: string,
  project: string,
  id: string,
  signal?: AbortSignal,
): Promise<void> {
  const baseUrl = await client.regionFor(org, signal);
  await client.send("DELETE", monitorPath(org, project, id), undefined, z.unknown(), {
    baseUrl,
    signal,
  });
}
