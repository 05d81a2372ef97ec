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

/** One release; with `health`, per-project session health and adoption when Sentry has them. */
export async function getRelease(
  client: SentryClient,
  org: string,
  version: string,
  options: { project?: string; health?: boolean; signal?: AbortSignal } = {},
): Promise<Release> {
  const baseUrl = await client.regionFor(org, options.signal);
  const health = options.health ?? true;
  return client.get(`/api/0/organizations/${enc(org)}/releases/${enc(version)}/`, ReleaseSchema, {
    baseUrl,
    signal: options.signal,
    query: {
      health: health ? 1 : undefined,
      adoptionStages: health ? 1 : undefined,
      summaryStatsPeriod: health ? "14d" : undefined,
      project: options.project,
    },
  });
}

/** The release's commits; with a project (slug or ID), only those of that project's repos. */
export async function listReleaseCommits(
  client: SentryClient,
  org: string,
  version: string,
  options: { project?: string; perPage?: number; signal?: AbortSignal } = {},
): Promise<Page<Commit[]>> {
  const baseUrl = await client.regionFor(org, options.signal);
  const path = options.project
    ? `/api/0/projects/${enc(org)}/${enc(options.project)}/releases/${enc(version)}/commits/`
    : `/api/0/organizations/${enc(org)}/releases/${enc(version)}/commits/`;
  return client.getPage(path, z.array(CommitSchema), {
    baseUrl,
    signal: options.signal,
    query: { per_page: options.perPage },
  });
}

/** The release's deploys; a project is sent as `project` (ID) or `projectSlug`. */
export async function listReleaseDeploys(
  client: SentryClient,
  org: string,
  version: string,
  options: { project?: string; perPage?: number; signal?: AbortSignal } = {},
): Promise<Page<Deploy[]>> {
  const baseUrl = await client.regionFor(org, options.signal);
  const ref = options.project;
  const numeric = ref !== undefined && /^\d+$/.test(ref);
  return client.getPage(
    `/api/0/organizations/${enc(org)}/releases/${enc(version)}/deploys/`,
    z.array(DeploySchema),
    {
      baseUrl,
      signal: options.signal,
      query: {
        project: numeric ? ref : undefined,
        projectSlug: numeric ? undefined : ref,
        per_page: options.perPage,
      },
    },
  );
}
