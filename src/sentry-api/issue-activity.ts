import { z } from "zod";
import type { Page, SentryClient } from "./client.js";
import { enc } from "./organizations.js";

const str = z.string().nullish();

const ActivityUserSchema = z
  .object({ id: z.coerce.string().nullish(), name: str, username: str, email: str })
  .nullish()
  .catch(null);

export const ActivitySchema = z.object({
  id: z.coerce.string(),
  type: z.string(),
  user: ActivityUserSchema,
  sentry_app: z.object({ name: str, slug: str }).nullish().catch(null),
  data: z.record(z.string(), z.unknown()).nullish().catch(null),
  dateCreated: str,
});
export type Activity = z.output<typeof ActivitySchema>;

/** The issue's activity log, newest first (undocumented: `{"activity": [...]}`). */
export async function listIssueActivity(
  client: SentryClient,
  org: string,
  issueId: string,
  signal?: AbortSignal,
): Promise<Activity[]> {
  const baseUrl = await client.regionFor(org, signal);
  const body = await client.get(
    `/api/0/organizations/${enc(org)}/issues/${enc(issueId)}/activities/`,
    z.object({ activity: z.array(ActivitySchema).nullish() }),
    { baseUrl, signal },
  );
  return body.activity ?? [];
}

/** The issue's comments ("notes"), newest first, paginated (undocumented). */
export async function listIssueNotes(
  client: SentryClient,
  org: string,
  issueId: string,
  options: { cursor?: string; limit?: number; signal?: AbortSignal } = {},
): Promise<Page<Activity[]>> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.getPage(
    `/api/0/organizations/${enc(org)}/issues/${enc(issueId)}/notes/`,
    z.array(ActivitySchema),
    {
      baseUrl,
      signal: options.signal,
      query: { cursor: options.cursor, per_page: options.limit },
    },
  );
}

export const UserReportSchema = z.object({
  id: z.coerce.string(),
  eventID: str,
  name: str,
  email: str,
  comments: str,
  dateCreated: str,
  user: z
    .object({
      id: z.coerce.string().nullish(),
      username: str,
      email: str,
      name: str,
    })
    .nullish()
    .catch(null),
});
export type UserReport = z.output<typeof UserReportSchema>;

/** Legacy user reports (crash-report / feedback dialog) attached to an issue's events. */
export async function listIssueUserReports(
  client: SentryClient,
  org: string,
  issueId: string,
  options: { cursor?: string; limit?: number; signal?: AbortSignal } = {},
): Promise<Page<UserReport[]>> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.getPage(
    `/api/0/organizations/${enc(org)}/issues/${enc(issueId)}/user-reports/`,
    z.array(UserReportSchema),
    {
      baseUrl,
      signal: options.signal,
      query: { cursor: options.cursor, per_page: options.limit },
    },
  );
}
