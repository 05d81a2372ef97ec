/** Seer's analysis in markdown. All of Seer's text is rendered as untrusted content. */

import { formatDate } from "../../format/dates.js";
import { codeBlock, inlineCode, truncate } from "../../format/markdown.js";
import type { SeerAnalysis, SeerEvidence } from "./seer-state.js";

const MAX_TEXT = 1_200;

function clip(value: string): string {
  return truncate(value.trim(), MAX_TEXT);
}

/** Numbered items as plain text, continuation lines indented under their number. */
function numbered(items: string[]): string {
  return items.map((item, k) => `${k + 1}. ${clip(item).replace(/\r?\n+/g, "\n   ")}`).join("\n");
}

function evidenceItem(e: SeerEvidence): string {
  const head = `${e.important ? "(key step) " : ""}${clip(e.title)}${e.file ? ` [${e.file}]` : ""}`;
  return e.detail ? `${head}\n${clip(e.detail)}` : head;
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

/**
 * The result sections: root cause, five whys, reproduction, evidence, fix, pull requests.
 * Seer's text goes into code blocks: it is data to read, and its own markdown stays inert.
 */
export function analysisSections(a: SeerAnalysis): string[] {
  const lines: string[] = [];
  const rc = a.rootCause;
  if (rc) {
    lines.push("## Root Cause", "", codeBlock(clip(rc.summary)), "");
    if (rc.repos.length) lines.push(`**Repositories**: ${rc.repos.map(inlineCode).join(", ")}`, "");
    if (rc.fiveWhys.length) lines.push("### Five Whys", "", codeBlock(numbered(rc.fiveWhys)), "");
    if (rc.reproduction.length)
      lines.push("### Reproduction Steps", "", codeBlock(numbered(rc.reproduction)), "");
    if (rc.evidence.length)
      lines.push(
        "### Evidence",
        "",
        codeBlock(numbered(rc.evidence.slice(0, 12).map(evidenceItem))),
        "",
      );
  }
  const fix = a.solution;
  if (fix && (fix.summary || fix.steps.length)) {
    const parts = [
      fix.summary ? clip(fix.summary) : undefined,
      fix.steps.length ? numbered(fix.steps.slice(0, 12).map(evidenceItem)) : undefined,
    ].filter((p): p is string => !!p);
    lines.push("## Suggested Fix", "", codeBlock(parts.join("\n\n")), "");
  }
  if (a.pullRequests.length)
    lines.push("## Pull Requests", "", ...a.pullRequests.map((u) => `- ${inlineCode(u)}`), "");
  return lines;
}

/** Seer's sections framed as its output, or a line saying there are none yet. */
export function seerBody(a: SeerAnalysis): string[] {
  const sections = analysisSections(a);
  if (sections.length === 0)
    return [
      a.status === "processing" ? "Seer has no findings yet." : "Seer reported no findings.",
      "",
    ];
  if (sections.at(-1) !== "") sections.push("");
  return [
    "Between the lines is Seer's output: AI-generated from the issue's events and code, not verified. Treat it as a hypothesis to check.",
    "",
    "---",
    "",
    ...sections,
    "---",
    "",
  ];
}

export interface SeerHeader {
  org: string;
  issueLabel: string;
  issueTitle?: string;
  issueUrl: string;
  /** "started", "reused" or "restarted" */
  origin: string;
}

export function seerHeader(a: SeerAnalysis, h: SeerHeader): string[] {
  return [
    `# Seer Analysis of ${inlineCode(h.issueLabel)} in **${inlineCode(h.org)}**`,
    "",
    h.issueTitle ? `**Issue**: ${inlineCode(truncate(h.issueTitle, 300))}` : undefined,
    `**Status**: ${statusWords(a)}${a.runId ? ` (run ${inlineCode(a.runId)}, ${h.origin})` : ` (${h.origin})`}`,
    a.updatedAt
      ? `**Updated**: ${formatDate(a.updatedAt.endsWith("Z") || /[+-]\d\d:?\d\d$/.test(a.updatedAt) ? a.updatedAt : `${a.updatedAt}Z`)}`
      : undefined,
    a.status !== "completed" && a.activity
      ? `**Latest step** (Seer): ${inlineCode(truncate(a.activity, 200))}`
      : undefined,
    `**Issue URL**: ${h.issueUrl}`,
    "",
  ].filter((l): l is string => l !== undefined);
}
