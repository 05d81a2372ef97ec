import { z } from "zod";
import type { Page, SentryClient } from "./client.js";
import { enc } from "./organizations.js";

const str = z.string().nullish();

export const TeamSchema = z.object({
  id: z.coerce.string(),
  slug: z.string(),
  name: str,
  memberCount: z.number().nullish(),
  isMember: z.boolean().nullish(),
  dateCreated: str,
  projects: z.array(z.object({ slug: z.string() })).nullish(),
});
export type Team = z.output<typeof TeamSchema>;

export async function listTeams(
  client: SentryClient,
  org: string,
  options: { query?: string; cursor?: string; perPage?: number; signal?: AbortSignal } = {},
): Promise<Page<Team[]>> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.getPage(`/api/0/organizations/${enc(org)}/teams/`, z.array(TeamSchema), {
    baseUrl,
    query: { query: options.query, cursor: options.cursor, per_page: options.perPage },
    signal: options.signal,
  });
}
