import { z } from "zod";
import searchEvents from "../search-events.js";
import type { AnyTool, Capability } from "../types.js";
import type { Dataset } from "./events-datasets.js";

/** search_events without its `dataset` parameter: the dataset tools pass their own. */
const { dataset: _dataset, ...shared } = searchEvents.inputSchema;

/**
 * The incumbent's dataset tools (0.42) take `fields: []` and `sort: ""` as "use the defaults";
 * these tools do too. search_events keeps its listed schema unchanged.
 */
const inputSchema = {
  ...shared,
  fields: z
    .array(z.string().trim().min(1).max(200))
    .max(20)
    .optional()
    .describe(`${shared.fields.description ?? "Columns"}; [] for the defaults`),
  sort: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe(shared.sort.description ?? "Sort"),
};

/**
 * A dataset search tool (search_errors, search_logs, ...): search_events locked to one dataset,
 * with the same parameters minus `dataset`, the same answer, and the same skills and scopes.
 */
export function datasetSearchTool(spec: {
  name: string;
  title: string;
  description: string;
  dataset: Dataset;
  capability?: Capability;
}): AnyTool {
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema,
    annotations: searchEvents.annotations,
    skills: searchEvents.skills,
    requiredScopes: searchEvents.requiredScopes,
    ...(spec.capability ? { requiredCapabilities: [spec.capability] } : {}),
    handler: (params: Record<string, unknown>, ctx) => {
      const fields = params.fields as string[] | undefined;
      return searchEvents.handler(
        {
          ...params,
          fields: fields?.length ? fields : undefined,
          sort: params.sort || undefined,
          dataset: spec.dataset,
        } as never,
        ctx,
      );
    },
  };
}
