/**
 * The direct surface: the few high-frequency tools shown in `tools/list`. Every other catalog
 * tool stays reachable through search_sentry_tools + execute_sentry_tool.
 */
export const DIRECT_TOOL_NAMES: readonly string[] = [
  "whoami",
  "find_organizations",
  "find_projects",
  "search_issues",
  "get_issue_details",
  "get_sentry_resource",
  "search_sentry_tools",
  "execute_sentry_tool",
];
