/**
 * Agentic onboarding progress: `POST /organizations/{org}/onboarding/agent/status/` with
 * `{schemaVersion: 1, runToken, stage, status, runStatus?, eventNote?, extra?}`; Sentry answers
 * with the whole run. Undocumented in Sentry's OpenAPI spec.
 */

import { z } from "zod";
import type { SentryClient } from "./client.js";
import { enc } from "./organizations.js";

export interface OnboardingUpdate {
  schemaVersion: 1;
  runToken: string;
  stage: string;
  status: string;
  runStatus?: string;
  eventNote?: string;
  extra?: { projectSlugs: string[] } | { issueIds: string[] };
}

export const OnboardingRunSchema = z.object({
  runId: z.string().nullish(),
  runStatus: z.string().nullish(),
  continueUpdates: z.boolean().nullish(),
  sequence: z.number().nullish(),
  stages: z.array(z.object({ stage: z.string(), status: z.string().nullish() })).nullish(),
});
export type OnboardingRun = z.output<typeof OnboardingRunSchema>;

export async function postOnboardingStatus(
  client: SentryClient,
  org: string,
  update: OnboardingUpdate,
  signal?: AbortSignal,
): Promise<OnboardingRun> {
  const baseUrl = await client.regionFor(org, signal);
  return client.send(
    "POST",
    `/api/0/organizations/${enc(org)}/onboarding/agent/status/`,
    update,
    OnboardingRunSchema,
    { baseUrl, signal },
  );
}
