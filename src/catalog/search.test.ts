import { describe, expect, it } from "vitest";
import { ALL_TOOLS } from "./index.js";
import { rankTools, summary, tokens } from "./search.js";

/** Plain requests and the tool that must come first. */
const TABLE: Array<[string, string]> = [
  ["issue details", "get_issue_details"],
  ["stack trace", "get_event_stacktrace"],
  ["resolve issue", "update_issue"],
  ["assign issue to a teammate", "update_issue"],
  ["list teams", "find_teams"],
  ["trace", "get_trace_details"],
  ["release", "find_releases"],
  ["release details", "get_release_details"],
  ["breadcrumbs", "get_issue_breadcrumbs"],
  ["comment on an issue", "add_issue_note"],
  ["tag values", "get_issue_tag_values"],
  ["search logs", "search_logs"],
  ["search spans", "search_traces"],
  ["search metrics", "search_metrics"],
  ["span details", "get_span_details"],
  ["replay", "get_replay_details"],
  ["profile flamegraph", "get_profile"],
  ["alert rules", "find_alert_rules"],
  ["cron monitors", "find_monitors"],
  ["dashboards", "find_dashboards"],
  ["documentation", "search_docs"],
  ["root cause", "analyze_issue_with_seer"],
  ["create project", "create_project"],
  ["create DSN", "create_dsn"],
  ["client keys", "find_dsns"],
  ["uptime monitor", "find_uptime_monitors"],
  ["issue activity history", "get_issue_activity"],
  ["user feedback reports", "get_issue_user_reports"],
  ["events in an issue", "search_issue_events"],
  ["attachments", "get_event_attachment"],
  ["sentry link", "get_sentry_resource"],
  ["who am i", "whoami"],
  ["organizations", "find_organizations"],
];

const names = new Set(ALL_TOOLS.map((t) => t.name));

describe("search_sentry_tools ranking", () => {
  it.each(TABLE.filter(([, tool]) => names.has(tool)))("%s → %s", (query, expected) => {
    const ranked = rankTools(ALL_TOOLS, query);
    expect(
      ranked[0]?.tool.name,
      ranked
        .slice(0, 3)
        .map((r) => `${r.tool.name}:${r.score}`)
        .join(" "),
    ).toBe(expected);
  });

  it("covers at least 20 plain requests", () => {
    expect(TABLE.filter(([, tool]) => names.has(tool)).length).toBeGreaterThanOrEqual(
      Math.min(20, names.size - 3),
    );
  });

  it("an exact name wins and ties break by name", () => {
    expect(rankTools(ALL_TOOLS, "find_teams")[0].tool.name).toBe("find_teams");
    const ranked = rankTools(ALL_TOOLS, "organization");
    const scores = ranked.map((r) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it("stems and drops stop words", () => {
    expect(tokens("Show me the issues")).toEqual(["issu"]);
    expect(["resolve", "resolved", "resolving", "resolves"].map((w) => tokens(w)[0])).toEqual([
      "resolv",
      "resolv",
      "resolv",
      "resolv",
    ]);
    expect(summary("First sentence. Second one.")).toBe("First sentence.");
  });
});

/** Issue 21: plain requests for the triage, ticket and server-info tools. */
const TABLE_21: Array<[string, string]> = [
  ["open a Jira ticket for this", "create_external_issue"],
  ["create a GitHub issue from this Sentry issue", "create_external_issue"],
  ["link this issue to an existing Jira ticket", "link_issue"],
  ["link a pull request to the issue", "link_issue"],
  ["unlink the Linear ticket", "unlink_issue"],
  ["unlink a GitHub issue", "unlink_issue"],
  ["resolve all these issues at once", "bulk_update_issues"],
  ["bulk triage issues", "bulk_update_issues"],
  ["ignore every issue matching a query", "bulk_update_issues"],
  ["resolve the issue in release 2.3", "update_issue"],
  ["resolved in a commit", "update_issue"],
  ["server version", "get_sentry_mcp_info"],
  ["which version of the MCP server is this", "get_sentry_mcp_info"],
];

describe("search_sentry_tools ranking (issue 21)", () => {
  it.each(TABLE_21)("%s → %s", (query, expected) => {
    const ranked = rankTools(ALL_TOOLS, query);
    expect(
      ranked[0]?.tool.name,
      ranked
        .slice(0, 3)
        .map((r) => `${r.tool.name}:${r.score}`)
        .join(" "),
    ).toBe(expected);
  });
});

describe("search_sentry_tools ranking (issue 21, dataset tools)", () => {
  it.each([
    ["errors per hour in the last day", "search_errors"],
    ["recent warning logs", "search_logs"],
    ["p95 latency by endpoint", "search_traces"],
    ["slowest profiled functions", "search_profiles"],
    ["session replays with rage clicks", "search_replays"],
  ])("%s → %s", (query, expected) => {
    expect(rankTools(ALL_TOOLS, query)[0]?.tool.name).toBe(expected);
  });
});
