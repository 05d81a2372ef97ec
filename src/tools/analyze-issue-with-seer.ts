import { z } from "zod";
import { ApiError, ConfigurationError, UserInputError } from "../errors.js";
import { inlineCode, stripInvisible } from "../format/markdown.js";
import { getAutofixState, startAutofix } from "../sentry-api/autofix.js";
import { getIssue } from "../sentry-api/issues.js";
import { cancelledError, sleep } from "../sentry-api/retry.js";
import { defineTool } from "./define.js";
import { assertWithinPins } from "./support/constraints.js";
import { issueIdParam, issueUrlParam, resolveIssueTarget } from "./support/issue-target.js";
import { organizationSlug } from "./support/params.js";
import { seerBody, seerHeader, statusWords } from "./support/seer-format.js";
import { readSeerState, type SeerAnalysis } from "./support/seer-state.js";
import { hintLine } from "./support/tool-hint.js";
import type { SeerPolling, ToolContext } from "./types.js";

export const SEER_DEFAULTS: SeerPolling = { timeoutMs: 90_000, pollIntervalMs: 2_000 };
/** Consecutive failed polls (5xx, network) before giving up. */
const MAX_POLL_ERRORS = 3;

/** Under --read-only an existing analysis is read, never started (a run is a write). */
function readOnlyRefusal(label: string, url: string | null | undefined, status?: string) {
  const has = status
    ? `Seer's last analysis of ${label} ${status === "error" ? "failed" : "was cancelled"}`
    : `Seer has no analysis of ${label} yet`;
  return new UserInputError(
    `${has}, and this session is read-only, so it cannot start one. Start one in Sentry${url ? ` (${url})` : ""} and call again to read it, or use a session without --read-only.`,
  );
}

/** 404 or 403 on the autofix route (once the issue is known to exist): no Seer here. */
function unavailable(error: unknown): never {
  if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
    throw new ConfigurationError(
      `Seer is not available on this Sentry instance (the autofix API answered ${error.status}). Investigate with get_issue_details instead.`,
    );
  }
  throw error;
}

function transient(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

function progressMessage(a: SeerAnalysis | null): string {
  if (!a) return "Seer: starting the analysis";
  if (a.status !== "processing") return `Seer: ${statusWords(a)}`;
  const activity = a.activity ? stripInvisible(a.activity).replace(/\s+/g, " ").slice(0, 160) : "";
  return activity ? `Seer is working: ${activity}` : "Seer is working";
}

async function poll(
  ctx: ToolContext,
  org: string,
  issueId: string,
  first: SeerAnalysis | null,
): Promise<{ analysis: SeerAnalysis | null; timedOut: boolean }> {
  const { timeoutMs, pollIntervalMs } = ctx.seer ?? SEER_DEFAULTS;
  const deadline = Date.now() + timeoutMs;
  const total = Math.max(1, Math.ceil(timeoutMs / pollIntervalMs));
  let analysis = first;
  let step = 0;
  let errors = 0;
  while (!analysis || analysis.status === "processing") {
    if (Date.now() + pollIntervalMs > deadline) return { analysis, timedOut: true };
    step += 1;
    await ctx.progress(Math.min(step, total - 1), total, progressMessage(analysis));
    await sleep(pollIntervalMs, ctx.signal);
    try {
      const state = await getAutofixState(ctx.client, org, issueId, ctx.signal);
      analysis = state ? readSeerState(state) : null;
      errors = 0;
    } catch (error) {
      if (ctx.signal.aborted) throw cancelledError();
      errors += 1;
      if (!transient(error) || errors >= MAX_POLL_ERRORS) throw error;
    }
  }
  await ctx.progress(total, total, progressMessage(analysis));
  return { analysis, timedOut: false };
}

export default defineTool({
  name: "analyze_issue_with_seer",
  title: "Analyze Issue with Seer",
  description:
    "Ask Seer (Sentry's AI) for an issue's root cause and a suggested fix. Reuses an existing analysis; a new one can take a few minutes, so call again if it is still running.",
  inputSchema: {
    organizationSlug: organizationSlug.optional(),
    issueId: issueIdParam,
    issueUrl: issueUrlParam,
    instruction: z
      .string()
      .trim()
      .min(1)
      .max(1000)
      .optional()
      .describe("Extra context for a new analysis, e.g. what you already ruled out"),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["seer"],
  requiredScopes: ["event:read"],
  async handler(params, ctx) {
    const { org, issueId } = resolveIssueTarget(params, ctx);
    const issue = await getIssue(ctx.client, org, issueId, ctx.signal);
    assertWithinPins(ctx, org, issue.project.slug);
    const label = issue.shortId ?? issue.id;
    if (issue.issueCategory === "metric") {
      throw new UserInputError(
        `Seer does not analyse metric alert issues like ${label}. Use get_issue_details and get_metric_monitor_details instead.`,
      );
    }

    const existing = await getAutofixState(ctx.client, org, issue.id, ctx.signal).catch(
      unavailable,
    );
    let analysis = existing ? readSeerState(existing) : null;
    let origin = "reused";
    if (!analysis || analysis.status === "error" || analysis.status === "cancelled") {
      origin = analysis ? "restarted" : "started";
      if (ctx.readOnly) throw readOnlyRefusal(label, issue.permalink, analysis?.status);
      await startAutofix(ctx.client, org, issue.id, {
        instruction: params.instruction,
        signal: ctx.signal,
      }).catch(unavailable);
      analysis = null;
    }
    const { analysis: result, timedOut } =
      analysis && analysis.status !== "processing"
        ? { analysis, timedOut: false }
        : await poll(ctx, org, issue.id, analysis);

    const again = { organizationSlug: org, issueId: label };
    const header = {
      org,
      issueLabel: label,
      issueTitle: issue.title || undefined,
      issueUrl: issue.permalink ?? ctx.client.orgWebPath(org, `/issues/${issue.id}/`),
      origin,
    };
    if (!result) {
      // Started, but Seer has not reported any state yet.
      return [
        `# Seer Analysis of ${inlineCode(label)} in **${inlineCode(org)}**`,
        "",
        "Seer accepted the request but has not reported progress yet.",
        "",
        "## Response Notes",
        "",
        ...hintLine(ctx, "Still running; call again in a minute", "analyze_issue_with_seer", again),
      ].join("\n");
    }
    const lines = [...seerHeader(result, header), ...seerBody(result)];
    const notes: string[] = [];
    if (timedOut) {
      const waited = Math.max(1, Math.round((ctx.seer ?? SEER_DEFAULTS).timeoutMs / 1000));
      notes.push(
        `- Seer is still running after ${waited} s. Call analyze_issue_with_seer again with the same arguments in a minute; it picks up this analysis instead of starting another.`,
      );
    } else if (result.status === "needs_input") {
      notes.push(`- Seer is waiting for an answer; reply in Sentry: ${header.issueUrl}`);
    } else if (result.status === "error") {
      notes.push("- Seer's analysis failed. Calling again starts a new one.");
    } else if (result.status === "completed" && !result.rootCause) {
      notes.push("- Seer finished without a root cause; get_issue_details shows the raw evidence.");
    }
    if (result.status === "completed")
      notes.push("- Check Seer's reasoning against the stack trace before applying the fix.");
    if (notes.length) lines.push("## Response Notes", "", ...notes);
    return lines.join("\n").trimEnd();
  },
});
