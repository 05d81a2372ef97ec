/**
 * Custom inbound filters: `/projects/{org}/{project}/custom-inbound-filters/[{id}/]`. Rules that
 * drop matching errors, logs, metrics or spans at ingest. An organization without the feature
 * answers 400 "You do not have that feature enabled".
 */

import { z } from "zod";
import type { Page, SentryClient } from "./client.js";
import { enc } from "./organizations.js";

export const InboundFilterSchema = z.object({
  id: z.coerce.string(),
  name: z.string().nullish(),
  active: z.boolean(),
  dataType: z.string(),
  conditions: z.array(z.object({ type: z.string(), value: z.array(z.string()) })),
  dateCreated: z.string().nullish(),
  dateUpdated: z.string().nullish(),
});
export type InboundFilter = z.output<typeof InboundFilterSchema>;

export interface InboundFilterWrite {
  name?: string;
  active?: boolean;
  dataType?: string;
  conditions?: Array<{ type: string; value: string[] }>;
}

const listPath = (org: string, project: string) =>
  `/api/0/projects/${enc(org)}/${enc(project)}/custom-inbound-filters/`;
const detailPath = (org: string, project: string, id: string) =>
  `${listPath(org, project)}${enc(id)}/`;

export async function listInboundFilters(
  client: SentryClient,
  org: string,
  project: string,
  options: { cursor?: string; perPage?: number; signal?: AbortSignal } = {},
): Promise<Page<InboundFilter[]>> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.getPage(listPath(org, project), z.array(InboundFilterSchema), {
    baseUrl,
    signal: options.signal,
    query: { cursor: options.cursor, per_page: options.perPage },
  });
}

export async function getInboundFilter(
  client: SentryClient,
  org: string,
  project: string,
  id: string,
  signal?: AbortSignal,
): Promise<InboundFilter> {
  const baseUrl = await client.regionFor(org, signal);
  return client.get(detailPath(org, project, id), InboundFilterSchema, { baseUrl, signal });
}

export async function createInboundFilter(
  client: SentryClient,
  org: string,
  project: string,
  body: InboundFilterWrite,
  signal?: AbortSignal,
): Promise<InboundFilter> {
  const baseUrl = await client.regionFor(org, signal);
  return client.send("POST", listPath(org, project), body, InboundFilterSchema, {
    baseUrl,
    signal,
  });
}

export async function updateInboundFilter(
  client: SentryClient,
  org: string,
  project: string,
  id: string,
  body: InboundFilterWrite,
  signal?: AbortSignal,
): Promise<InboundFilter> {
  const baseUrl = await client.regionFor(org, signal);
  return client.send("PUT", detailPath(org, project, id), body, InboundFilterSchema, {
    baseUrl,
    signal,
  });
}

export async function deleteInboundFilter(
  client: SentryClient,
  org: string,
  project: string,
  id: string,
  signal?: AbortSignal,
): Promise<void> {
  const baseUrl = await client.regionFor(org, signal);
  await client.send("DELETE", detailPath(org, project, id), undefined, z.unknown(), {
    baseUrl,
    signal,
  });
}
