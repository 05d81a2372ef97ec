import { z } from "zod";
import { deleteInboundFilter, getInboundFilter } from "../sentry-api/inbound-filters.js";
import { defineTool, structuredResult } from "./define.js";
import {
  filterIdParam,
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
  deleted: filterViewSchema.describe("The filter as it was before deletion"),
});

export default defineTool({
  name: "delete_custom_inbound_filter",
  title: "Delete Custom Inbound Filter",
  description:
    "Delete (remove) a custom inbound filter rule for good, so the project starts ingesting the matching data (such as bot traffic) again. To pause it instead, use update_custom_inbound_filter with active=false.",
  inputSchema: { organizationSlug, projectSlug, filterId: filterIdParam },
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
    const current = await readFilters(
      () => getInboundFilter(ctx.client, org, project, params.filterId, ctx.signal),
      params.filterId,
    );
    const before = filterView(current);
    await writeFilter(
      {
        action: `delete inbound filter ${params.filterId} in ${project}`,
        notFound: `Filter ${params.filterId} is already gone.`,
      },
      () => deleteInboundFilter(ctx.client, org, project, params.filterId, ctx.signal),
    );
    return structuredResult({
      organization: org,
      project,
      changed: true,
      summary: `Deleted filter ${before.name ?? before.id} (ID ${before.id}) from ${project}: ${filterWords(before)} is ${before.active ? "ingested again" : "no longer matched (it was inactive)"}.`,
      deleted: before,
    });
  },
});
