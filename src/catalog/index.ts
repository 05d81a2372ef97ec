import addIssueNote from "../tools/add-issue-note.js";
import addTeamToProject from "../tools/add-team-to-project.js";
import analyzeIssueWithSeer from "../tools/analyze-issue-with-seer.js";
import bulkUpdateIssues from "../tools/bulk-update-issues.js";
import createAlertRule from "../tools/create-alert-rule.js";
import createCustomInboundFilter from "../tools/create-custom-inbound-filter.js";
import createDashboard from "../tools/create-dashboard.js";
import createDsn from "../tools/create-dsn.js";
import createExternalIssue from "../tools/create-external-issue.js";
import createMetricMonitor from "../tools/create-metric-monitor.js";
import createProject from "../tools/create-project.js";
import createTeam from "../tools/create-team.js";
import createUptimeMonitor from "../tools/create-uptime-monitor.js";
import deleteAlertRule from "../tools/delete-alert-rule.js";
import deleteCustomInboundFilter from "../tools/delete-custom-inbound-filter.js";
import deleteDashboard from "../tools/delete-dashboard.js";
import deleteMetricMonitor from "../tools/delete-metric-monitor.js";
import deleteMonitorEnvironment from "../tools/delete-monitor-environment.js";
import deleteUptimeMonitor from "../tools/delete-uptime-monitor.js";
import duplicateDashboard from "../tools/duplicate-dashboard.js";
import executeSentryTool from "../tools/execute-sentry-tool.js";
import findAlertRules from "../tools/find-alert-rules.js";
import findCustomInboundFilters from "../tools/find-custom-inbound-filters.js";
import findDashboards from "../tools/find-dashboards.js";
import findDsns from "../tools/find-dsns.js";
import findMetricMonitors from "../tools/find-metric-monitors.js";
import findMonitors from "../tools/find-monitors.js";
import findOrganizations from "../tools/find-organizations.js";
import findProjects from "../tools/find-projects.js";
import findReleases from "../tools/find-releases.js";
import findTeams from "../tools/find-teams.js";
import findUptimeMonitors from "../tools/find-uptime-monitors.js";
import getAgentConversationDetails from "../tools/get-agent-conversation-details.js";
import getAiConversationDetails from "../tools/get-ai-conversation-details.js";
import getAlertOptions from "../tools/get-alert-options.js";
import getAlertRule from "../tools/get-alert-rule.js";
import getDashboardDetails from "../tools/get-dashboard-details.js";
import getDoc from "../tools/get-doc.js";
import getEventAttachment from "../tools/get-event-attachment.js";
import getEventStacktrace from "../tools/get-event-stacktrace.js";
import getIssueActivity from "../tools/get-issue-activity.js";
import getIssueBreadcrumbs from "../tools/get-issue-breadcrumbs.js";
import getIssueDetails from "../tools/get-issue-details.js";
import getIssueTagValues from "../tools/get-issue-tag-values.js";
import getIssueUserReports from "../tools/get-issue-user-reports.js";
import getLatestBaseSnapshot from "../tools/get-latest-base-snapshot.js";
import getMetricMonitorDetails from "../tools/get-metric-monitor-details.js";
import getMonitorDetails from "../tools/get-monitor-details.js";
import getProfile from "../tools/get-profile.js";
import getProfileDetails from "../tools/get-profile-details.js";
import getReleaseDetails from "../tools/get-release-details.js";
import getReplayDetails from "../tools/get-replay-details.js";
import getSentryMcpInfo from "../tools/get-sentry-mcp-info.js";
import getSentryResource from "../tools/get-sentry-resource.js";
import getSnapshot from "../tools/get-snapshot.js";
import getSnapshotImage from "../tools/get-snapshot-image.js";
import getSpanDetails from "../tools/get-span-details.js";
import getTraceDetails from "../tools/get-trace-details.js";
import getUptimeMonitorDetails from "../tools/get-uptime-monitor-details.js";
import linkIssue from "../tools/link-issue.js";
import onboardingStatusUpdate from "../tools/onboarding-status-update.js";
import removeTeamFromProject from "../tools/remove-team-from-project.js";
import searchAgentConversations from "../tools/search-agent-conversations.js";
import searchAiConversations from "../tools/search-ai-conversations.js";
import searchDocs from "../tools/search-docs.js";
import searchErrors from "../tools/search-errors.js";
import searchEvents from "../tools/search-events.js";
import searchIssueEvents from "../tools/search-issue-events.js";
import searchIssues from "../tools/search-issues.js";
import searchLogs from "../tools/search-logs.js";
import searchMetrics from "../tools/search-metrics.js";
import searchProfiles from "../tools/search-profiles.js";
import searchReplays from "../tools/search-replays.js";
import searchSentryTools from "../tools/search-sentry-tools.js";
import searchTraces from "../tools/search-traces.js";
import type { AnyTool } from "../tools/types.js";
import unlinkIssue from "../tools/unlink-issue.js";
import updateAlertRule from "../tools/update-alert-rule.js";
import updateCustomInboundFilter from "../tools/update-custom-inbound-filter.js";
import updateDashboard from "../tools/update-dashboard.js";
import updateDsn from "../tools/update-dsn.js";
import updateIssue from "../tools/update-issue.js";
import updateMetricMonitor from "../tools/update-metric-monitor.js";
import updateProject from "../tools/update-project.js";
import updateUptimeMonitor from "../tools/update-uptime-monitor.js";
import whoami from "../tools/whoami.js";

/** Every tool, one line each. Which ones a session gets is decided in session.ts. */
export const ALL_TOOLS: readonly AnyTool[] = [
  whoami,
  findOrganizations,
  findProjects,
  findTeams,
  searchIssues,
  getIssueDetails,
  getEventStacktrace,
  getIssueBreadcrumbs,
  getIssueActivity,
  getIssueTagValues,
  getIssueUserReports,
  searchIssueEvents,
  getEventAttachment,
  getSentryResource,
  getSentryMcpInfo,
  searchSentryTools,
  executeSentryTool,
  updateIssue,
  bulkUpdateIssues,
  linkIssue,
  unlinkIssue,
  createExternalIssue,
  addIssueNote,
  createTeam,
  createProject,
  updateProject,
  addTeamToProject,
  removeTeamFromProject,
  findDsns,
  createDsn,
  updateDsn,
  findUptimeMonitors,
  getUptimeMonitorDetails,
  createUptimeMonitor,
  updateUptimeMonitor,
  deleteUptimeMonitor,
  deleteMonitorEnvironment,
  findAlertRules,
  getAlertRule,
  // Alerts as workflows (issue 21)
  getAlertOptions,
  createAlertRule,
  updateAlertRule,
  deleteAlertRule,
  getMetricMonitorDetails,
  // issue 21: metric monitor and custom inbound filter writes
  findMetricMonitors,
  createMetricMonitor,
  updateMetricMonitor,
  deleteMetricMonitor,
  findCustomInboundFilters,
  createCustomInboundFilter,
  updateCustomInboundFilter,
  deleteCustomInboundFilter,
  findMonitors,
  getMonitorDetails,
  findDashboards,
  getDashboardDetails,
  // issue 21: dashboard writes
  createDashboard,
  updateDashboard,
  duplicateDashboard,
  deleteDashboard,
  searchDocs,
  getDoc,
  analyzeIssueWithSeer,
  searchEvents,
  searchErrors,
  searchLogs,
  searchTraces,
  searchMetrics,
  searchProfiles,
  searchReplays,
  getTraceDetails,
  getSpanDetails,
  findReleases,
  getReleaseDetails,
  getReplayDetails,
  getProfile,
  getProfileDetails,
  searchAgentConversations,
  getAgentConversationDetails,
  searchAiConversations,
  getAiConversationDetails,
  getSnapshot,
  getSnapshotImage,
  getLatestBaseSnapshot,
  onboardingStatusUpdate,
];
