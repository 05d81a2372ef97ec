/** Connected repositories (`/organizations/{org}/repos/`) and code mappings linking them. */

import { z } from "zod";
import type { SentryClient } from "./client.js";
import { enc } from "./organizations.js";

const str = z.string().nullish();

export const RepositorySchema = z.object({
  id: z.coerce.string(),
  name: z.string(),
  provider: z.object({ id: str, name: str }).nullish(),
});
export type Repository = z.output<typeof RepositorySchema>;

/** Every repository whose name contains `query` (pages of 100, at most `maxPages`). */
export async function listRepositories(
  client: SentryClient,
  org: string,
  options: { query?: string; maxPages?: number; signal?: AbortSignal } = {},
): Promise<Repository[]> {
  const baseUrl = await client.regionFor(org, options.signal);
  const out: Repository[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < (options.maxPages ?? 5); n++) {
    const page = await client.getPage(
      `/api/0/organizations/${enc(org)}/repos/`,
      z.array(RepositorySchema),
      {
        baseUrl,
        signal: options.signal,
        query: { query: options.query, per_page: 100, cursor },
      },
    );
    out.push(...page.data);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return out;
}

const CodeMappingResultSchema = z.object({
  created: z.number().nullish(),
  updated: z.number().nullish(),
  errors: z.number().nullish(),
  mappings: z.array(z.object({ status: str })).nullish(),
});

/** Links a repository to a project with one root code mapping (`/` → `/`). Sent once. */
export async function linkRepository(
  client: SentryClient,
  org: string,
  link: { project: string; repository: string; provider: string | null },
  signal?: AbortSignal,
): Promise<boolean> {
  const baseUrl = await client.regionFor(org, signal);
  const result = await client.send(
    "POST",
    `/api/0/organizations/${enc(org)}/code-mappings/bulk/`,
    { ...link, mappings: [{ stackRoot: "", sourceRoot: "" }] },
    CodeMappingResultSchema,
    { baseUrl, signal },
  );
  return (
    (result.errors ?? 0) === 0 &&
    (result.mappings ?? []).some((m) => m.status === "created" || m.status === "updated")
  );
}
