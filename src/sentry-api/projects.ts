import { z } from "zod";
import type { Page, SentryClient } from "./client.js";
import { enc } from "./organizations.js";

const str = z.string().nullish();

export const ProjectSchema = z.object({
  id: z.coerce.string(),
  slug: z.string(),
  name: str,
  platform: str,
  dateCreated: str,
  features: z.array(z.string()).nullish(),
  hasProfiles: z.boolean().nullish(),
  hasReplays: z.boolean().nullish(),
  hasMonitors: z.boolean().nullish(),
  hasSessions: z.boolean().nullish(),
  firstTransactionEvent: z.boolean().nullish(),
  hasLogs: z.boolean().nullish(),
  teams: z.array(z.object({ id: z.coerce.string(), slug: z.string(), name: str })).nullish(),
});
export type Project = z.output<typeof ProjectSchema>;

export async function listProjects(
  client: SentryClient,
  org: string,
  options: { query?: string; cursor?: string; perPage?: number; signal?: AbortSignal } = {},
): Promise<Page<Project[]>> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.getPage(`/api/0/organizations/${enc(org)}/projects/`, z.array(ProjectSchema), {
    baseUrl,
    query: { query: options.query, cursor: options.cursor, per_page: options.perPage },
    signal: options.signal,
  });
}

export async function getProject(
  client: SentryClient,
  org: string,
  project: string,
  signal?: AbortSignal,
): Promise<Project> {
  const baseUrl = await client.regionFor(org, signal);
  return client.get(`/api/0/projects/${enc(org)}/${enc(project)}/`, ProjectSchema, {
    baseUrl,
    signal,
  });
}
