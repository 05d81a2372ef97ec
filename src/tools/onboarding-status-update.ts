import { z } from "zod";
import { inlineCode } from "../format/markdown.js";
import { postOnboardingStatus } from "../sentry-api/onboarding.js";
import { defineTool } from "./define.js";
import { organizationSlug } from "./support/params.js";
import { SKILLS } from "./types.js";

const status = z
  .enum(["active", "waiting", "completed", "skipped", "failed"])
  .describe("The stage's status");
const common = {
  status,
  runStatus: z
    .enum(["completed", "failed"])
    .optional()
    .describe("Only when the whole onboarding run completed or failed"),
  eventNote: z
    .string()
    .trim()
    .min(1)
    .max(256)
    .optional()
    .describe("Short note for the progress UI (required with failed); no code, paths or secrets"),
};
const list = z.array(z.string().trim().min(1).max(200)).min(1).max(100);

/** The stage decides which `extra` is allowed, as in Sentry's own schema. */
const update = z
  .discriminatedUnion("stage", [
    z
      .object({
        stage: z.literal("create_project"),
        ...common,
        extra: z.object({ projectSlugs: list }).strict().optional(),
      })
      .strict(),
    z
      .object({
        stage: z.literal("receive_verification_error"),
        ...common,
        extra: z.object({ issueIds: list }).strict().optional(),
      })
      .strict(),
    z
      .object({
        stage: z.enum([
          "connect_mcp",
          "analyze_project",
          "instrument_app",
          "plan_test_error",
          "send_verification_error",
          "prepare_production",
          "check_stack_trace_quality",
        ]),
        ...common,
      })
      .strict(),
  ])
  .describe("{stage, status, runStatus?, eventNote?, extra?}");

export default defineTool({
  name: "onboarding_status_update",
  title: "Update Onboarding Status",
  description:
    "Report progress to Sentry's agentic onboarding page. Only when Sentry's getting-started skill gave you a run token; call it at the stage boundaries that skill describes.",
  inputSchema: {
    organizationSlug,
    runToken: z
      .string()
      .regex(/^[A-Za-z0-9]{10}$/, "must be the 10-character run token Sentry gave")
      .describe("The onboarding run token"),
    update,
  },
  // A write, but only of the onboarding page's progress state: idempotent, nothing destroyed.
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: true,
  },
  skills: SKILLS,
  requiredScopes: ["org:read"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const run = await postOnboardingStatus(
      ctx.client,
      org,
      { schemaVersion: 1, runToken: params.runToken, ...params.update },
      ctx.signal,
    );
    const state = run.stages?.find((s) => s.stage === params.update.stage)?.status;
    return [
      `Onboarding status updated: stage ${inlineCode(params.update.stage)} is ${inlineCode(state ?? params.update.status)}${run.runStatus ? `, run ${inlineCode(run.runStatus)}` : ""}.`,
      run.continueUpdates === false
        ? "Sentry wants no more updates for this run."
        : "Keep reporting at the next stage boundary.",
    ].join(" ");
  },
});
