import { z } from "zod";
import type { Page, SentryClient } from "./client.js";
import { enc } from "./organizations.js";

const str = z.string().nullish();

function isEntry(value: unknown): value is { type: string; data: unknown } {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { type?: unknown }).type === "string"
  );
}

function isTag(value: unknown): value is { key: string; value?: string | null } {
  if (typeof value !== "object" || value === null) return false;
  const tag = value as { key?: unknown; value?: unknown };
  return typeof tag.key === "string" && (tag.value == null || typeof tag.value === "string");
}

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
  entries: z
    .array(z.unknown())
    .nullish()
    .catch(null)
    .transform((list) => (list ?? []).flatMap((e) => (isEntry(e) ? [e] : []))),
  contexts: z.record(z.string(), z.unknown()).nullish().catch(null),
  context: z.record(z.string(), z.unknown()).nullish().catch(null),
  tags: z
    .array(z.unknown())
    .nullish()
    .catch(null)
    .transform((list) => (list ?? []).flatMap((t) => (isTag(t) ? [t] : []))),
  user: z.record(z.string(), z.unknown()).nullish().catch(null),
  sdk: z.object({ name: str, version: str }).nullish().catch(null),
  release: z
    .union([z.string(), z.object({ version: z.string() })])
    .nullish()
    .catch(null)
    .transform((r) => (r == null ? undefined : typeof r === "string" ? r : r.version)),
  environment: str,
  packages: z.record(z.string(), z.string().nullable()).nullish().catch(null),
  occurrence: z.record(z.string(), z.unknown()).nullish().catch(null),
  metadata: z.record(z.string(), z.unknown()).nullish().catch(null),
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
    environment?: string[];
    cursor?: string;
    full?: boolean;
    /** Sentry's deterministic pseudo-random order instead of newest first. */
    sample?: boolean;
    /** passed on as Sentry's `sort` (e.g. `timestamp` for oldest first) */
    sort?: string;
    limit?: number;
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
        environment: options.environment,
        cursor: options.cursor,
        full: options.full,
        sample: options.sample || undefined,
        sort: options.sort,
        per_page: options.limit,
      },
    },
  );
}

const EventLookupSchema = z.object({
  organizationSlug: str,
  projectSlug: z.string(),
  groupId: z.coerce.string().nullish(),
  eventId: str,
  event: EventSchema,
});
export type EventLookup = z.output<typeof EventLookupSchema>;

/** Finds an event by id anywhere in the organization: its project, issue and full body. */
export async function lookupEventId(
  client: SentryClient,
  org: string,
  eventId: string,
  signal?: AbortSignal,
): Promise<EventLookup> {
  const baseUrl = await client.regionFor(org, signal);
  return client.get(
    `/api/0/organizations/${enc(org)}/eventids/${enc(eventId)}/`,
    EventLookupSchema,
    { baseUrl, signal },
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
