/**
 * Legacy alert-rule components (`{"id": "sentry.rules.conditions.event_frequency...", ...}`)
 * normalized to the workflow condition shape, so one set of phrases serves both APIs.
 */

import { inlineCode } from "../../format/markdown.js";
import type { RuleComponent } from "../../sentry-api/alert-rules.js";
import { type ConditionLike, conditionPhrase, type Directory } from "./alert-conditions.js";
import { humanize } from "./humanize.js";

const CLASS_TYPES: Record<string, string> = {
  FirstSeenEventCondition: "first_seen_event",
  RegressionEventCondition: "regression_event",
  ReappearedEventCondition: "reappeared_event",
  EveryEventCondition: "every_event",
  HighPriorityIssueCondition: "new_high_priority_issue",
  NewHighPriorityIssueCondition: "new_high_priority_issue",
  ExistingHighPriorityIssueCondition: "existing_high_priority_issue",
  EventFrequencyCondition: "event_frequency_count",
  EventUniqueUserFrequencyCondition: "event_unique_user_frequency_count",
  EventFrequencyPercentCondition: "percent_sessions_percent",
  TaggedEventFilter: "tagged_event",
  TaggedEventCondition: "tagged_event",
  EventAttributeFilter: "event_attribute",
  EventAttributeCondition: "event_attribute",
  LevelFilter: "level",
  LevelCondition: "level",
  IssueOccurrencesFilter: "issue_occurrences",
  AgeComparisonFilter: "age_comparison",
  LatestReleaseFilter: "latest_release",
  IssueCategoryFilter: "issue_category",
  AssignedToFilter: "assigned_to",
};

const CATEGORIES: Record<string, string> = {
  "1": "error",
  "2": "performance",
  "3": "profile",
  "4": "cron",
  "5": "replay",
  "6": "feedback",
  "7": "uptime",
  "8": "metric alert",
};

function className(component: RuleComponent): string {
  return (
    String(component.id ?? "")
      .split(".")
      .pop() ?? ""
  );
}

/** A legacy condition or filter as a workflow-style condition. */
export function normalizeLegacyComponent(component: RuleComponent): ConditionLike {
  const cls = className(component);
  const { id: _id, name: _name, ...rest } = component;
  const type =
    CLASS_TYPES[cls] ??
    (cls
      .replace(/(Condition|Filter|Action)$/, "")
      .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
      .toLowerCase() ||
      "condition");
  if (type.endsWith("_count") && rest.comparisonType === "percent") {
    return {
      type: "event_frequency_percent",
      comparison: {
        value: rest.value,
        interval: rest.interval,
        comparison_interval: rest.comparisonInterval,
      },
    };
  }
  if (type === "issue_category") {
    const value = String(rest.value ?? "");
    return { type, comparison: { value: CATEGORIES[value] ?? value } };
  }
  return { type, comparison: Object.keys(rest).length ? rest : true };
}

export function legacyConditionPhrase(component: RuleComponent): string {
  return conditionPhrase(normalizeLegacyComponent(component));
}

/** One legacy issue-alert action in words. */
export function legacyActionPhrase(component: RuleComponent, dir: Directory): string {
  const cls = className(component);
  const id = component.targetIdentifier != null ? String(component.targetIdentifier) : undefined;
  switch (cls) {
    case "NotifyEmailAction": {
      const type = String(component.targetType ?? "").toLowerCase();
      if (type === "team")
        return `Email team ${inlineCode(`#${(id && dir.team(id)) ?? id ?? "?"}`)}`;
      if (type === "member") return `Email member ${inlineCode((id && dir.user(id)) ?? id ?? "?")}`;
      const fall = component.fallthroughType
        ? `, else ${humanize(String(component.fallthroughType)).toLowerCase()}`
        : "";
      return `Email suggested assignees${fall}`;
    }
    case "SlackNotifyServiceAction": {
      const tags = component.tags ? ` (tags: ${inlineCode(component.tags)})` : "";
      return `Slack ${inlineCode(component.channel ?? component.channel_id ?? "?")}${tags}`;
    }
    case "NotifyEventAction":
      return "Legacy integrations";
    case "NotifyEventServiceAction":
      return `Service ${inlineCode(component.service ?? "?")}`;
    case "PagerDutyNotifyServiceAction":
      return `PagerDuty service ${inlineCode(component.service ?? "?")}`;
    case "DiscordNotifyServiceAction":
      return `Discord channel ${inlineCode(component.channel_id ?? "?")}`;
    case "MsTeamsNotifyServiceAction":
      return `Microsoft Teams ${inlineCode(component.channel ?? "?")}`;
    case "OpsgenieNotifyTeamAction":
      return `Opsgenie team ${inlineCode(component.team ?? "?")}`;
    default:
      return typeof component.name === "string" && component.name
        ? inlineCode(component.name)
        : humanize(cls.replace(/Action$/, "") || "action");
  }
}

/** A legacy metric alert trigger action in words. */
export function legacyMetricActionPhrase(
  action: {
    type?: string | null;
    targetType?: string | null;
    targetIdentifier?: string | number | null;
    inputChannelId?: string | null;
  },
  dir: Directory,
): string {
  const type = String(action.type ?? "");
  const id = action.targetIdentifier != null ? String(action.targetIdentifier) : undefined;
  if (type === "email") {
    if (action.targetType === "team")
      return `Email team ${inlineCode(`#${(id && dir.team(id)) ?? id ?? "?"}`)}`;
    if (action.targetType === "user")
      return `Email member ${inlineCode((id && dir.user(id)) ?? id ?? "?")}`;
  }
  const where = action.inputChannelId ?? id;
  const service = {
    slack: "Slack",
    msteams: "Microsoft Teams",
    pagerduty: "PagerDuty",
    opsgenie: "Opsgenie",
    discord: "Discord",
    sentry_app: "Integration",
    email: "Email",
  }[type];
  return `${service ?? humanize(type || "action")}${where ? ` ${inlineCode(where)}` : ""}`;
}
