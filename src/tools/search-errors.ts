import { datasetSearchTool } from "./support/dataset-search.js";

export default datasetSearchTool({
  name: "search_errors",
  title: "Search Errors",
  description:
    "Search error events (exceptions, crashes) across issues: counts, top error types, trends or recent events. search_events with dataset errors.",
  dataset: "errors",
});
