import type { SentryClient } from "./client.js";
import {
  type IssueUpdate,
  type IssueUpdateResult,
  IssueUpdateResultSchema,
} from "./issue-writes.js";
import { enc } from "./organizations.js";

/**
 * `PUT /organizations/{org}/issues/?id=..&id=..`: the same partial update applied to every
 * listed issue (numeric ids). Sentry answers the applied fields, or 204 when no issue matched.
 * Sent once, never retried.
 */
export async function bulkUpdateIssues(
  client: SentryClient,
  org: string,
  issueIds: readonly string[],
  update: IssueUpdate,
  signal?: AbortSignal,
): Promise<IssueUpdateResult | null> {
  const baseUrl = await client.regionFor(org, signal);
  const result = await client.send(
    "PUT",
    `/api/0/organizations/${enc(org)}/issues/`,
    update,
    IssueUpdateResultSchema.nullish(),
    { baseUrl, signal, query: { id: [...issueIds] } },
  );
  return result ?? null;
}
