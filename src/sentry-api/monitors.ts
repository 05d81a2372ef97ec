/**
 * Cron monitors: `/organizations/{org}/monitors/`, one monitor, its check-ins and check-in stats.
 * Note: the API returns `environments` as an array (the spec says object).
 */

import { z } from "zod";
import type { Page, SentryClient } from "./client.js";
import { enc } from "./organizations.js";

const str = z.string().nullish();
const num = z.number().nullish();

export const MonitorConfigSchema = z.object({
  schedule_type: str,
  schedule: z.union([z.string(), z.array(z.union([z.number(), z.string()]))]).nullish(),
  checkin_margin: num,
  max_runtime: num,
  timezone: str,
  failure_issue_threshold: num,
  recovery_threshold: num,
});
export type MonitorConfig = z.output<typeof MonitorConfigSchema>;

export const MonitorEnvironmentSchema = z.object({
  name: z.string(),
  status: str,
  isMuted: z.boolean().nullish(),
  lastCheckIn: str,
  nextCheckIn: str,
  nextCheckInLatest: str,
  activeIncident: z.object({ startingTimestamp: str }).nullish(),
});
export type MonitorEnvironment = z.output<typeof MonitorEnvironmentSchema>;

export const MonitorSchema = z.object({
  id: z.coerce.string(),
  slug: z.string(),
  name: str,
  status: str,
  isMuted: z.boolean().nullish(),
  config: MonitorConfigSchema.nullish(),
  dateCreated: str,
  project: z.object({ id: z.coerce.string().nullish(), slug: z.string(), name: str }).nullish(),
  // Tolerate the documented object form too; real responses are arrays.
  environments: z
    .union([z.array(MonitorEnvironmentSchema), MonitorEnvironmentSchema])
    .nullish()
    .transform((v) => (v == null ? [] : Array.isArray(v) ? v : [v])),
  owner: z.object({ type: str, id: z.coerce.string().nullish(), name: str, email: str }).nullish(),
});
export type Monitor = z.output<typeof MonitorSchema>;

export const CheckInSchema = z.object({
  id: z.coerce.string(),
  environment: str,
  status: str,
  /** milliseconds */
  duration: num,
  dateCreated: str,
  expectedTime: str,
});
export type CheckIn = z.output<typeof CheckInSchema>;

export const MonitorStatsBucketSchema = z
  .object({ ts: z.number(), duration: num })
  .catchall(z.unknown());
export type MonitorStatsBucket = z.output<typeof MonitorStatsBucketSchema>;

export async function listMonitors(
  client: SentryClient,
  org: string,
  options: {
    query?: string;
    projects?: string[];
    environments?: string[];
    owner?: string;
    cursor?: string;
    perPage?: number;
    signal?: AbortSignal;
  } = {},
): Promise<Page<Monitor[]>> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.getPage(`/api/0/organizations/${enc(org)}/monitors/`, z.array(MonitorSchema), {
    baseUrl,
    signal: options.signal,
    query: {
      query: options.query,
      project: options.projects,
      environment: options.environments,
      owner: options.owner,
      cursor: options.cursor,
      per_page: options.perPage,
    },
  });
}

export async function getMonitor(
  client: SentryClient,
  org: string,
  monitor: string,
  options: { environments?: string[]; signal?: AbortSignal } = {},
): Promise<Monitor> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.get(`/api/0/organizations/${enc(org)}/monitors/${enc(monitor)}/`, MonitorSchema, {
    baseUrl,
    signal: options.signal,
    query: { environment: options.environments },
  });
}

export async function listCheckIns(
  client: SentryClient,
  org: string,
  monitor: string,
  options: {
    environments?: string[];
    statsPeriod?: string;
    start?: string;
    end?: string;
    perPage?: number;
    signal?: AbortSignal;
  } = {},
): Promise<CheckIn[]> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.get(
    `/api/0/organizations/${enc(org)}/monitors/${enc(monitor)}/checkins/`,
    z.array(CheckInSchema),
    {
      baseUrl,
      signal: options.signal,
      query: {
        environment: options.environments,
        statsPeriod: options.statsPeriod,
        start: options.start,
        end: options.end,
        per_page: options.perPage,
      },
    },
  );
}

/** Check-in counts per time bucket (undocumented endpoint). */
export async function getMonitorStats(
  client: SentryClient,
  org: string,
  monitor: string,
  options: {
    since: number;
    until: number;
    resolution: string;
    environments?: string[];
    signal?: AbortSignal;
  },
): Promise<MonitorStatsBucket[]> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.get(
    `/api/0/organizations/${enc(org)}/monitors/${enc(monitor)}/stats/`,
    z.array(MonitorStatsBucketSchema),
    {
      baseUrl,
      signal: options.signal,
      query: {
        since: options.since,
        until: options.until,
        resolution: options.resolution,
        environment: options.environments,
      },
    },
  );
}
