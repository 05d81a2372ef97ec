/**
 * Seer's issue autofix (root cause analysis): `GET/POST /organizations/{org}/issues/{id}/autofix/`.
 * The state object comes in two shapes (classic `steps[]`, block-based `blocks[]`); it is kept
 * as a loose record here and read by src/tools/support/seer-state.ts.
 */

import { z } from "zod";
import type { SentryClient } from "./client.js";
import { enc } from "./organizations.js";

export const AutofixStateResponseSchema = z.object({
  autofix: z.record(z.string(), z.unknown()).nullish(),
});

export const AutofixStartSchema = z.object({
  run_id: z.union([z.number(), z.string()]).nullish(),
  sentry_run_id: z.string().nullish(),
});

export async function getAutofixState(
  client: SentryClient,
  org: string,
  issueId: string,
  signal?: AbortSignal,
): Promise<Record<string, unknown> | null> {
  const baseUrl = await client.regionFor(org, signal);
  const body = await client.get(
    `/api/0/organizations/${enc(org)}/issues/${enc(issueId)}/autofix/`,
    AutofixStateResponseSchema,
    { baseUrl, signal },
  );
  return body.autofix ?? null;
}

/** Starts a run that stops once a fix is proposed (no code changes or pull requests). */
export async function startAutofix(
  client: SentryClient,
  org: string,
  issueId: string,
  options: { instruction?: string; signal?: AbortSignal } = {},
): Promise<z.output<typeof AutofixStartSchema>> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.send(
    "POST",
    `/api/0/organizations/${enc(org)}/issues/${enc(issueId)}/autofix/`,
    {
      step: "root_cause",
      stopping_point: "solution",
      ...(options.instruction ? { user_context: options.instruction } : {}),
    },
    AutofixStartSchema,
    { baseUrl, signal: options.signal },
  );
}
