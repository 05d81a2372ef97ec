import { z } from "zod";
import type { Page, SentryClient } from "./client.js";
import { enc } from "./organizations.js";

const str = z.string().nullish();

export const TagValueSchema = z.object({
  value: z.string().nullish(),
  name: str,
  count: z.number().nullish(),
  firstSeen: str,
  lastSeen: str,
});
export type TagValue = z.output<typeof TagValueSchema>;

export const TagKeyDetailSchema = z.object({
  key: z.string(),
  name: str,
  totalValues: z.number().nullish(),
  uniqueValues: z.number().nullish(),
  topValues: z.array(TagValueSchema).nullish(),
});
export type TagKeyDetail = z.output<typeof TagKeyDetailSchema>;

/** One tag key of an issue: event total, distinct values and the top values. */
export async function getIssueTag(
  client: SentryClient,
  org: string,
  issueId: string,
  key: string,
  options: { environment?: string[]; signal?: AbortSignal } = {},
): Promise<TagKeyDetail> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.get(
    `/api/0/organizations/${enc(org)}/issues/${enc(issueId)}/tags/${enc(key)}/`,
    TagKeyDetailSchema,
    { baseUrl, signal: options.signal, query: { environment: options.environment } },
  );
}

/** A page of one tag's values, by default most frequent first. */
export async function listIssueTagValues(
  client: SentryClient,
  org: string,
  issueId: string,
  key: string,
  options: {
    sort?: string;
    environment?: string[];
    cursor?: string;
    limit?: number;
    signal?: AbortSignal;
  } = {},
): Promise<Page<TagValue[]>> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.getPage(
    `/api/0/organizations/${enc(org)}/issues/${enc(issueId)}/tags/${enc(key)}/values/`,
    z.array(TagValueSchema),
    {
      baseUrl,
      signal: options.signal,
      query: {
        sort: options.sort ?? "-count",
        environment: options.environment,
        cursor: options.cursor,
        per_page: options.limit,
      },
    },
  );
}
