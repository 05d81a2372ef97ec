import { datasetSearchTool } from "./support/dataset-search.js";

export default datasetSearchTool({
  name: "search_profiles",
  title: "Search Profiles",
  description:
    "Search profiled functions: the slowest or most frequent functions in CPU profiles. search_events with dataset profiles.",
  dataset: "profiles",
  capability: "profiles",
});
