import { record } from "./occurrence-format.js";
/**
 * Alert conditions and actions in words, for both the current workflow model and legacy rules
 * (whose components are first normalized to the same `{type, comparison}` shape). Values from
 * Sentry are rendered with inlineCode; internal component ids are never shown.
 */

import { inlineCode, text } from "../../format/markdown.js";
import {
  humanize,
  intervalWords,
  levelName,
  matchWords,
  minutesWords,
  priorityName,
} from "./humanize.js";

export interface ConditionLike {
  type: string;
  comparison?: unknown;
  conditionResult?: unknown;
}

/** Resolves ids in actions and owners to names; falls back to the raw id. */
export interface Directory {
  team(id: string): string | undefined;
  user(id: string): string | undefined;
}

function present(value: unknown): boolean {
  return value !== null && value !== undefined && value !== "";
}

const FIXED: Record<string, string> = {
  first_seen_event: "A new issue is created",
  regression_event: "A resolved issue happens again (regression)",
  reappeared_event: "An archived issue reappears",
  new_high_priority_issue: "A new issue is created with high priority",
  existing_high_priority_issue: "An existing issue escalates to high priority",
  issue_priority_deescalating: "The issue's priority goes down",
  issue_resolution_change: "The issue is resolved",
  every_event: "Every event",
  existing_high_priority_issue_condition: "An existing issue escalates to high priority",
};

/** Tag-style filters inside frequency conditions: `os.name` equals `Android`. */
function tagFilters(filters: unknown): string | undefined {
  if (!Array.isArray(filters) || filters.length === 0) return undefined;
  const parts = filters
    .map(record)
    .filter((f): f is Record<string, unknown> => !!f)
    .map((f) => tagPhrase(f.key, f.match, f.value));
  return parts.length ? `where ${parts.join(" and ")}` : undefined;
}

function tagPhrase(key: unknown, match: unknown, value: unknown): string {
  const op = matchWords(match);
  return present(value)
    ? `${inlineCode(key)} ${op} ${inlineCode(value)}`
    : `${inlineCode(key)} ${op}`;
}

/** The generic rendering: `Humanized type (comparison: ..., result: ...)`. */
function generic(c: ConditionLike): string {
  const details: string[] = [];
  const comparison = record(c.comparison);
  if (comparison) {
    for (const [key, value] of Object.entries(comparison)) {
      if (!present(value) || (Array.isArray(value) && value.length === 0)) continue;
      details.push(
        `${humanize(key).toLowerCase()}: ${inlineCode(Array.isArray(value) ? value.join(", ") : typeof value === "object" ? JSON.stringify(value) : value)}`,
      );
    }
  } else if (present(c.comparison) && c.comparison !== true) {
    details.push(`comparison: ${inlineCode(c.comparison)}`);
  }
  if (c.conditionResult === false) details.push("result: false");
  return details.length ? `${humanize(c.type)} (${details.join(", ")})` : humanize(c.type);
}

/** One condition or filter in words. */
export function conditionPhrase(c: ConditionLike): string {
  const cmp = record(c.comparison) ?? {};
  const negate = (phrase: string) => (c.conditionResult === false ? `Not: ${phrase}` : phrase);
  if (FIXED[c.type]) return negate(FIXED[c.type]);
  switch (c.type) {
    case "event_frequency_count":
    case "event_unique_user_frequency_count": {
      const what = c.type === "event_frequency_count" ? "events" : "users";
      const when = intervalWords(cmp.interval);
      const where = tagFilters(cmp.filters);
      return negate(
        `${humanize(c.type)}: more than ${text(String(cmp.value ?? "?"))} ${what}${when ? ` in ${when}` : ""}${where ? ` ${where}` : ""}`,
      );
    }
    case "event_frequency_percent":
    case "event_unique_user_frequency_percent":
    case "percent_sessions_percent": {
      const when = intervalWords(cmp.interval);
      const than = intervalWords(cmp.comparison_interval ?? cmp.comparisonInterval);
      return negate(
        `${humanize(c.type)}: ${text(String(cmp.value ?? "?"))}% higher${when ? ` in ${when}` : ""}${than ? ` than ${than} earlier` : ""}`,
      );
    }
    case "tagged_event":
      return negate(`Tag ${tagPhrase(cmp.key, cmp.match, cmp.value)}`);
    case "event_attribute":
      return negate(`Event attribute ${tagPhrase(cmp.attribute, cmp.match, cmp.value)}`);
    case "level":
      return negate(`Level ${matchWords(cmp.match ?? "eq")} ${levelName(cmp.level)}`);
    case "issue_priority_greater_or_equal":
    case "issue_priority_equals": {
      const p = priorityName(c.comparison);
      const op = c.type === "issue_priority_equals" ? "is" : "is at least";
      return negate(p ? `Issue priority ${op} ${p}` : generic(c));
    }
    case "assigned_to":
      return negate(
        `Assigned to ${humanize(String(cmp.target_type ?? cmp.targetType ?? "someone")).toLowerCase()}`,
      );
    case "issue_occurrences":
      return negate(`The issue has happened at least ${text(String(cmp.value ?? "?"))} times`);
    case "age_comparison": {
      const older = cmp.comparison_type === "older" ? "older" : "newer";
      return negate(
        `The issue is ${older} than ${text(String(cmp.value ?? "?"))} ${text(String(cmp.time ?? ""))}`.trim(),
      );
    }
    case "latest_release":
      return negate("The event is from the latest release");
    case "issue_category":
      return negate(`Issue category is ${inlineCode(cmp.value ?? c.comparison)}`);
    default:
      return generic(c);
  }
}

/** Targets of a workflow action (`config.targetType` + identifier or display). */
function target(
  config: Record<string, unknown>,
  data: Record<string, unknown>,
  dir: Directory,
): string | undefined {
  const type = String(config.targetType ?? "").toLowerCase();
  const id = present(config.targetIdentifier) ? String(config.targetIdentifier) : undefined;
  const display = present(config.targetDisplay) ? String(config.targetDisplay) : undefined;
  if (type === "issue_owners" || type === "issueowners") {
    const fall = data.fallthroughType ?? data.fallthrough_type;
    const fallback = fall ? `, else ${humanize(String(fall)).toLowerCase()}` : "";
    return `suggested assignees${fallback}`;
  }
  if (type === "team" || type === "team_id")
    return id ? `team ${inlineCode(dir.team(id) ? `#${dir.team(id)}` : id)}` : "a team";
  if (type === "user" || type === "member")
    return id ? `member ${inlineCode(dir.user(id) ?? id)}` : "a member";
  if (display) return inlineCode(display);
  return id ? inlineCode(id) : undefined;
}

const SERVICE: Record<string, string> = {
  email: "Email",
  slack: "Slack",
  slack_staging: "Slack",
  msteams: "Microsoft Teams",
  discord: "Discord",
  pagerduty: "PagerDuty",
  opsgenie: "Opsgenie",
  jira: "Create a Jira issue",
  jira_server: "Create a Jira Server issue",
  github: "Create a GitHub issue",
  github_enterprise: "Create a GitHub Enterprise issue",
  gitlab: "Create a GitLab issue",
  azure_devops: "Create an Azure DevOps work item",
  webhook: "Webhook",
  sentry_app: "Integration",
  plugin: "Legacy integrations",
};

/** One workflow action in words: "Slack `#alerts` (tags: environment)". */
export function actionPhrase(
  action: {
    type: string;
    config?: Record<string, unknown> | null;
    data?: Record<string, unknown> | null;
  },
  dir: Directory,
): string {
  const config = action.config ?? {};
  const data = action.data ?? {};
  const service = SERVICE[action.type] ?? humanize(action.type);
  const to = target(config, data, dir);
  const extras: string[] = [];
  if (present(data.priority)) extras.push(`priority: ${inlineCode(data.priority)}`);
  if (present(data.tags)) extras.push(`tags: ${inlineCode(data.tags)}`);
  if (present(data.notes)) extras.push(`notes: ${inlineCode(data.notes)}`);
  return `${service}${to ? ` ${to}` : ""}${extras.length ? ` (${extras.join(", ")})` : ""}`;
}

/** `team:123` / `user:456` owners as a readable name. */
export function ownerPhrase(owner: string | null | undefined, dir: Directory): string | undefined {
  const m = owner ? /^(team|user):(.+)$/.exec(owner) : null;
  if (!m) return owner ? inlineCode(owner) : undefined;
  return m[1] === "team"
    ? inlineCode(`#${dir.team(m[2]) ?? m[2]}`)
    : inlineCode(dir.user(m[2]) ?? `user ${m[2]}`);
}

/** "at most once every 30 minutes per issue" from a workflow's `config.frequency` (minutes). */
export function frequencyPhrase(minutes: unknown): string | undefined {
  const n = Number(minutes);
  if (minutes === null || minutes === undefined || Number.isNaN(n) || n <= 0) return undefined;
  return `at most once every ${minutesWords(n)} per issue`;
}
