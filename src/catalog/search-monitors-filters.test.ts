import { describe, expect, it } from "vitest";
import { ALL_TOOLS } from "./index.js";
import { rankTools } from "./search.js";

/** Plain requests for the metric monitor and inbound filter tools, and the tool each needs. */
const TABLE: Array<[string, string]> = [
  ["page me when p95 goes over 2 s", "create_metric_monitor"],
  ["alert when checkout latency is too slow", "create_metric_monitor"],
  ["warn us when the error count spikes above 500 an hour", "create_metric_monitor"],
  ["which metric alerts watch checkout latency", "find_metric_monitors"],
  ["raise the threshold of the checkout latency alert", "update_metric_monitor"],
  ["pause the metric alert for checkout", "update_metric_monitor"],
  ["remove the p95 latency monitor", "delete_metric_monitor"],
  ["stop ingesting errors from this noisy bot", "create_custom_inbound_filter"],
  ["block IP 203.0.113.7 so its events are not ingested", "create_custom_inbound_filter"],
  ["ignore ConnectionResetError so it stops using quota", "create_custom_inbound_filter"],
  ["which ingest drop rules do we have", "find_custom_inbound_filters"],
  ["pause the ingest drop of debug logs", "update_custom_inbound_filter"],
  ["let the bot traffic be ingested again", "delete_custom_inbound_filter"],
];

describe("search_sentry_tools finds the monitor and filter tools", () => {
  it.each(TABLE)("%s → %s (top 3)", (query, expected) => {
    const top = rankTools(ALL_TOOLS, query)
      .slice(0, 3)
      .map((r) => r.tool.name);
    expect(top, top.join(" ")).toContain(expected);
  });
});
