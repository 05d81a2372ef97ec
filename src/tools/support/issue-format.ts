import { formatDate } from "../../format/dates.js";
import { inlineCode, text } from "../../format/markdown.js";
import type { Issue } from "../../sentry-api/issues.js";

/** A date for markdown: formatted when valid, else the raw value as code, never as prose. */
export function dateText(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  return Number.isNaN(Date.parse(value)) ? inlineCode(value) : formatDate(value);
}

/** An identifier for markdown: as it is when plain, else as code. */
export function idText(value: string): string {
  return /^[A-Za-z0-9_.:-]+$/.test(value) ? value : inlineCode(value);
}

/** One formatter for every count: `toLocaleString` builds a new one on each call. */
const COUNT_FORMAT = new Intl.NumberFormat("en-US");

/**
 * `1,234,567`. Whole numbers (every count Sentry sends) are grouped by hand, which costs a
 * fraction of an `Intl` call; anything else goes to the formatter.
 */
export function formatCount(value: number | undefined): string | undefined {
  if (value === undefined || Number.isNaN(value)) return undefined;
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) return COUNT_FORMAT.format(value);
  const digits = String(Math.abs(value));
  const grouped = digits.length > 3 ? digits.replace(/\B(?=(\d{3})+$)/g, ",") : digits;
  return value < 0 ? `-${grouped}` : grouped;
}

export function assigneeLabel(issue: Pick<Issue, "assignedTo">): string {
  const a = issue.assignedTo;
  if (!a) return "unassigned";
  const who =
    a.type === "team" ? `team ${a.name ?? a.id}` : (a.name ?? a.email ?? a.id ?? "someone");
  return text(who);
}

function statusDetail(details: Record<string, unknown> | null | undefined): string | undefined {
  if (!details) return undefined;
  const str = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : "");
  if (details.inNextRelease) return "in the next release";
  if (str(details.inRelease)) return `in ${inlineCode(str(details.inRelease))}`;
  if (details.inCommit && typeof details.inCommit === "object") {
    const id = str((details.inCommit as Record<string, unknown>).id);
    return id ? `in commit ${inlineCode(id.slice(0, 12))}` : "in a commit";
  }
  if (str(details.ignoreUntil)) return `until ${dateText(str(details.ignoreUntil))}`;
  if (str(details.ignoreCount)) return `until ${str(details.ignoreCount)} more events`;
  if (str(details.ignoreUserCount)) return `until ${str(details.ignoreUserCount)} more users`;
  return undefined;
}

export function statusLabel(
  issue: Pick<Issue, "status" | "substatus"> & Partial<Pick<Issue, "statusDetails">>,
): string {
  const status = issue.status ?? "";
  const extras = [
    issue.substatus && issue.substatus !== status
      ? text(issue.substatus.replace(/_/g, " "))
      : undefined,
    statusDetail(issue.statusDetails),
  ].filter(Boolean);
  if (!status) return extras.join(", ");
  return extras.length ? `${text(status)} (${extras.join(", ")})` : text(status);
}

const TYPE_NAMES: Record<string, string> = {
  monitor_check_in_failure: "check-in failure",
  uptime_domain_failure: "domain down",
  metric_issue: "metric",
  feedback: "feedback",
};

/** Sentry's issue kind in words: `error`, `performance: N+1 DB queries`, `metric`... */
export function kindLabel(issue: Pick<Issue, "issueCategory" | "issueType" | "type">): string {
  if (issue.type === "csp") return "CSP violation";
  const category = (issue.issueCategory ?? issue.type ?? "error").replace(/_/g, " ");
  const type = issue.issueType;
  if (!type || type === "error") return text(category);
  const pretty = (
    TYPE_NAMES[type] ??
    type
      .replace(/^(performance|profile)_/, "")
      .replace(/_/g, " ")
      .replace(/\bn plus one\b/i, "N+1")
      .replace(/\bdb\b/gi, "DB")
      .replace(/\bhttp\b/gi, "HTTP")
      .replace(/\bapi\b/gi, "API")
      .replace(/\bio\b/gi, "I/O")
  ).trim();
  if (!pretty || pretty === category || pretty === `${category} issue`) return text(category);
  return text(`${category}: ${pretty}`);
}

/** "12 events, 3 users", leaving out a count Sentry did not send. */
function countsText(issue: Pick<Issue, "count" | "userCount">): string | undefined {
  const events = formatCount(issue.count);
  const users = formatCount(issue.userCount);
  const parts = [
    events !== undefined ? `${events} events` : undefined,
    users !== undefined ? `${users} users` : undefined,
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : undefined;
}

/**
 * The project of a list line, or nothing when the short ID already names it (Sentry's short IDs
 * start with the project slug in capitals: FRONTEND-2J is in `frontend`). Lists that use this
 * say so once in their header ({@link projectLegend}).
 */
function projectPart(issue: Issue): string | undefined {
  const slug = issue.project.slug;
  if (issue.shortId?.startsWith(`${slug.toUpperCase()}-`)) return undefined;
  return `project ${inlineCode(slug)}`;
}

/** The legend a list of {@link issueLine}s needs when a line leaves its project out. */
export function projectLegend(issues: readonly Issue[]): string | undefined {
  return issues.some((i) => !projectPart(i)) ? "project = short ID prefix unless named" : undefined;
}

/** One dense line per issue, for lists. Untrusted text goes through inlineCode. */
export function issueLine(issue: Issue): string {
  const parts = [
    `**${idText(issue.shortId ?? issue.id)}**`,
    issue.title ? inlineCode(issue.title) : undefined,
    [statusLabel(issue), issue.priority, issue.level].filter(Boolean).join(", "),
    kindLabel(issue) !== "error" ? kindLabel(issue) : undefined,
    countsText(issue),
    issue.lastSeen ? `last ${dateText(issue.lastSeen)}` : undefined,
    projectPart(issue),
    issue.assignedTo ? `assigned ${assigneeLabel(issue)}` : undefined,
  ];
  return `- ${parts.filter(Boolean).join(" · ")}`;
}
