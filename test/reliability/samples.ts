/**
 * Arguments that make each tool do real work against the seeded sandbox, for the suites that
 * run every tool (faults, budget, hostile data, canary, fuzz). A tool missing from the table
 * gets arguments guessed from its parameter names; `sampleCoverage` in the faults suite fails
 * loudly when a guess does not work, asking for a line here.
 */

import { z } from "zod";
import type { SandboxStore } from "../../sandbox/server.js";
import type { AnyTool } from "../../src/tools/types.js";

export type Args = Record<string, unknown>;

const ORG = { organizationSlug: "acme" };
const ISSUE = { ...ORG, issueId: "BACKEND-1A" };

/** Representative arguments per tool; ids come from the store where the seed makes them. */
export function sampleTable(store: SandboxStore): Record<string, Args> {
  const attachment = store.attachments[0];
  const attachmentProject = store.projects.find((p) => p.id === attachment?.projectId);
  const traceId = store.explore.traceIds.checkout ?? Object.values(store.explore.traceIds)[0];
  const span = store.explore.spans.find((s) => s.traceId === traceId);
  const profiled = store.explore.spans.find((s) => s.profileId);
  const payments = store.projects.find((p) => p.slug === "payments");
  const paymentsKey = store.projectKeys.find((k) => k.projectId === payments?.id);
  return {
    whoami: {},
    find_organizations: {},
    find_projects: ORG,
    find_teams: ORG,
    search_issues: ORG,
    get_issue_details: ISSUE,
    get_event_stacktrace: ISSUE,
    get_issue_breadcrumbs: ISSUE,
    get_issue_activity: ISSUE,
    get_issue_tag_values: { ...ISSUE, tagKey: "url" },
    get_issue_user_reports: ISSUE,
    search_issue_events: ISSUE,
    get_event_attachment: {
      ...ORG,
      projectSlug: attachmentProject?.slug,
      eventId: attachment?.eventId,
      attachmentId: attachment?.id,
    },
    get_sentry_resource: { ...ORG, resourceType: "issue", resourceId: "BACKEND-1A" },
    search_sentry_tools: { query: "issue events" },
    execute_sentry_tool: { name: "find_teams", arguments: ORG },
    update_issue: { ...ISSUE, status: "resolved" },
    add_issue_note: { ...ISSUE, text: "Looked at this during the reliability run." },
    create_team: { ...ORG, name: "Reliability Probe" },
    create_project: { ...ORG, teamSlug: "platform", name: "Reliability Probe" },
    update_project: { ...ORG, projectSlug: "payments", name: "Payments" },
    add_team_to_project: { ...ORG, projectSlug: "payments", teamSlug: "web" },
    remove_team_from_project: { ...ORG, projectSlug: "payments", teamSlug: "web" },
    find_dsns: { ...ORG, projectSlug: "backend" },
    create_dsn: { ...ORG, projectSlug: "frontend", name: "Reliability" },
    update_dsn: { ...ORG, projectSlug: "payments", keyId: paymentsKey?.id, name: "Payments API" },
    find_uptime_monitors: ORG,
    get_uptime_monitor_details: { ...ORG, projectSlug: "payments", uptimeMonitorId: "7300101" },
    create_uptime_monitor: {
      ...ORG,
      projectSlug: "backend",
      name: "Reliability probe",
      url: "https://status.acme.example/health",
      intervalSeconds: 60,
    },
    update_uptime_monitor: {
      ...ORG,
      projectSlug: "payments",
      uptimeMonitorId: "7300101",
      name: "API",
    },
    delete_uptime_monitor: { ...ORG, projectSlug: "backend", uptimeMonitorId: "7300103" },
    delete_monitor_environment: {
      ...ORG,
      projectSlug: "backend",
      monitorSlug: "nightly-ledger-reconcile",
      environment: "staging",
    },
    find_alert_rules: ORG,
    get_alert_rule: { ...ORG, kind: "issue", ruleIdOrName: "81001" },
    get_metric_monitor_details: { ...ORG, monitorId: "70012" },
    get_alert_options: { ...ORG, section: "sources", projectSlug: "backend" },
    create_alert_rule: { ...ORG, name: "Reliability alert", detectorIds: [], actionFilters: [] },
    update_alert_rule: { ...ORG, ruleIdOrName: "81003", frequencyMinutes: 60 },
    delete_alert_rule: { ...ORG, ruleId: "81004" },
    find_monitors: ORG,
    get_monitor_details: { ...ORG, monitorSlug: "payout-batch" },
    find_dashboards: ORG,
    get_dashboard_details: { ...ORG, dashboardIdOrTitle: "5101" },
    search_docs: { query: "kubernetes helm chart" },
    get_doc: { path: "/platforms/python/" },
    analyze_issue_with_seer: ISSUE,
    search_events: { ...ORG, dataset: "spans" },
    get_trace_details: { ...ORG, traceId },
    get_span_details: { ...ORG, traceId, spanId: span?.spanId },
    find_releases: ORG,
    get_release_details: { ...ORG, releaseVersion: "backend@2.14.0" },
    get_replay_details: { ...ORG, replayId: store.replays[0]?.id },
    get_profile: { ...ORG, projectSlugOrId: "backend", transactionName: "GET /api/v2/orders/" },
    get_profile_details: { ...ORG, projectSlugOrId: "backend", profileId: profiled?.profileId },
    search_ai_conversations: ORG,
    get_ai_conversation_details: { ...ORG, conversationId: store.aiConversations[0]?.id },
    search_agent_conversations: ORG,
    get_agent_conversation_details: { ...ORG, conversationId: store.aiConversations[0]?.id },
    get_snapshot: { ...ORG, snapshotId: "231949" },
    get_snapshot_image: { ...ORG, snapshotId: "231949", imageIdentifier: "checkout/payment.png" },
    get_latest_base_snapshot: { ...ORG, appId: "acme-web" },
    onboarding_status_update: {
      ...ORG,
      runToken: store.onboardingRuns[0]?.runToken,
      update: { stage: "analyze_project", status: "active" },
    },
    // issue 21
    bulk_update_issues: { ...ORG, issueIds: ["BACKEND-1A", "BACKEND-1B"], status: "resolved" },
    link_issue: { ...ISSUE, externalIssueUrl: "https://acme.atlassian.net/browse/OPS-4242" },
    unlink_issue: { ...ISSUE, externalIssueUrl: "https://acme.atlassian.net/browse/OPS-412" },
    create_external_issue: { ...ISSUE, integrationId: "3100001" },
    // issue 21: metric monitors and custom inbound filters
    find_metric_monitors: { ...ORG, projectSlug: "backend" },
    create_metric_monitor: {
      ...ORG,
      projectSlug: "backend",
      name: "Reliability probe errors",
      query: {
        dataset: "events",
        query: "",
        aggregate: "count()",
        eventTypes: ["error"],
        timeWindowSeconds: 3600,
      },
      config: { detectionType: "static" },
      conditionGroup: { conditions: [{ type: "gt", comparison: 100, conditionResult: 75 }] },
    },
    update_metric_monitor: { ...ORG, monitorId: "70012", name: "Checkout error spike (probe)" },
    delete_metric_monitor: { ...ORG, monitorId: "70015" },
    find_custom_inbound_filters: { ...ORG, projectSlug: "backend" },
    create_custom_inbound_filter: {
      ...ORG,
      projectSlug: "backend",
      name: "Reliability probe",
      dataType: "error",
      conditions: [{ type: "error_message", value: ["*reliability probe*"] }],
    },
    update_custom_inbound_filter: {
      ...ORG,
      projectSlug: "backend",
      filterId: "7710001",
      active: false,
    },
    delete_custom_inbound_filter: { ...ORG, projectSlug: "backend", filterId: "7710002" },
    // issue 21: dashboard writes
    create_dashboard: {
      ...ORG,
      title: "Reliability probe",
      widgets: [{ title: "Checkout errors", conditions: "transaction:*checkout*" }],
    },
    update_dashboard: {
      ...ORG,
      dashboardIdOrTitle: "5102",
      addWidgets: [{ title: "Errors", dataset: "errors" }],
    },
    duplicate_dashboard: { ...ORG, dashboardIdOrTitle: "5102" },
    delete_dashboard: { ...ORG, dashboardIdOrTitle: "5103" },
  };
}

/** Guesses for tools not in the table, by parameter name. */
const GUESSES: Record<string, unknown> = {
  organizationSlug: "acme",
  projectSlug: "backend",
  projectSlugOrId: "backend",
  issueId: "BACKEND-1A",
  teamSlug: "platform",
  query: "error",
  name: "Reliability Probe",
  text: "note",
  tagKey: "url",
  path: "/platforms/python/",
  version: "backend@2.14.0",
  releaseVersion: "backend@2.14.0",
};

function shapeOf(tool: AnyTool) {
  return z.toJSONSchema(z.object(tool.inputSchema), { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, { type?: string; maximum?: number; enum?: unknown[] }>;
    required?: string[];
  };
}

/** The sample arguments of a tool: its table entry, or a guess from parameter names. */
export function sampleArgs(tool: AnyTool, store: SandboxStore): Args {
  const known = sampleTable(store)[tool.name];
  if (known) return Object.fromEntries(Object.entries(known).filter(([, v]) => v !== undefined));
  const shape = shapeOf(tool);
  const args: Args = {};
  for (const key of Object.keys(shape.properties ?? {})) {
    if (key in GUESSES) args[key] = GUESSES[key];
    else if (shape.required?.includes(key)) {
      const prop = shape.properties?.[key];
      args[key] = prop?.enum?.[0] ?? (prop?.type === "integer" ? 1 : "1");
    }
  }
  return args;
}

/** The sample arguments with every bounded integer (limit, maxResults...) at its maximum. */
export function maximalArgs(tool: AnyTool, store: SandboxStore): Args {
  const args = sampleArgs(tool, store);
  for (const [key, prop] of Object.entries(shapeOf(tool).properties ?? {})) {
    if (prop.type === "integer" && prop.maximum !== undefined && /(^l|L)imit$|^max/.test(key)) {
      args[key] = prop.maximum;
    }
  }
  return args;
}

/** Parameter names of a tool (for "the error names the parameter" checks). */
export function paramNames(tool: AnyTool): string[] {
  return Object.keys(tool.inputSchema);
}

/**
 * Many more read calls than one per tool: every issue, dataset, trace, replay, monitor,
 * dashboard, release and conversation of the seed, so formatters' rarer branches run too.
 */
export function sweepCalls(store: SandboxStore): Array<[string, Args]> {
  const orgOf = (orgId: string) => store.organizations.find((o) => o.id === orgId)?.slug;
  const projectOf = (projectId: string) => store.projects.find((p) => p.id === projectId);
  const calls: Array<[string, Args]> = [];
  for (const issue of store.issues) {
    const project = projectOf(issue.projectId);
    const org = project && orgOf(project.orgId);
    if (!org) continue;
    const args = { organizationSlug: org, issueId: issue.shortId };
    for (const tool of [
      "get_issue_details",
      "get_event_stacktrace",
      "get_issue_breadcrumbs",
      "search_issue_events",
      "get_issue_activity",
      "get_issue_user_reports",
    ]) {
      calls.push([tool, args]);
    }
    calls.push(["get_issue_tag_values", { ...args, tagKey: "environment" }]);
  }
  for (const org of store.organizations) {
    for (const dataset of ["errors", "spans", "logs", "metrics", "profiles", "replays"]) {
      calls.push(["search_events", { organizationSlug: org.slug, dataset }]);
    }
    for (const tool of ["search_issues", "find_alert_rules", "find_monitors", "find_releases"]) {
      calls.push([tool, { organizationSlug: org.slug }]);
    }
  }
  for (const traceId of Object.values(store.explore.traceIds)) {
    calls.push(["get_trace_details", { organizationSlug: "acme", traceId }]);
  }
  for (const replay of store.replays) {
    calls.push(["get_replay_details", { organizationSlug: "acme", replayId: replay.id }]);
  }
  for (const conversation of store.aiConversations) {
    calls.push([
      "get_ai_conversation_details",
      { organizationSlug: "acme", conversationId: conversation.id },
    ]);
  }
  for (const monitor of store.crons.monitors) {
    const org = orgOf(monitor.orgId);
    if (org)
      calls.push(["get_monitor_details", { organizationSlug: org, monitorSlug: monitor.slug }]);
  }
  for (const dashboard of store.dashboards) {
    const org = orgOf(dashboard.orgId);
    if (org)
      calls.push([
        "get_dashboard_details",
        { organizationSlug: org, dashboardIdOrTitle: dashboard.id },
      ]);
  }
  for (const release of store.releases) {
    const org = orgOf(release.orgId);
    if (org)
      calls.push([
        "get_release_details",
        { organizationSlug: org, releaseVersion: release.version },
      ]);
  }
  for (const detector of store.alerts.detectors) {
    const org = orgOf(detector.orgId);
    if (org)
      calls.push(["get_metric_monitor_details", { organizationSlug: org, monitorId: detector.id }]);
  }
  for (const { orgId, rule } of store.alerts.issueRules) {
    const org = orgOf(orgId);
    if (org)
      calls.push(["get_alert_rule", { organizationSlug: org, kind: "issue", ruleId: rule.id }]);
  }
  for (const { orgId, rule } of store.alerts.metricRules) {
    const org = orgOf(orgId);
    if (org)
      calls.push(["get_alert_rule", { organizationSlug: org, kind: "metric", ruleId: rule.id }]);
  }
  for (const monitor of store.uptimeMonitors) {
    const org = orgOf(monitor.orgId);
    const project = projectOf(monitor.projectId);
    if (org && project) {
      calls.push([
        "get_uptime_monitor_details",
        { organizationSlug: org, projectSlug: project.slug, monitorId: monitor.id },
      ]);
    }
  }
  return calls;
}
