import { datasetSearchTool } from "./support/dataset-search.js";

export default datasetSearchTool({
  name: "search_logs",
  title: "Search Logs",
  description:
    "Search log lines: recent logs, error or warning logs, counts by message or service. search_events with dataset logs.",
  dataset: "logs",
  capability: "logs",
});
