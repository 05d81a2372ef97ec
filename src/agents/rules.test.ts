import { describe, expect, it } from "vitest";
import type { RequestKey } from "./request.js";
import { guessDataset, translateWithRules } from "./rules.js";

const none = new Set<RequestKey>();

describe("translateWithRules", () => {
  it("turns the canonical sentence into Sentry terms and a period", () => {
    const t = translateWithRules(
      "issues",
      "unresolved errors assigned to me in the last 24 hours",
      {},
      none,
    );
    expect(t.request).toEqual({ query: "is:unresolved level:error assigned:me", period: "24h" });
    expect(t.explanation).toBe(
      '"in the last 24 hours" → period 24h; "assigned to me" → assigned:me; "unresolved" → is:unresolved; "errors" → level:error',
    );
  });

  it("passes key:value terms through and keeps the remaining words as free text", () => {
    const t = translateWithRules(
      "issues",
      'show me release:1.2.0 !browser.name:Safari "gateway timeout" issues about checkout',
      {},
      none,
    );
    expect(t.request.query).toBe(
      'is:unresolved release:1.2.0 !browser.name:Safari "gateway timeout" checkout',
    );
    expect(t.explanation).toBe(
      'kept release:1.2.0 !browser.name:Safari; free text "gateway timeout" checkout',
    );
  });

  it("reads sorts, status, environments and projects", () => {
    expect(
      translateWithRules(
        "issues",
        "most frequent resolved issues in the payments project",
        {},
        none,
      ).request,
    ).toEqual({ query: "is:resolved project:payments", sort: "freq" });
    expect(
      translateWithRules("issues", "high priority regressions in production this week", {}, none)
        .request,
    ).toEqual({
      query: "issue.priority:high is:regressed environment:production",
      period: "7d",
    });
  });

  it("keeps what the caller set explicitly and adds to an explicit query", () => {
    const t = translateWithRules(
      "issues",
      "most frequent errors in the last 3 days",
      { query: "is:unresolved level:error", sort: "date", period: "14d" },
      new Set<RequestKey>(["query", "sort"]),
    );
    expect(t.request).toEqual({ query: "is:unresolved level:error", sort: "date", period: "3d" });
  });

  it("picks datasets, severities and slow sorts for search_events", () => {
    expect(translateWithRules("events", "error logs from the last hour", {}, none).request).toEqual(
      { query: "severity:error", dataset: "logs", period: "1h" },
    );
    expect(translateWithRules("events", "slowest db queries today", {}, none).request).toEqual({
      query: "",
      dataset: "spans",
      sort: "-span.duration",
      period: "24h",
    });
    expect(
      translateWithRules("events", "errors in staging", { dataset: "spans" }, new Set(["dataset"]))
        .request,
    ).toEqual({ query: "errors", dataset: "spans", environment: "staging" });
    expect(guessDataset("replays with rage clicks")).toBe("replays");
    expect(guessDataset("what broke")).toBeUndefined();
  });

  it("handles issue events: environment param, random sampling", () => {
    expect(
      translateWithRules(
        "issue-events",
        "a random sample from production for user.email:a@b.co",
        {},
        none,
      ).request,
    ).toEqual({ query: "user.email:a@b.co", sort: "random", environment: "production" });
  });

  it("says so when nothing was recognised", () => {
    const t = translateWithRules("issue-events", "the", {}, none);
    expect(t.request.query).toBe("");
    expect(t.explanation).toBe("no phrase recognised; searched as given");
  });

  it("does not treat URLs as search keys", () => {
    const t = translateWithRules("issues", "errors on https://shop.example/cart", {}, none);
    expect(t.request.query).toBe("is:unresolved level:error https://shop.example/cart");
  });
});
