import { z } from "zod";
import { UserInputError } from "../errors.js";
import {
  getInboundFilter,
  type InboundFilterWrite,
  updateInboundFilter,
} from "../sentry-api/inbound-filters.js";
import { defineTool, structuredResult } from "./define.js";
import {
  assertConditionsFit,
  conditionsParam,
  type DataType,
  dataTypeParam,
  filterIdParam,
  filterView,
  filterViewSchema,
  readFilters,
  writeFilter,
} from "./support/inbound-filters.js";
import { organizationSlug, projectSlug } from "./support/params.js";
import { diffLines } from "./support/write-params.js";

const output = z.object({
  organization: z.string(),
  project: z.string(),
  changed: z.boolean(),
  summary: z.string(),
  changes: z.array(z.string()),
  before: filterViewSchema,
  after: filterViewSchema,
});

const showValue = (v: unknown) =>
  v === null || v === undefined
    ? "none"
    : Array.isArray(v)
      ? v
          .map((c: { type: string; value: string[] }) => `${c.type} in [${c.value.join(", ")}]`)
          .join(" and ")
      : String(v);

export default defineTool({
  name: "update_custom_inbound_filter",
  title: "Update Custom Inbound Filter",
  description:
    "Change a custom inbound filter (ingest drop rule): rename it, pause or turn it off (active=false) or back on, or change what it drops (data type, conditions; conditions replaces the whole list). Answers before \u2192 after.",
  inputSchema: {
    organizationSlug,
    projectSlug,
    filterId: filterIdParam,
    name: z.string().trim().min(1).max(256).optional().describe("New name"),
    active: z.boolean().optional().describe("false pauses the filter, true resumes it"),
    dataType: dataTypeParam.optional(),
    conditions: conditionsParam.optional().describe("Replaces all conditions"),
  },
  outputSchema: output,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: true,
  },
  skills: ["project-management"],
  requiredScopes: ["project:write"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const project = params.projectSlug;
    const fields = ["name", "active", "dataType", "conditions"] as const;
    if (fields.every((f) => params[f] === undefined)) {
      throw new UserInputError(`Pass at least one field to change: ${fields.join(", ")}.`);
    }
    const current = await readFilters(
      () => getInboundFilter(ctx.client, org, project, params.filterId, ctx.signal),
      params.filterId,
    );
    const before = filterView(current);
    const dataType = (params.dataType ?? before.dataType) as DataType;
    assertConditionsFit(dataType, params.conditions ?? before.conditions);
    const body: InboundFilterWrite = {};
    const differs = (key: (typeof fields)[number]) =>
      params[key] !== undefined && JSON.stringify(params[key]) !== JSON.stringify(before[key]);
    if (differs("name")) body.name = params.name;
    if (differs("active")) body.active = params.active;
    if (differs("dataType")) body.dataType = params.dataType;
    if (differs("conditions")) body.conditions = params.conditions;
    const label = before.name ?? before.id;
    if (Object.keys(body).length === 0) {
      return structuredResult({
        organization: org,
        project,
        changed: false,
        summary: `Nothing to change: filter ${label} already has these values.`,
        changes: [],
        before,
        after: before,
      });
    }
    const updated = await writeFilter(
      { action: `update inbound filter ${params.filterId} in ${project}` },
      () => updateInboundFilter(ctx.client, org, project, params.filterId, body, ctx.signal),
    );
    const after = filterView(updated);
    const changes = diffLines(before, after, [...fields], showValue);
    return structuredResult({
      organization: org,
      project,
      changed: changes.length > 0,
      summary: changes.length
        ? `Updated filter ${after.name ?? after.id}: ${changes.join("; ")}.`
        : `Sentry kept filter ${label} as it was.`,
      changes,
      before,
      after,
    });
  },
});
