import { datasetSearchTool } from "./support/dataset-search.js";

export default datasetSearchTool({
  name: "search_metrics",
  title: "Search Metrics",
  description:
    "Search custom trace metrics: counters, gauges and distributions by name and attributes. search_events with dataset metrics.",
  dataset: "metrics",
});
