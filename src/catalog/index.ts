import executeSentryTool from "../tools/execute-sentry-tool.js";
import findOrganizations from "../tools/find-organizations.js";
import findProjects from "../tools/find-projects.js";
import findTeams from "../tools/find-teams.js";
import getIssueDetails from "../tools/get-issue-details.js";
import searchIssues from "../tools/search-issues.js";
import searchSentryTools from "../tools/search-sentry-tools.js";
import type { AnyTool } from "../tools/types.js";
import whoami from "../tools/whoami.js";

/** Every tool, one line each. Which ones a session gets is decided in session.ts. */
export const ALL_TOOLS: readonly AnyTool[] = [
  whoami,
  findOrganizations,
  findProjects,
  findTeams,
  searchIssues,
  getIssueDetails,
  searchSentryTools,
  executeSentryTool,
];
