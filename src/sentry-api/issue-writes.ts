import { z } from "zod";
import type { SentryClient } from "./client.js";
import { ActorSchema } from "./issues.js";
import { enc } from "./organizations.js";

// Writes are sent exactly once: SentryClient never retries, and callers must not either (a
// repeated write could apply twice). See src/tools/support/write-errors.ts.

const str = z.string().nullish();

/**
 * What `PUT .../issues/{id}/` answers. Sentry sends back the fields it changed (the spec
 * documents the whole issue), so every field is optional; absent means "not in the answer".
 */
export const IssueUpdateResultSchema = z.object({
  status: str,
  substatus: str,
  statusDetails: z.record(z.string(), z.unknown()).nullish(),
  assignedTo: ActorSchema.nullish(),
});
export type IssueUpdateResult = z.output<typeof IssueUpdateResultSchema>;

/** A partial update: only the given fields change (NOTES.md: the spec over-requires the body). */
export interface IssueUpdate {
  status?: string;
  substatus?: string | null;
  statusDetails?: Record<string, unknown>;
  /** `user:ID`, `team:ID`, or "" to unassign */
  assignedTo?: string;
}

export async function updateIssue(
  client: SentryClient,
  org: string,
  issueId: string,
  update: IssueUpdate,
  signal?: AbortSignal,
): Promise<IssueUpdateResult> {
  const baseUrl = await client.regionFor(org, signal);
  const result = await client.send(
    "PUT",
    `/api/0/organizations/${enc(org)}/issues/${enc(issueId)}/`,
    update,
    IssueUpdateResultSchema.nullish(),
    { baseUrl, signal },
  );
  return result ?? {};
}

export const IssueNoteSchema = z.object({
  id: z.coerce.string(),
  dateCreated: str,
  data: z.object({ text: str }).nullish(),
  user: z.object({ id: z.coerce.string().nullish(), name: str, email: str }).nullish(),
});
export type IssueNote = z.output<typeof IssueNoteSchema>;

/** Adds a comment ("note") to an issue's activity. */
export async function addIssueNote(
  client: SentryClient,
  org: string,
  issueId: string,
  text: string,
  signal?: AbortSignal,
): Promise<IssueNote> {
  const baseUrl = await client.regionFor(org, signal);
  return client.send(
    "POST",
    `/api/0/organizations/${enc(org)}/issues/${enc(issueId)}/notes/`,
    { text },
    IssueNoteSchema,
    { baseUrl, signal },
  );
}
