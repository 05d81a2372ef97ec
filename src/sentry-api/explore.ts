import { z } from "zod";
import type { Page, SentryClient } from "./client.js";
import { enc } from "./organizations.js";

const str = z.string().nullish();

/** `GET /organizations/{org}/events/`: rows keyed by field, plus each field's type and unit. */
export const EventsTableSchema = z.object({
  data: z.array(z.record(z.string(), z.unknown())),
  meta: z
    .object({
      fields: z.record(z.string(), z.string()).nullish(),
      units: z.record(z.string(), z.string().nullable()).nullish(),
      dataset: str,
    })
    .nullish(),
});
export type EventsTable = z.output<typeof EventsTableSchema>;

export interface TimeRange {
  statsPeriod?: string;
  start?: string;
  end?: string;
}

export interface EventsQuery extends TimeRange {
  /** Sentry's dataset name: errors, spans, logs, tracemetrics, profile_functions */
  dataset: string;
  fields: string[];
  query?: string;
  sort?: string;
  environment?: string | string[];
  perPage?: number;
  cursor?: string;
  signal?: AbortSignal;
}

export async function queryEventsTable(
  client: SentryClient,
  org: string,
  q: EventsQuery,
): Promise<Page<EventsTable>> {
  const baseUrl = await client.regionFor(org, q.signal);
  return client.getPage(`/api/0/organizations/${enc(org)}/events/`, EventsTableSchema, {
    baseUrl,
    signal: q.signal,
    query: {
      dataset: q.dataset,
      field: q.fields,
      query: q.query,
      sort: q.sort,
      statsPeriod: q.statsPeriod,
      start: q.start,
      end: q.end,
      environment: q.environment,
      per_page: q.perPage,
      cursor: q.cursor,
      referrer: "api.mcp.search-events",
    },
  });
}

export interface ReplaysQuery extends TimeRange {
  fields: string[];
  query?: string;
  sort?: string;
  projectSlug?: string;
  environment?: string | string[];
  perPage?: number;
  cursor?: string;
  signal?: AbortSignal;
}

const ReplaysTableSchema = z.object({ data: z.array(z.record(z.string(), z.unknown())) });

/** `GET /organizations/{org}/replays/`: replay rows with the requested fields. */
export async function queryReplaysTable(
  client: SentryClient,
  org: string,
  q: ReplaysQuery,
): Promise<Page<Array<Record<string, unknown>>>> {
  const baseUrl = await client.regionFor(org, q.signal);
  const page = await client.getPage(
    `/api/0/organizations/${enc(org)}/replays/`,
    ReplaysTableSchema,
    {
      baseUrl,
      signal: q.signal,
      query: {
        field: q.fields,
        query: q.query,
        sort: q.sort,
        statsPeriod: q.statsPeriod,
        start: q.start,
        end: q.end,
        projectSlug: q.projectSlug,
        environment: q.environment,
        per_page: q.perPage,
        cursor: q.cursor,
      },
    },
  );
  return { data: page.data.data, nextCursor: page.nextCursor };
}

export const TraceItemAttributeSchema = z.object({
  key: z.string(),
  name: str,
  attributeType: str,
});
export type TraceItemAttribute = z.output<typeof TraceItemAttributeSchema>;

/** Attribute names of a trace-item dataset (spans, logs, tracemetrics) of one type. */
export async function listTraceItemAttributes(
  client: SentryClient,
  org: string,
  itemType: string,
  attributeType: "string" | "number",
  signal?: AbortSignal,
): Promise<TraceItemAttribute[]> {
  const baseUrl = await client.regionFor(org, signal);
  return client.get(
    `/api/0/organizations/${enc(org)}/trace-items/attributes/`,
    z.array(TraceItemAttributeSchema),
    { baseUrl, signal, query: { itemType, attributeType, statsPeriod: "14d" } },
  );
}
