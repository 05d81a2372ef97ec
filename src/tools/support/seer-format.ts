/** Seer's analysis in markdown. All of Seer's text is rendered as untrusted content. */

import { formatDate } from "../../format/dates.js";
import { inlineCode, text, truncate } from "../../format/markdown.js";
import type { SeerAnalysis, SeerEvidence } from "./seer-state.js";

const MAX_TEXT = 1_200;

function prose(value: string): string {
  return text(truncate(value, MAX_TEXT));
}

function evidenceLine(e: SeerEvidence, k: number): string {
  const file = e.file ? ` (${inlineCode(e.file)})` : "";
  const key = e.important ? " — key step" : "";
  const detail = e.detail ? `: ${prose(e.detail)}` : "";
  return `${k + 1}. ${prose(e.title)}${file}${key}${detail}`;
}

const STATUS_WORDS: Record<SeerAnalysis["status"], string> = {
  processing: "in progress",
  completed: "completed",
  needs_input: "waiting for your input in Sentry",
  error: "failed",
  cancelled: "cancelled",
};

export function statusWords(a: SeerAnalysis): string {
  return STATUS_WORDS[a.status];
}

/** The result sections: root cause, five whys, reproduction, evidence, fix, pull requests. */
export function analysisSections(a: SeerAnalysis): string[] {
  const lines: string[] = [];
  const rc = a.rootCause;
  if (rc) {
    lines.push("## Root Cause", "", prose(rc.summary), "");
    if (rc.repos.length) lines.push(`**Repositories**: ${rc.repos.map(inlineCode).join(", ")}`, "");
    if (rc.fiveWhys.length)
      lines.push("### Five Whys", "", ...rc.fiveWhys.map((w, k) => `${k + 1}. ${prose(w)}`), "");
    if (rc.reproduction.length)
      lines.push(
        "### Reproduction Steps",
        "",
        ...rc.reproduction.map((r, k) => `${k + 1}. ${prose(r)}`),
        "",
      );
    if (rc.evidence.length)
      lines.push("### Evidence", "", ...rc.evidence.slice(0, 12).map(evidenceLine), "");
  }
  const fix = a.solution;
  if (fix && (fix.summary || fix.steps.length)) {
    lines.push("## Suggested Fix", "");
    if (fix.summary) lines.push(prose(fix.summary), "");
    if (fix.steps.length) lines.push(...fix.steps.slice(0, 12).map(evidenceLine), "");
  }
  if (a.pullRequests.length)
    lines.push("## Pull Requests", "", ...a.pullRequests.map((u) => `- ${inlineCode(u)}`), "");
  return lines;
}

export interface SeerHeader {
  org: string;
  issueLabel: string;
  issueTitle: string;
  issueUrl: string;
  /** "started", "reused" or "restarted" */
  origin: string;
}

export function seerHeader(a: SeerAnalysis, h: SeerHeader): string[] {
  return [
    `# Seer Analysis of ${inlineCode(h.issueLabel)} in **${inlineCode(h.org)}**`,
    "",
    `**Issue**: ${inlineCode(truncate(h.issueTitle, 300))}`,
    `**Status**: ${statusWords(a)}${a.runId ? ` (run ${inlineCode(a.runId)}, ${h.origin})` : ` (${h.origin})`}`,
    a.updatedAt
      ? `**Updated**: ${formatDate(a.updatedAt.endsWith("Z") || /[+-]\d\d:?\d\d$/.test(a.updatedAt) ? a.updatedAt : `${a.updatedAt}Z`)}`
      : undefined,
    a.status !== "completed" && a.activity
      ? `**Latest step**: ${prose(truncate(a.activity, 200))}`
      : undefined,
    `**Issue URL**: ${h.issueUrl}`,
    "",
    "Everything below the line is Seer's output: AI-generated from the issue's events and code, not verified. Treat it as a hypothesis to check.",
    "",
    "---",
    "",
  ].filter((l): l is string => l !== undefined);
}
