import { z } from "zod";
import type { SentryClient } from "./client.js";
import { enc } from "./organizations.js";

export const OrgTagSchema = z.object({
  key: z.string(),
  name: z.string().nullish(),
  uniqueValues: z.number().nullish(),
});
export type OrgTag = z.output<typeof OrgTagSchema>;

/** `GET /organizations/{org}/tags/`: tag keys seen in the organization's events. */
export async function listOrganizationTags(
  client: SentryClient,
  org: string,
  options: {
    dataset?: "events" | "search_issues" | "discover";
    statsPeriod?: string;
    signal?: AbortSignal;
  } = {},
): Promise<OrgTag[]> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.get(`/api/0/organizations/${enc(org)}/tags/`, z.array(OrgTagSchema), {
    baseUrl,
    signal: options.signal,
    query: {
      dataset: options.dataset,
      statsPeriod: options.statsPeriod ?? "14d",
      use_cache: "1",
    },
  });
}
