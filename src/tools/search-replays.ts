import { datasetSearchTool } from "./support/dataset-search.js";

export default datasetSearchTool({
  name: "search_replays",
  title: "Search Session Replays",
  description:
    "Search session replays: by user, URL, errors or rage clicks. search_events with dataset replays.",
  dataset: "replays",
  capability: "replays",
});
