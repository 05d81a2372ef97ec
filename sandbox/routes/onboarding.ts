/**
 * Route: agentic onboarding progress (`POST /organizations/{org}/onboarding/agent/status/`,
 * undocumented in the OpenAPI copy; shape checked in contract.test.ts). Validates the update the
 * way Sentry does, applies it to the run and answers with the whole run.
 */

import type { Hono } from "hono";
import { ONBOARDING_STAGES, type OnboardingRun } from "../data/onboarding.js";
import type { JsonObject } from "../data/types.js";
import { fail, findOrg, NOT_FOUND, type RouteDeps } from "./http.js";
import { jsonBody } from "./write-helpers.js";

const STATUSES = ["active", "waiting", "completed", "skipped", "failed"];
const RUN_STATUSES = ["completed", "failed"];
const EXTRA_KEY: Record<string, string> = {
  create_project: "projectSlugs",
  receive_verification_error: "issueIds",
};

function runJson(run: OnboardingRun): JsonObject {
  const continueUpdates = run.runStatus === "active";
  return {
    schemaVersion: 1,
    runId: run.runId,
    channelId: run.channelId,
    clientRunId: run.clientRunId,
    createdAt: run.createdAt,
    updatedAt: run.updatedAt,
    sequence: run.sequence,
    expiresAt: run.expiresAt,
    continueUpdates,
    runStatus: run.runStatus,
    stages: run.stages.map((s) => ({ ...s, extra: s.extra ? { ...s.extra } : null })),
  };
}

function validExtra(stage: string, extra: unknown): string[] | undefined {
  if (extra === undefined) return undefined;
  const key = EXTRA_KEY[stage];
  const values = (extra as Record<string, unknown> | null)?.[key ?? ""];
  if (
    !key ||
    typeof extra !== "object" ||
    Object.keys(extra ?? {}).length !== 1 ||
    !Array.isArray(values) ||
    values.length === 0 ||
    values.length > 100 ||
    !values.every((v) => typeof v === "string" && v.trim())
  )
    fail(400, `extra is not valid for stage ${stage}`);
  return values as string[];
}

export function registerOnboardingRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;
  app.post("/api/0/organizations/:org/onboarding/agent/status/", async (c) => {
    const org = findOrg(store, c.req.param("org"));
    const body = await jsonBody(c);
    if (body.schemaVersion !== 1) fail(400, "schemaVersion must be 1");
    const { runToken, stage, status, runStatus, eventNote } = body;
    if (typeof runToken !== "string" || !/^[A-Za-z0-9]{10}$/.test(runToken))
      fail(400, "runToken must be 10 letters or digits");
    if (!ONBOARDING_STAGES.includes(stage as never)) fail(400, "Unknown stage");
    if (!STATUSES.includes(status as string)) fail(400, "Unknown status");
    if (runStatus !== undefined && !RUN_STATUSES.includes(runStatus as string))
      fail(400, "Unknown runStatus");
    if (eventNote !== undefined && (typeof eventNote !== "string" || !eventNote.trim()))
      fail(400, "eventNote must be a non-empty string");
    if (typeof eventNote === "string" && eventNote.length > 256)
      fail(400, "eventNote is longer than 256 characters");
    if (status === "failed" && !eventNote) fail(400, "A failed stage needs an eventNote");
    const values = validExtra(stage as string, body.extra);
    const run = store.onboardingRuns.find((r) => r.orgId === org.id && r.runToken === runToken);
    if (!run) fail(404, NOT_FOUND);
    if (run.runStatus === "active") {
      const state = run.stages.find((s) => s.stage === stage)!;
      state.status = status as typeof state.status;
      state.eventNote = (eventNote as string | undefined) ?? state.eventNote;
      if (values) {
        const key = EXTRA_KEY[stage as string];
        const before = (state.extra as Record<string, string[]> | null)?.[key] ?? [];
        state.extra = { [key]: [...new Set([...before, ...values])] } as typeof state.extra;
      }
      if (runStatus) run.runStatus = runStatus as OnboardingRun["runStatus"];
      run.sequence += 1;
      run.updatedAt = store.now.toISOString();
    }
    return c.json(runJson(run));
  });
}
