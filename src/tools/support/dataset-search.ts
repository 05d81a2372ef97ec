import searchEvents from "../search-events.js";
import type { AnyTool, Capability } from "../types.js";
import type { Dataset } from "./events-datasets.js";

/** search_events without its `dataset` parameter: the dataset tools pass their own. */
const { dataset: _dataset, ...inputSchema } = searchEvents.inputSchema;

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
    handler: (params: Record<string, unknown>, ctx) =>
      searchEvents.handler({ ...params, dataset: spec.dataset } as never, ctx),
  };
}
