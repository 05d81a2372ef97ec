/**
 * Discovery of the alert (workflow) tools: plain requests, in words other than the tools' names,
 * must put the tool in the top 3 of search_sentry_tools' ranking.
 */

import { describe, expect, it } from "vitest";
import { ALL_TOOLS } from "./index.js";
import { rankTools } from "./search.js";

const TABLE: Array<[string, string]> = [
  ["email the on-call team when a new issue shows up in checkout", "create_alert_rule"],
  ["notify me on Slack about new errors in payments", "create_alert_rule"],
  ["page the on-call engineer when an issue regresses", "create_alert_rule"],
  ["set up paging for whoever is on call when checkout issues come back", "create_alert_rule"],
  ["which notification integrations can an alert use", "get_alert_options"],
  ["what conditions can start a notification", "get_alert_options"],
  ["what could an alert be connected to", "get_alert_options"],
  ["send the backend notifications to another Slack channel", "update_alert_rule"],
  ["pause the checkout alert for now", "update_alert_rule"],
  ["make the alert notify less often", "update_alert_rule"],
  ["remove the noisy alert but keep its monitors", "delete_alert_rule"],
  ["get rid of the alert that pages the on-call team", "delete_alert_rule"],
];

describe("search_sentry_tools finds the alert tools", () => {
  it.each(TABLE)("%s → %s", (query, expected) => {
    const top = rankTools(ALL_TOOLS, query).slice(0, 3);
    expect(
      top.map((r) => r.tool.name),
      top.map((r) => `${r.tool.name}:${r.score}`).join(" "),
    ).toContain(expected);
  });
});
