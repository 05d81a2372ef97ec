/**
 * Agentic onboarding runs: Sentry's getting-started skill hands the agent a 10-character run
 * token; the agent reports each stage's progress, which Sentry's onboarding page shows.
 */

import { ACME_ORG_ID } from "./organizations.js";

export const ONBOARDING_STAGES = [
  "connect_mcp",
  "analyze_project",
  "create_project",
  "instrument_app",
  "plan_test_error",
  "send_verification_error",
  "receive_verification_error",
  "prepare_production",
  "check_stack_trace_quality",
] as const;
export type OnboardingStage = (typeof ONBOARDING_STAGES)[number];

export interface OnboardingStageState {
  stage: OnboardingStage;
  status: "active" | "waiting" | "completed" | "skipped" | "failed" | "bypassed" | null;
  eventNote: string | null;
  extra: { projectSlugs: string[] } | { issueIds: string[] } | null;
}

export interface OnboardingRun {
  orgId: string;
  runToken: string;
  runId: string;
  channelId: string;
  clientRunId: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  sequence: number;
  runStatus: "active" | "completed" | "failed" | "cancelled";
  stages: OnboardingStageState[];
}

export function seedOnboardingRuns(now: Date): OnboardingRun[] {
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
  const run = (runToken: string, runId: string, runStatus: OnboardingRun["runStatus"]) => ({
    orgId: ACME_ORG_ID,
    runToken,
    runId,
    channelId: `onboarding:${runId}`,
    clientRunId: `client-${runId}`,
    createdAt: at(-20),
    updatedAt: at(-20),
    expiresAt: at(24 * 60),
    sequence: 1,
    runStatus,
    stages: ONBOARDING_STAGES.map(
      (stage): OnboardingStageState => ({
        stage,
        status: stage === "connect_mcp" ? "completed" : null,
        eventNote: null,
        extra: null,
      }),
    ),
  });
  return [run("Rk7Qw2Lm9X", "8f3a", "active"), run("Zz0Yy1Xx2W", "8f3b", "cancelled")];
}
