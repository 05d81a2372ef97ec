/**
 * Contract with the incumbent's alert (workflow) tools added after 0.39
 * (test/fixtures/incumbent-0.42-alerts.json): get_alert_options, create_alert_rule,
 * update_alert_rule, delete_alert_rule. The driver is test/contract/incumbent-042.ts. Each write
 * probe works on an alert of its own, seeded in the sandbox, so every call really changes it.
 */

import { describe, expect, it } from "vitest";
import { ACME_ORG_ID } from "../sandbox/data/organizations.js";
import type { Sandbox } from "../sandbox/server.js";
import { ALL_TOOLS } from "../src/catalog/index.js";
import {
  describeIncumbentTools,
  loadFixture,
  type Probe,
  writeOf,
} from "./contract/incumbent-042.js";
import type { SentRequest } from "./write-helpers.js";

const write = writeOf;
const body = (s: SentRequest[]) => (write(s)?.body ?? {}) as Record<string, unknown>;
const detectorIds = (s: SentRequest[]) => (body(s).detectorIds ?? []) as string[];
let n = 0;

/** A fresh alert on the backend issue stream (70101), optionally on more monitors. */
function seedAlert(
  sandbox: Sandbox,
  extra: string[] = [],
  patch: { environment?: string; owner?: string } = {},
): { id: string; name: string } {
  const store = sandbox.store.alerts;
  const id = String(88000 + ++n);
  const name = `Contract probe ${n}`;
  const detectors = ["70101", ...extra];
  store.workflows.push({
    id,
    orgId: ACME_ORG_ID,
    name,
    createdBy: null,
    dateCreated: "2026-10-01T00:00:00Z",
    dateUpdated: "2026-10-01T00:00:00Z",
    triggers: {
      id: String(888000 + n),
      organizationId: ACME_ORG_ID,
      logicType: "any-short",
      conditions: [],
      actions: [],
    },
    actionFilters: [],
    environment: null,
    config: { frequency: 30 },
    detectorIds: detectors,
    enabled: true,
    lastTriggered: null,
    owner: null,
    ...patch,
  });
  for (const d of store.detectors) if (detectors.includes(d.id)) d.workflowIds.push(id);
  return { id, name };
}

const query = (s: SentRequest[], path: string) =>
  s.filter((r) => r.path.endsWith(path)).map((r) => decodeURIComponent(r.query));

function optionsProbes(): Probe[] {
  const org = { organizationSlug: "acme" };
  const actions = { ...org, section: "actions" };
  const sources = { ...org, section: "sources" };
  const conditions = { ...org, section: "conditions", conditionGroup: "workflow_trigger" };
  const hit = (path: string, want: string) => (s: SentRequest[]) =>
    query(s, path).some((q) => q.includes(want));
  return [
    {
      label: "organizationSlug",
      args: actions,
      reached: (s) => s.some((r) => r.path === "/api/0/organizations/acme/available-actions/"),
    },
    {
      label: "regionUrl (null branch)",
      args: { ...actions, regionUrl: null },
      reached: (s) => s.length > 0,
    },
    {
      label: "regionUrl (string branch)",
      args: { ...actions, regionUrl: "https://us.sentry.io" },
      reached: (s) => s.some((r) => r.path.endsWith("/available-actions/")),
    },
    { label: "section (actions)", args: actions, reached: (_s, t) => t.includes('"actions"') },
    {
      label: "section (conditions)",
      args: conditions,
      reached: (_s, t) => t.includes('"conditions"'),
    },
    { label: "section (sources)", args: sources, reached: (_s, t) => t.includes('"sources"') },
    {
      label: "actionTypes",
      args: { ...actions, actionTypes: ["pagerduty"] },
      reached: (s, t) => hit("/available-actions/", "type=pagerduty")(s) && !t.includes('"slack"'),
    },
    {
      label: "actionTypes (null branch)",
      args: { ...actions, actionTypes: null },
      reached: (_s, t) => t.includes('"slack"'),
    },
    {
      label: "conditionGroup (workflow_trigger)",
      args: conditions,
      reached: hit("/data-conditions/", "group=workflow_trigger"),
    },
    {
      label: "conditionGroup (action_filter)",
      args: { ...conditions, conditionGroup: "action_filter" },
      reached: hit("/data-conditions/", "group=action_filter"),
    },
    {
      label: "projectSlug (string branch)",
      args: { ...sources, projectSlug: "frontend" },
      reached: hit("/detectors/", "project=4500012"),
    },
    {
      label: "projectSlug (all)",
      args: { ...sources, projectSlug: "all" },
      reached: (s, t) => !hit("/detectors/", "project=")(s) && t.includes('"mobile-app"'),
    },
    {
      label: "projectSlug (null branch)",
      args: { ...sources, projectSlug: null },
      reached: (_s, t) => t.includes('"frontend"') && t.includes('"backend"'),
    },
    {
      label: "sourceTypes",
      args: { ...sources, sourceTypes: ["issue_stream"] },
      reached: (s, t) => hit("/detectors/", "type:issue_stream")(s) && !t.includes("metric_issue"),
    },
    {
      label: "query",
      args: { ...sources, query: "anomalies" },
      reached: (s, t) => hit("/detectors/", "query=anomalies")(s) && t.includes("70015"),
    },
    {
      label: "cursor",
      args: { ...conditions, limit: 4, cursor: "0:4:0" },
      reached: (s, t) => hit("/data-conditions/", "cursor=0:4:0")(s) && t.includes("new_high"),
    },
    {
      label: "limit",
      args: { ...conditions, limit: 2 },
      reached: hit("/data-conditions/", "per_page=2"),
    },
  ];
}

function createProbes(): Probe[] {
  const base = () => ({
    organizationSlug: "acme",
    name: `Contract create ${++n}`,
    detectorIds: [] as string[],
    actionFilters: [] as unknown[],
  });
  const b = body;
  return [
    {
      label: "organizationSlug",
      args: base(),
      reached: (s) => write(s)?.path === "/api/0/organizations/acme/workflows/",
    },
    {
      label: "regionUrl (null branch)",
      args: { ...base(), regionUrl: null },
      reached: (s) => !!write(s),
    },
    {
      label: "regionUrl (string branch)",
      args: { ...base(), regionUrl: "https://us.sentry.io" },
      reached: (s) => !!write(s),
    },
    {
      label: "name",
      args: { ...base(), name: "Contract named alert" },
      reached: (s) => b(s).name === "Contract named alert",
    },
    {
      label: "status (active)",
      args: { ...base(), status: "active" },
      reached: (s) => b(s).enabled === true,
    },
    {
      label: "status (disabled)",
      args: { ...base(), status: "disabled" },
      reached: (s) => b(s).enabled === false,
    },
    {
      label: "frequencyMinutes",
      args: { ...base(), frequencyMinutes: 10 },
      reached: (s) => (b(s).config as { frequency?: number })?.frequency === 10,
    },
    {
      label: "environment (string branch)",
      args: { ...base(), environment: "production" },
      reached: (s) => b(s).environment === "production",
    },
    {
      label: "environment (null branch)",
      args: { ...base(), environment: null },
      reached: (s) => b(s).environment === null,
    },
    {
      label: "owner (string branch)",
      args: { ...base(), owner: "team:4500101" },
      reached: (s, t) => b(s).owner === "team:4500101" && t.includes("team:4500101"),
    },
    {
      label: "owner (null branch)",
      args: { ...base(), owner: null },
      reached: (s) => b(s).owner === null,
    },
    {
      label: "triggers (object branch)",
      args: {
        ...base(),
        triggers: {
          logicType: "any-short",
          conditions: [{ type: "regression_event", comparison: true, conditionResult: true }],
        },
      },
      reached: (s) =>
        (b(s).triggers as { conditions: Array<{ type: string }> })?.conditions[0]?.type ===
        "regression_event",
    },
    {
      label: "triggers (null branch)",
      args: { ...base(), triggers: null },
      reached: (s) => !!write(s) && b(s).triggers === undefined,
    },
    {
      label: "actionFilters",
      args: {
        ...base(),
        actionFilters: [
          {
            logicType: "all",
            conditions: [
              { type: "level", comparison: { level: 40, match: "gte" }, conditionResult: true },
            ],
            actions: [
              {
                type: "email",
                data: {},
                config: { targetType: "user", targetIdentifier: "100001" },
              },
            ],
          },
        ],
      },
      reached: (s, t) =>
        JSON.stringify(b(s).actionFilters).includes('"targetIdentifier":"100001"') &&
        t.includes('"level"'),
    },
    {
      label: "projectSlugs",
      args: { ...base(), detectorIds: undefined, projectSlugs: ["frontend"] },
      reached: (s) => detectorIds(s).includes("70102"),
    },
    {
      label: "detectorIds",
      args: { ...base(), detectorIds: ["70014"] },
      reached: (s) => detectorIds(s).includes("70014"),
    },
  ];
}

function updateProbes(sandbox: Sandbox): Probe[] {
  const target = (extra: string[] = [], patch: { environment?: string; owner?: string } = {}) => ({
    organizationSlug: "acme",
    ruleIdOrName: seedAlert(sandbox, extra, patch).id,
  });
  const b = body;
  const named = seedAlert(sandbox);
  return [
    {
      label: "organizationSlug",
      args: { ...target(), name: "Renamed by probe" },
      reached: (s) => write(s)?.path.startsWith("/api/0/organizations/acme/workflows/") ?? false,
    },
    {
      label: "regionUrl (null branch)",
      args: { ...target(), regionUrl: null, status: "disabled" },
      reached: (s) => b(s).enabled === false,
    },
    {
      label: "regionUrl (string branch)",
      args: { ...target(), regionUrl: "https://us.sentry.io", status: "disabled" },
      reached: (s) => b(s).enabled === false,
    },
    {
      label: "projectSlug (string branch)",
      args: { ...target(), projectSlug: "backend", frequencyMinutes: 5 },
      reached: (s) => s.some((r) => r.path === "/api/0/projects/acme/backend/") && !!write(s),
    },
    {
      label: "projectSlug (null branch)",
      args: { ...target(), projectSlug: null, frequencyMinutes: 5 },
      reached: (s) => !!write(s),
    },
    {
      label: "ruleIdOrName (name)",
      args: { organizationSlug: "acme", ruleIdOrName: named.name, frequencyMinutes: 15 },
      reached: (s) => write(s)?.path.endsWith(`/workflows/${named.id}/`) ?? false,
    },
    {
      label: "name",
      args: { ...target(), name: "A new name" },
      reached: (s) => b(s).name === "A new name",
    },
    {
      label: "status (disabled)",
      args: { ...target(), status: "disabled" },
      reached: (s) => b(s).enabled === false,
    },
    {
      label: "status (active)",
      args: { ...target(), status: "active", name: "Still active" },
      reached: (s) => b(s).enabled === true && b(s).name === "Still active",
    },
    {
      label: "frequencyMinutes",
      args: { ...target(), frequencyMinutes: 180 },
      reached: (s) => (b(s).config as { frequency?: number })?.frequency === 180,
    },
    {
      label: "environment (string branch)",
      args: { ...target(), environment: "staging" },
      reached: (s) => b(s).environment === "staging",
    },
    {
      label: "environment (null branch)",
      args: { ...target([], { environment: "production" }), environment: null },
      reached: (s) => !!write(s) && b(s).environment === null,
    },
    {
      label: "owner (string branch)",
      args: { ...target(), owner: "user:100002" },
      reached: (s) => b(s).owner === "user:100002",
    },
    {
      label: "owner (null branch)",
      args: { ...target([], { owner: "team:4500101" }), owner: null },
      reached: (s) => !!write(s) && b(s).owner === null,
    },
    {
      label: "triggers",
      args: {
        ...target(),
        triggers: {
          logicType: "any-short",
          conditions: [{ type: "reappeared_event", comparison: true, conditionResult: true }],
        },
      },
      reached: (s) => JSON.stringify(b(s).triggers).includes("reappeared_event"),
    },
    {
      label: "actionFilters",
      args: {
        ...target(),
        actionFilters: [
          {
            logicType: "any-short",
            conditions: [],
            actions: [
              {
                type: "slack",
                integrationId: "4410",
                data: {},
                config: { targetType: "specific", targetDisplay: "#frontend" },
              },
            ],
          },
        ],
      },
      reached: (s, t) =>
        JSON.stringify(b(s).actionFilters).includes("#frontend") && t.includes("C05FR0NT1"),
    },
    {
      label: "addProjectSlugs",
      args: { ...target(), addProjectSlugs: ["frontend"] },
      reached: (s) => detectorIds(s).includes("70102"),
    },
    {
      label: "removeProjectSlugs",
      args: { ...target(["70102"]), removeProjectSlugs: ["frontend"] },
      reached: (s) => !!write(s) && !detectorIds(s).includes("70102"),
    },
    {
      label: "addDetectorIds",
      args: { ...target(), addDetectorIds: ["70014"] },
      reached: (s) => detectorIds(s).includes("70014"),
    },
    {
      label: "removeDetectorIds",
      args: { ...target(["70014"]), removeDetectorIds: ["70014"] },
      reached: (s) => !!write(s) && !detectorIds(s).includes("70014"),
    },
  ];
}

function deleteProbes(sandbox: Sandbox): Probe[] {
  const target = () => {
    const { id } = seedAlert(sandbox);
    return { id, args: { organizationSlug: "acme", ruleId: id } };
  };
  const deleted = (id: string) => (s: SentRequest[]) =>
    write(s)?.method === "DELETE" &&
    write(s)?.path === `/api/0/organizations/acme/workflows/${id}/`;
  const probe = (label: string, extra: Record<string, unknown> = {}): Probe => {
    const t = target();
    return { label, args: { ...t.args, ...extra }, reached: deleted(t.id) };
  };
  return [
    probe("organizationSlug"),
    probe("regionUrl (null branch)", { regionUrl: null }),
    probe("regionUrl (string branch)", { regionUrl: "https://us.sentry.io" }),
    probe("projectSlug (string branch)", { projectSlug: "backend" }),
    probe("projectSlug (null branch)", { projectSlug: null }),
    probe("ruleId"),
  ];
}

const FIXTURE = new URL("./fixtures/incumbent-0.42-alerts.json", import.meta.url);

describe("incumbent alert tools: scopes and hints", () => {
  it("declare the incumbent's required scopes and idempotency", () => {
    const tools = loadFixture(FIXTURE).tools as unknown as Array<{
      name: string;
      requiredScopes: string[];
      annotations: { idempotentHint?: boolean };
    }>;
    expect(tools.map((t) => t.name).sort()).toEqual([
      "create_alert_rule",
      "delete_alert_rule",
      "get_alert_options",
      "update_alert_rule",
    ]);
    for (const want of tools) {
      const ours = ALL_TOOLS.find((t) => t.name === want.name)!;
      expect([...ours.requiredScopes].sort(), want.name).toEqual([...want.requiredScopes].sort());
      expect(ours.annotations.idempotentHint, want.name).toBe(want.annotations.idempotentHint);
    }
  });
});

describeIncumbentTools(FIXTURE, (sandbox) => ({
  get_alert_options: optionsProbes,
  create_alert_rule: createProbes,
  update_alert_rule: () => updateProbes(sandbox),
  delete_alert_rule: () => deleteProbes(sandbox),
}));
