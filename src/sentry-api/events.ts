import { z } from "zod";
import type { Page, SentryClient } from "./client.js";
import { enc } from "./organizations.js";

const str = z.string().nullish();

/** Entries stay loosely typed here; tools/support/event-entries.ts reads each kind tolerantly. */
export const EventSchema = z.object({
  id: z.coerce.string().nullish(),
  eventID: z.string(),
  groupID: z.coerce.string().nullish(),
  projectID: z.coerce.string().nullish(),
  title: str,
  message: str,
  type: str,
  platform: str,
  culprit: str,
  dateCreated: str,
  dateReceived: str,
  entries: z.array(z.object({ type: z.string(), data: z.unknown() })).nullish(),
  contexts: z.record(z.string(), z.unknown()).nullish(),
  context: z.record(z.string(), z.unknown()).nullish(),
  tags: z.array(z.object({ key: z.string(), value: z.string().nullish() })).nullish(),
  user: z.record(z.string(), z.unknown()).nullish(),
  sdk: z.object({ name: str, version: str }).nullish(),
  release: z
    .union([z.string(), z.object({ version: z.string() })])
    .nullish()
    .transform((r) => (r == null ? undefined : typeof r === "string" ? r : r.version)),
  environment: str,
  packages: z.record(z.string(), z.string().nullable()).nullish(),
  occurrence: z.record(z.string(), z.unknown()).nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});
export type SentryEvent = z.output<typeof EventSchema>;

/** `eventId` is a 32-hex id or one of `latest`, `oldest`, `recommended`. */
export async function getIssueEvent(
  client: SentryClient,
  org: string,
  issueId: string,
  eventId: string,
  signal?: AbortSignal,
): Promise<SentryEvent> {
  const baseUrl = await client.regionFor(org, signal);
  return client.get(
    `/api/0/organizations/${enc(org)}/issues/${enc(issueId)}/events/${enc(eventId)}/`,
    EventSchema,
    {
      baseUrl,
      signal,
    },
  );
}

export async function getProjectEvent(
  client: SentryClient,
  org: string,
  project: string,
  eventId: string,
  signal?: AbortSignal,
): Promise<SentryEvent> {
  const baseUrl = await client.regionFor(org, signal);
  return client.get(
    `/api/0/projects/${enc(org)}/${enc(project)}/events/${enc(eventId)}/`,
    EventSchema,
    {
      baseUrl,
      signal,
    },
  );
}

export async function listIssueEvents(
  client: SentryClient,
  org: string,
  issueId: string,
  options: {
    query?: string;
    statsPeriod?: string;
    cursor?: string;
    full?: boolean;
    signal?: AbortSignal;
  },
): Promise<Page<SentryEvent[]>> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.getPage(
    `/api/0/organizations/${enc(org)}/issues/${enc(issueId)}/events/`,
    z.array(EventSchema),
    {
      baseUrl,
      signal: options.signal,
      query: {
        query: options.query,
        statsPeriod: options.statsPeriod,
        cursor: options.cursor,
        full: options.full,
      },
    },
  );
}

const CommitSchema = z.object({
  id: z.string(),
  message: str,
  dateCreated: str,
  suspectCommitType: str,
  repository: z.object({ name: str }).nullish(),
});

export const CommittersSchema = z.object({
  committers: z
    .array(
      z.object({
        author: z.object({ name: str, email: str, username: str }).nullish(),
        commits: z.array(CommitSchema).nullish(),
      }),
    )
    .nullish(),
});
export type Committers = z.output<typeof CommittersSchema>;

/** Suspect commits for an event (via SCM integration or release commits). */
export async function getEventCommitters(
  client: SentryClient,
  org: string,
  project: string,
  eventId: string,
  signal?: AbortSignal,
): Promise<Committers> {
  const baseUrl = await client.regionFor(org, signal);
  return client.get(
    `/api/0/projects/${enc(org)}/${enc(project)}/events/${enc(eventId)}/committers/`,
    CommittersSchema,
    { baseUrl, signal },
  );
}
