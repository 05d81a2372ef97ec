import { z } from "zod";
import type { Page, SentryClient } from "./client.js";
import { enc } from "./organizations.js";

const str = z.string().nullish();
const num = z.number().nullish();

const AuthorSchema = z.object({ name: str, email: str, username: str });

export const CommitSchema = z.object({
  id: z.string(),
  message: str,
  dateCreated: str,
  author: AuthorSchema.nullish(),
  repository: z.object({ name: str }).nullish(),
});
export type Commit = z.output<typeof CommitSchema>;

export const DeploySchema = z.object({
  id: z.coerce.string().nullish(),
  environment: str,
  name: str,
  url: str,
  dateStarted: str,
  dateFinished: str,
});
export type Deploy = z.output<typeof DeploySchema>;

const HealthSchema = z.object({
  hasHealthData: z.boolean().nullish(),
  crashFreeSessions: num,
  crashFreeUsers: num,
  adoption: num,
  sessionsAdoption: num,
  totalSessions: num,
  totalUsers: num,
  totalSessions24h: num,
  totalUsers24h: num,
  sessionsCrashed: num,
  sessionsErrored: num,
  durationP50: num,
  durationP90: num,
});
export type ReleaseHealth = z.output<typeof HealthSchema>;

export const ReleaseSchema = z.object({
  id: z.coerce.string().nullish(),
  version: z.string(),
  shortVersion: str,
  status: str,
  ref: str,
  url: str,
  dateCreated: str,
  dateReleased: str,
  firstEvent: str,
  lastEvent: str,
  newGroups: num,
  commitCount: num,
  deployCount: num,
  lastDeploy: DeploySchema.nullish(),
  lastCommit: CommitSchema.nullish(),
  authors: z.array(AuthorSchema).nullish(),
  projects: z
    .array(
      z.object({
        id: z.coerce.string().nullish(),
        slug: z.string(),
        name: str,
        platform: str,
        newGroups: num,
        hasHealthData: z.boolean().nullish(),
        healthData: HealthSchema.nullish(),
      }),
    )
    .nullish(),
  adoptionStages: z.record(z.string(), z.object({ stage: str }).passthrough()).nullish(),
});
export type Release = z.output<typeof ReleaseSchema>;

export async function listReleases(
  client: SentryClient,
  org: string,
  options: {
    query?: string;
    project?: string;
    environment?: string;
    /** include per-project session health (`healthData`) */
    health?: boolean;
    perPage?: number;
    cursor?: string;
    signal?: AbortSignal;
  },
): Promise<Page<Release[]>> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.getPage(`/api/0/organizations/${enc(org)}/releases/`, z.array(ReleaseSchema), {
    baseUrl,
    signal: options.signal,
    query: {
      query: options.query,
      project: options.project,
      environment: options.environment,
      health: options.health ? 1 : undefined,
      summaryStatsPeriod: options.health ? "14d" : undefined,
      per_page: options.perPage,
      cursor: options.cursor,
    },
  });
}

/** One release, with per-project session health and adoption when Sentry has them. */
export async function getRelease(
  client: SentryClient,
  org: string,
  version: string,
  options: { project?: string; signal?: AbortSignal } = {},
): Promise<Release> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.get(`/api/0/organizations/${enc(org)}/releases/${enc(version)}/`, ReleaseSchema, {
    baseUrl,
    signal: options.signal,
    query: {
      health: 1,
      adoptionStages: 1,
      summaryStatsPeriod: "14d",
      project: options.project,
    },
  });
}

export async function listReleaseCommits(
  client: SentryClient,
  org: string,
  version: string,
  options: { perPage?: number; signal?: AbortSignal } = {},
): Promise<Page<Commit[]>> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.getPage(
    `/api/0/organizations/${enc(org)}/releases/${enc(version)}/commits/`,
    z.array(CommitSchema),
    { baseUrl, signal: options.signal, query: { per_page: options.perPage } },
  );
}

export async function listReleaseDeploys(
  client: SentryClient,
  org: string,
  version: string,
  options: { perPage?: number; signal?: AbortSignal } = {},
): Promise<Page<Deploy[]>> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.getPage(
    `/api/0/organizations/${enc(org)}/releases/${enc(version)}/deploys/`,
    z.array(DeploySchema),
    { baseUrl, signal: options.signal, query: { per_page: options.perPage } },
  );
}
