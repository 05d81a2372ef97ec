import { z } from "zod";
import type { Page, SentryClient } from "./client.js";
import { enc } from "./organizations.js";

const str = z.string().nullish();
const count = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v == null ? undefined : Number(v)));

export const ActorSchema = z.object({
  id: z.coerce.string().nullish(),
  type: str,
  name: str,
  email: str,
});

export const IssueSchema = z.object({
  id: z.coerce.string(),
  shortId: str,
  title: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  culprit: str,
  permalink: str,
  level: str,
  status: str,
  substatus: str,
  statusDetails: z.record(z.string(), z.unknown()).nullish(),
  platform: str,
  type: str,
  issueType: str,
  issueCategory: str,
  priority: str,
  isUnhandled: z.boolean().nullish(),
  count,
  userCount: count,
  numComments: z.number().nullish(),
  userReportCount: z.number().nullish(),
  firstSeen: str,
  lastSeen: str,
  project: z.object({
    id: z.coerce.string().nullish(),
    slug: z.string(),
    name: str,
    platform: str,
  }),
  assignedTo: ActorSchema.nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  firstRelease: z.object({ version: z.string() }).nullish(),
  lastRelease: z.object({ version: z.string() }).nullish(),
});
export type Issue = z.output<typeof IssueSchema>;

/** Built once: a schema made per call is constructed again on every call. */
const IssueListSchema = z.array(IssueSchema);

export interface IssueSearch {
  query?: string;
  sort?: string;
  statsPeriod?: string;
  start?: string;
  end?: string;
  projectIds?: string[];
  environment?: string;
  limit?: number;
  cursor?: string;
  signal?: AbortSignal;
}

export async function listIssues(
  client: SentryClient,
  org: string,
  search: IssueSearch,
): Promise<Page<Issue[]>> {
  const baseUrl = await client.regionFor(org, search.signal);
  return client.getPage(`/api/0/organizations/${enc(org)}/issues/`, IssueListSchema, {
    baseUrl,
    signal: search.signal,
    query: {
      query: search.query,
      sort: search.sort,
      statsPeriod: search.statsPeriod,
      start: search.start,
      end: search.end,
      project: search.projectIds,
      environment: search.environment,
      limit: search.limit,
      cursor: search.cursor,
    },
  });
}

/** Looks an issue up by numeric id or short id (`BACKEND-1A`); Sentry resolves both here. */
export async function getIssue(
  client: SentryClient,
  org: string,
  issueId: string,
  signal?: AbortSignal,
): Promise<Issue> {
  const baseUrl = await client.regionFor(org, signal);
  return client.get(`/api/0/organizations/${enc(org)}/issues/${enc(issueId)}/`, IssueSchema, {
    baseUrl,
    signal,
  });
}

const TagValueSchema = z.object({
  value: z.string().nullish(),
  name: str,
  count: z.number().nullish(),
});
export const IssueTagSchema = z.object({
  key: z.string(),
  name: str,
  totalValues: z.number().nullish(),
  topValues: z.array(TagValueSchema).nullish(),
});
export type IssueTag = z.output<typeof IssueTagSchema>;

export async function listIssueTags(
  client: SentryClient,
  org: string,
  issueId: string,
  signal?: AbortSignal,
): Promise<IssueTag[]> {
  const baseUrl = await client.regionFor(org, signal);
  return client.get(
    `/api/0/organizations/${enc(org)}/issues/${enc(issueId)}/tags/`,
    z.array(IssueTagSchema),
    {
      baseUrl,
      signal,
    },
  );
}
