/** Issue 21: search_sentry_tools finds each dashboard write tool in its top 3 for plain requests. */

import { describe, expect, it } from "vitest";
import { ALL_TOOLS } from "./index.js";
import { paramSignature, rankTools } from "./search.js";
import { publicShape } from "./session.js";

const TABLE: Array<[string, string]> = [
  ["make a dashboard of checkout errors", "create_dashboard"],
  ["create a dashboard", "create_dashboard"],
  ["new dashboard with a chart of p95 latency", "create_dashboard"],
  ["add a widget to a dashboard", "update_dashboard"],
  ["remove a chart from the dashboard", "update_dashboard"],
  ["change a dashboard widget's query", "update_dashboard"],
  ["rename a dashboard", "update_dashboard"],
  ["duplicate a dashboard", "duplicate_dashboard"],
  ["copy the backend dashboard", "duplicate_dashboard"],
  ["delete a dashboard", "delete_dashboard"],
  ["remove the old dashboard", "delete_dashboard"],
];

describe("search_sentry_tools finds the dashboard writes", () => {
  it.each(TABLE)("%s → %s in the top 3", (query, expected) => {
    const top = rankTools(ALL_TOOLS, query)
      .slice(0, 3)
      .map((r) => r.tool.name);
    expect(top, top.join(" ")).toContain(expected);
  });

  it("the signature search_sentry_tools shows is enough to write a widget in one call", () => {
    const tool = ALL_TOOLS.find((t) => t.name === "create_dashboard")!;
    const widgets = paramSignature(publicShape(tool, {}))["widgets?"];
    for (const key of [
      "title",
      "conditions?",
      "dataset?",
      "displayType?",
      "aggregates?",
      "columns?",
    ])
      expect(widgets).toContain(key);
  });
});
