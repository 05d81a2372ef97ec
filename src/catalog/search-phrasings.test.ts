/**
 * Discovery by meaning: mid-task requests that avoid the tools' own words ("mute this noisy
 * issue" for update_issue). A request is found when its tool is listed directly or comes in the
 * top 3 of search_sentry_tools' ranking over the catalog (every skill granted). The table is
 * test/fixtures/discovery-phrasings.json, shared with `npm run bench`.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ALL_TOOLS } from "./index.js";
import { rankTools } from "./search.js";
import { DIRECT_TOOL_NAMES } from "./surface.js";

const { phrasings } = JSON.parse(
  readFileSync(new URL("../../test/fixtures/discovery-phrasings.json", import.meta.url), "utf8"),
) as { phrasings: Array<[string, string]> };

/** What search_sentry_tools ranks: the catalog without the two meta tools. */
const CATALOG = ALL_TOOLS.filter(
  (t) => t.name !== "search_sentry_tools" && t.name !== "execute_sentry_tool",
);

function outcome([query, tool]: [string, string]) {
  const top = rankTools(CATALOG, query)
    .slice(0, 3)
    .map((r) => r.tool.name);
  return { query, tool, top, found: DIRECT_TOOL_NAMES.includes(tool) || top.includes(tool) };
}

describe("search_sentry_tools finds tools by everyday words", () => {
  const names = new Set(ALL_TOOLS.map((t) => t.name));

  it("the table has 20+ requests, each for a tool that exists, and none names its tool", () => {
    expect(phrasings.length).toBeGreaterThanOrEqual(20);
    for (const [query, tool] of phrasings) {
      expect(names.has(tool), tool).toBe(true);
      expect(query.toLowerCase(), query).not.toContain(tool.replace(/_/g, " "));
    }
  });

  it("finds at least 90% (18 of every 20); every miss is printed", () => {
    const outcomes = phrasings.map(outcome);
    const misses = outcomes.filter((o) => !o.found);
    const report = misses.map((m) => `miss: "${m.query}" → ${m.tool} (top 3: ${m.top.join(", ")})`);
    console.info(
      `discovery: ${outcomes.length - misses.length} of ${outcomes.length} found\n${report.join("\n")}`,
    );
    expect(outcomes.length - misses.length, report.join("\n")).toBeGreaterThanOrEqual(
      Math.ceil(outcomes.length * 0.9),
    );
  });

  it("the issue's two misses are found", () => {
    expect(outcome(["mute this noisy issue for a week", "update_issue"]).top).toContain(
      "update_issue",
    );
    expect(outcome(["how many users hit this on chrome", "get_issue_tag_values"]).top).toContain(
      "get_issue_tag_values",
    );
  });

  it("old names answer only to their exact name, never to words", () => {
    const words = rankTools(CATALOG, "ai conversation details").map((r) => r.tool.name);
    expect(words).toContain("get_agent_conversation_details");
    expect(words).not.toContain("get_ai_conversation_details");
    expect(rankTools(CATALOG, "get_ai_conversation_details")[0].tool.name).toBe(
      "get_ai_conversation_details",
    );
  });
});
