import { datasetSearchTool } from "./support/dataset-search.js";

export default datasetSearchTool({
  name: "search_traces",
  title: "Search Traces and Spans",
  description:
    "Search spans: slow requests, latency (p95, p99) by endpoint or operation, db and http calls. search_events with dataset spans.",
  dataset: "spans",
  capability: "traces",
});
