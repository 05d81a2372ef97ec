import { z } from "zod";
import { createInboundFilter, listInboundFilters } from "../sentry-api/inbound-filters.js";
import { defineTool, structuredResult } from "./define.js";
import {
  assertConditionsFit,
  conditionsParam,
  dataTypeParam,
  filterView,
  filterViewSchema,
  filterWords,
  readFilters,
  writeFilter,
} from "./support/inbound-filters.js";
import { organizationSlug, projectSlug } from "./support/params.js";

const output = z.object({
  organization: z.string(),
  project: z.string(),
  changed: z.boolean(),
  summary: z.string(),
  filter: filterViewSchema,
});

const sameRule = (a: { dataType: string; conditions: unknown }, b: typeof a) =>
  a.dataType === b.dataType && JSON.stringify(a.conditions) === JSON.stringify(b.conditions);

export default defineTool({
  name: "create_custom_inbound_filter",
  title: "Create Custom Inbound Filter",
  description:
    "Stop ingesting noisy data: block or drop matching errors, events, logs, metrics or spans at ingest (a bot or crawler IP/CIDR, a release, an error type or message, a log message, a metric name; globs), before they are stored or count against quota. Dropped data is gone for good; active=false stores the rule without applying it.",
  inputSchema: {
    organizationSlug,
    projectSlug,
    name: z.string().trim().min(1).max(256).describe("What it drops and why"),
    dataType: dataTypeParam,
    conditions: conditionsParam,
    active: z.boolean().default(true).describe("false: store it without dropping anything yet"),
  },
  outputSchema: output,
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  skills: ["project-management"],
  requiredScopes: ["project:write"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const project = params.projectSlug;
    assertConditionsFit(params.dataType, params.conditions);
    const wanted = { dataType: params.dataType, conditions: params.conditions };
    // Already there? A filter of this project with the same data type and conditions.
    const existing = await readFilters(() =>
      listInboundFilters(ctx.client, org, project, { perPage: 100, signal: ctx.signal }),
    );
    const twin = existing.data.find((f) => sameRule(f, wanted));
    if (twin && twin.active === params.active) {
      const view = filterView(twin);
      return structuredResult({
        organization: org,
        project,
        changed: false,
        summary: `Already exists: filter ${view.name ?? view.id} (ID ${view.id}) ${view.active ? "drops" : "matches (inactive)"} ${filterWords(view)}; nothing created.`,
        filter: view,
      });
    }
    const created = await writeFilter(
      { action: `create inbound filter "${params.name}" in ${project}` },
      () =>
        createInboundFilter(
          ctx.client,
          org,
          project,
          {
            name: params.name,
            active: params.active,
            dataType: params.dataType,
            conditions: params.conditions,
          },
          ctx.signal,
        ),
    );
    const view = filterView(created);
    const note = twin
      ? ` Filter ${twin.id} has the same conditions but is ${twin.active ? "active" : "inactive"}.`
      : "";
    return structuredResult({
      organization: org,
      project,
      changed: true,
      summary: `Created filter ${view.name ?? view.id} (ID ${view.id}) in ${project}: ${view.active ? "now drops" : "stored inactive, would drop"} ${filterWords(view)}.${note}`,
      filter: view,
    });
  },
});
