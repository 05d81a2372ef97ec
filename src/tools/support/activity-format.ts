import type { Activity } from "../../sentry-api/issue-activity.js";

function str(value: unknown): string | undefined {
  if (typeof value === "string" && value.trim()) return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Who did it: the user's name or email, a Sentry app, or Sentry itself. */
export function activityActor(item: Activity): string {
  const user = item.user;
  const name = str(user?.name) ?? str(user?.email) ?? str(user?.username);
  if (name) return name;
  if (item.sentry_app?.name) return item.sentry_app.name;
  return "Sentry";
}

function duration(minutes: number): string {
  if (minutes % 1440 === 0) return `${minutes / 1440} day${minutes === 1440 ? "" : "s"}`;
  if (minutes % 60 === 0) return `${minutes / 60} hour${minutes === 60 ? "" : "s"}`;
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

function ignoreSummary(data: Record<string, unknown>): string {
  const minutes = Number(data.ignoreDuration);
  const count = str(data.ignoreCount);
  const users = str(data.ignoreUserCount);
  const until = str(data.ignoreUntil);
  if (Number.isFinite(minutes) && minutes > 0) return `archived for ${duration(minutes)}`;
  if (count) return `archived until ${count} more events`;
  if (users) return `archived until ${users} more users are affected`;
  if (until) return `archived until ${until}`;
  if (data.ignoreUntilEscalating) return "archived until it escalates";
  return "archived";
}

const SIMPLE: Record<string, string> = {
  set_resolved: "resolved the issue",
  set_resolved_by_age: "resolved the issue after inactivity",
  set_resolved_in_pull_request: "resolved the issue in a pull request",
  set_unresolved: "marked the issue unresolved",
  set_public: "made the issue public",
  set_private: "made the issue private",
  first_seen: "first saw the issue",
  unassigned: "unassigned the issue",
  mark_reviewed: "marked the issue reviewed",
  merge: "merged issues into this one",
  unmerge_source: "unmerged fingerprints from this issue",
  unmerge_destination: "received unmerged fingerprints",
  reprocess: "reprocessed the issue",
  deleted_attachment: "deleted an attachment",
  note: "commented",
};

/** One activity entry in words: `resolved in backend@2.14.1`, `assigned to Priya`. */
export function activitySummary(item: Activity): string {
  const data = item.data ?? {};
  switch (item.type) {
    case "set_resolved_in_release":
      return str(data.version)
        ? `resolved in release ${str(data.version)}`
        : "resolved in the next release";
    case "set_resolved_in_commit": {
      const commit = data.commit as Record<string, unknown> | undefined;
      const id = str(commit?.id) ?? str(data.commit);
      return id ? `resolved in commit ${id.slice(0, 12)}` : "resolved in a commit";
    }
    case "set_ignored":
      return ignoreSummary(data);
    case "set_regression":
      return str(data.version) ? `regressed in release ${str(data.version)}` : "regressed";
    case "assigned": {
      const who =
        str(data.assigneeName) ??
        str(data.assigneeEmail) ??
        `${str(data.assigneeType) ?? "user"} ${str(data.assignee) ?? ""}`.trim();
      return `assigned the issue to ${who}`;
    }
    case "create_issue": {
      const where = [str(data.provider), str(data.title) && `"${str(data.title)}"`]
        .filter(Boolean)
        .join(" ");
      return `created an external issue${where ? ` in ${where}` : ""}${str(data.location) ? ` (${str(data.location)})` : ""}`;
    }
    case "set_priority":
      return `${str(data.priority) ? `set priority to ${str(data.priority)}` : "changed the priority"}${str(data.reason) ? ` (${str(data.reason)})` : ""}`;
    case "set_escalating":
      return "marked the issue escalating";
    case "auto_set_ongoing":
      return str(data.after_days)
        ? `marked the issue ongoing after ${str(data.after_days)} days`
        : "marked the issue ongoing";
    default:
      return SIMPLE[item.type] ?? item.type.replace(/_/g, " ");
  }
}
