import { z } from "zod";
import { UserInputError } from "../errors.js";
import { listAvailableActions, listDataConditions } from "../sentry-api/alert-workflows.js";
import { getProject } from "../sentry-api/projects.js";
import { listDetectors } from "../sentry-api/workflows.js";
import { defineTool, structuredResult } from "./define.js";
import { orWorkflowApi } from "./support/alert-rule-report.js";
import { pinnedProjectId } from "./support/alert-sources.js";
import { assertWithinPins } from "./support/constraints.js";
import { loadDirectory } from "./support/org-directory.js";
import { organizationSlug, projectSlug } from "./support/params.js";

const section = z.enum(["actions", "conditions", "sources"]);
const conditionGroup = z.enum(["workflow_trigger", "action_filter"]);
const typeList = z.array(z.string().trim().min(1)).max(20);

const output = z.object({
  organization: z.string(),
  section,
  conditionGroup: conditionGroup.optional(),
  actions: z
    .array(
      z.object({
        type: z.string(),
        handlerGroup: z.string(),
        configSchema: z.unknown(),
        dataSchema: z.unknown(),
        integrations: z
          .array(
            z.object({
              id: z.string(),
              name: z.string(),
              services: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
            }),
          )
          .optional(),
        services: z.array(z.object({ slug: z.string(), name: z.string() })).optional(),
        sentryApp: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .optional(),
  conditions: z
    .array(
      z.object({
        type: z.string(),
        handlerGroup: z.string(),
        handlerSubgroup: z.string().optional(),
        comparisonJsonSchema: z.unknown(),
      }),
    )
    .optional(),
  sources: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        type: z.string(),
        project: z.string().nullable(),
        enabled: z.boolean(),
        workflowIds: z.array(z.string()).describe("Alerts already connected"),
      }),
    )
    .optional(),
  nextCursor: z.string().nullable(),
  inputGuide: z
    .object({
      fieldNames: z.record(z.string(), z.string()),
      targetTypes: z.record(z.string(), z.string()),
      notes: z.array(z.string()),
    })
    .optional(),
});

/** How Sentry's option schemas (snake_case, numeric target types) map to an alert's actions. */
const INPUT_GUIDE = {
  fieldNames: {
    target_identifier: "targetIdentifier",
    target_display: "targetDisplay",
    target_type: "targetType",
    fallthrough_type: "fallthroughType",
  },
  targetTypes: {
    "0": "specific",
    "1": "user",
    "2": "team",
    "3": "sentry_app",
    "4": "issue_owners",
  },
  notes: [
    "An action in actionFilters is {type, integrationId, config, data}: config takes the camelCase names above and targetType as its word.",
    "Integration actions need integrationId (and a service id as targetIdentifier where the integration lists services).",
    "Slack and Teams take a channel name in targetDisplay; email takes a user or team ID (find_teams) in targetIdentifier.",
  ],
};

function typeQuery(types: string[] | null, query: string | null): string | undefined {
  const parts = [
    types?.length ? `type:${types.length === 1 ? types[0] : `[${types.join(",")}]`}` : "",
    query ?? "",
  ];
  return parts.filter(Boolean).join(" ") || undefined;
}

export default defineTool({
  name: "get_alert_options",
  title: "Get Alert Options",
  description:
    "What an alert can be built from, one section per call: actions (installed notification integrations such as Slack, PagerDuty, email, with their config schemas), conditions (trigger and filter types), or sources (monitors and project issue streams an alert can be connected to).",
  inputSchema: {
    organizationSlug,
    section: section.describe("actions, conditions or sources"),
    actionTypes: typeList
      .nullable()
      .default(null)
      .describe("actions only: these types, e.g. slack, email, pagerduty"),
    conditionGroup: conditionGroup
      .nullable()
      .default(null)
      .describe("conditions (required): workflow_trigger or action_filter"),
    projectSlug: projectSlug
      .nullable()
      .default(null)
      .describe('sources only: this project ("all" or absent: every project)'),
    sourceTypes: typeList
      .nullable()
      .default(null)
      .describe("sources only: monitor types, e.g. issue_stream, metric_issue"),
    query: z
      .string()
      .trim()
      .min(1)
      .nullable()
      .default(null)
      .describe("sources only: Sentry monitor search, e.g. name:latency"),
    cursor: z.string().nullable().default(null).describe("nextCursor of the same call"),
    limit: z.number().int().min(1).max(100).default(25).describe("Options per page (1-100)"),
  },
  outputSchema: output,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect"],
  requiredScopes: ["org:read", "project:read"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const { section: which } = params;
    if (params.actionTypes !== null && which !== "actions")
      throw new UserInputError('actionTypes goes with section "actions".');
    if (params.conditionGroup !== null && which !== "conditions")
      throw new UserInputError('conditionGroup goes with section "conditions".');
    if ((params.sourceTypes !== null || params.query !== null) && which !== "sources")
      throw new UserInputError('sourceTypes and query go with section "sources".');
    if (which === "conditions" && params.conditionGroup === null)
      throw new UserInputError(
        'section "conditions" needs conditionGroup: workflow_trigger (what starts the alert) or action_filter (filters of an action group).',
      );
    const page = {
      cursor: params.cursor ?? undefined,
      perPage: params.limit,
      signal: ctx.signal,
    };
    return orWorkflowApi(ctx, org, async () => {
      if (which === "actions") {
        const res = await listAvailableActions(ctx.client, org, {
          ...page,
          types: params.actionTypes ?? undefined,
        });
        const actions = res.data.map(({ integrations, services, sentryApp, ...a }) => ({
          ...a,
          configSchema: a.configSchema ?? null,
          dataSchema: a.dataSchema ?? null,
          ...(integrations
            ? {
                integrations: integrations.map(({ services: s, ...i }) => ({
                  ...i,
                  ...(s ? { services: s } : {}),
                })),
              }
            : {}),
          ...(services ? { services } : {}),
          ...(sentryApp ? { sentryApp } : {}),
        }));
        return structuredResult({
          organization: org,
          section: which,
          actions,
          nextCursor: res.nextCursor ?? null,
          inputGuide: INPUT_GUIDE,
        });
      }
      if (which === "conditions") {
        const group = params.conditionGroup ?? "workflow_trigger";
        const res = await listDataConditions(ctx.client, org, group, page);
        return structuredResult({
          organization: org,
          section: which,
          conditionGroup: group,
          conditions: res.data.map(({ handlerSubgroup, ...c }) => ({
            ...c,
            ...(handlerSubgroup ? { handlerSubgroup } : {}),
          })),
          nextCursor: res.nextCursor ?? null,
        });
      }
      const wanted = params.projectSlug && params.projectSlug !== "all" ? params.projectSlug : null;
      assertWithinPins(ctx, org, wanted ?? undefined);
      const projectId =
        (await pinnedProjectId(ctx, org)) ??
        (wanted ? (await getProject(ctx.client, org, wanted, ctx.signal)).id : undefined);
      const [res, dir] = await Promise.all([
        listDetectors(ctx.client, org, {
          ...page,
          projects: projectId ? [projectId] : undefined,
          query: typeQuery(params.sourceTypes, params.query),
        }),
        loadDirectory(ctx, org, { projects: true }),
      ]);
      return structuredResult({
        organization: org,
        section: which,
        sources: res.data
          .filter((d) => !projectId || d.projectId === projectId)
          .map((d) => ({
            id: d.id,
            name: d.name,
            type: d.type,
            project: d.projectId ? (dir.project(d.projectId) ?? d.projectId) : null,
            enabled: d.enabled !== false,
            workflowIds: [...(d.workflowIds ?? [])],
          })),
        nextCursor: res.nextCursor ?? null,
      });
    });
  },
});
