import { formatDate } from "../../format/dates.js";
import { inlineCode, text } from "../../format/markdown.js";
import type { Issue } from "../../sentry-api/issues.js";

export function formatCount(value: number | undefined): string | undefined {
  return value === undefined || Number.isNaN(value) ? undefined : value.toLocaleString("en-US");
}

export function assigneeLabel(issue: Pick<Issue, "assignedTo">): string {
  const a = issue.assignedTo;
  if (!a) return "unassigned";
  const who =
    a.type === "team" ? `team ${a.name ?? a.id}` : (a.name ?? a.email ?? a.id ?? "someone");
  return text(who);
}

export function statusLabel(issue: Pick<Issue, "status" | "substatus">): string {
  const status = issue.status ?? "unknown";
  return issue.substatus && issue.substatus !== status
    ? `${status} (${issue.substatus.replace(/_/g, " ")})`
    : status;
}

/** Sentry's issue kind in words: `error`, `performance: N+1 DB queries`, `metric`... */
export function kindLabel(issue: Pick<Issue, "issueCategory" | "issueType" | "type">): string {
  const category = issue.issueCategory ?? issue.type ?? "error";
  const type = issue.issueType;
  if (!type || type === category || type === "error") return category;
  const pretty = type
    .replace(/^performance_/, "")
    .replace(/_/g, " ")
    .replace(/\bn plus one\b/i, "N+1")
    .replace(/\bdb\b/i, "DB");
  return `${category}: ${pretty}`;
}

/** One dense line per issue, for lists. Untrusted text goes through inlineCode. */
export function issueLine(issue: Issue): string {
  const parts = [
    `**${issue.shortId ?? issue.id}**`,
    inlineCode(issue.title || "(no title)"),
    [statusLabel(issue), issue.priority, issue.level].filter(Boolean).join(", "),
    kindLabel(issue) !== "error" ? kindLabel(issue) : undefined,
    `${formatCount(issue.count) ?? "?"} events, ${formatCount(issue.userCount) ?? "0"} users`,
    issue.lastSeen ? `last ${formatDate(issue.lastSeen)}` : undefined,
    `project ${inlineCode(issue.project.slug)}`,
    issue.assignedTo ? `assigned ${assigneeLabel(issue)}` : undefined,
  ];
  return `- ${parts.filter(Boolean).join(" · ")}`;
}
