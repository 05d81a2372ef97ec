import { z } from "zod";
import type { SentryClient } from "./client.js";
import { enc } from "./organizations.js";

// Writes are sent exactly once: SentryClient never retries, and callers must not either.
// See src/tools/support/write-errors.ts.

/**
 * Schedules deletion of one environment of a project's cron monitor (Sentry answers 202 and
 * finishes in the background). A 404 means the environment (or monitor) is not there.
 */
export async function deleteMonitorEnvironment(
  client: SentryClient,
  org: string,
  project: string,
  monitorSlug: string,
  environment: string,
  signal?: AbortSignal,
): Promise<void> {
  const baseUrl = await client.regionFor(org, signal);
  await client.send(
    "DELETE",
    `/api/0/projects/${enc(org)}/${enc(project)}/monitors/${enc(monitorSlug)}/environments/${enc(environment)}/`,
    undefined,
    z.unknown(),
    { baseUrl, signal },
  );
}
