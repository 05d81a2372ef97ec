import { describe, expect, it } from "vitest";
import { actionPhrase, conditionPhrase, ownerPhrase } from "./alert-conditions.js";
import { humanize } from "./humanize.js";
import { legacyActionPhrase, legacyConditionPhrase } from "./legacy-alerts.js";

const dir = {
  team: (id: string) => (id === "1" ? "platform" : undefined),
  user: (id: string) => (id === "2" ? "Dana Reyes" : undefined),
};

describe("alert conditions in words", () => {
  it("humanizes machine names and keys", () => {
    expect(humanize("event_frequency_count")).toBe("Event frequency count");
    expect(humanize("conditionResult")).toBe("Condition result");
  });

  it("phrases known conditions and falls back to a generic rendering without placeholders", () => {
    expect(
      conditionPhrase({ type: "event_frequency_count", comparison: { value: 10, interval: "5m" } }),
    ).toBe("Event frequency count: more than 10 events in 5 minutes");
    expect(
      conditionPhrase({ type: "first_seen_event", comparison: true, conditionResult: false }),
    ).toBe("Not: A new issue is created");
    expect(
      conditionPhrase({
        type: "issue_age_custom",
        comparison: { value: 3, unit: null, targetIdentifier: "x", list: [] },
        conditionResult: true,
      }),
    ).toBe("Issue age custom (value: `3`, target identifier: `x`)");
  });

  it("keeps untrusted values inside code spans", () => {
    const phrase = conditionPhrase({
      type: "tagged_event",
      comparison: { key: "url", match: "co", value: "](https://evil.example) # heading" },
    });
    expect(phrase).toBe("Tag `url` contains `](https://evil.example) # heading`");
  });

  it("names action targets, owners and legacy components", () => {
    expect(
      actionPhrase(
        { type: "email", config: { targetType: "team", targetIdentifier: "1" }, data: {} },
        dir,
      ),
    ).toBe("Email team `#platform`");
    expect(
      actionPhrase(
        { type: "opsgenie", config: { targetType: "specific", targetDisplay: "SRE" } },
        dir,
      ),
    ).toBe("Opsgenie `SRE`");
    expect(actionPhrase({ type: "webhook", config: { targetType: null } }, dir)).toBe("Webhook");
    expect(ownerPhrase("user:2", dir)).toBe("`Dana Reyes`");
    expect(ownerPhrase("team:9", dir)).toBe("`#9`");
    expect(
      legacyConditionPhrase({
        id: "sentry.rules.conditions.event_frequency.EventFrequencyCondition",
        value: 1000,
        interval: "1h",
      }),
    ).toBe("Event frequency count: more than 1000 events in 1 hour");
    expect(
      legacyConditionPhrase({
        id: "sentry.rules.filters.issue_category.IssueCategoryFilter",
        value: "2",
      }),
    ).toBe("Issue category is `performance`");
    expect(
      legacyActionPhrase(
        { id: "sentry.mail.actions.NotifyEmailAction", targetType: "Team", targetIdentifier: 1 },
        dir,
      ),
    ).toBe("Email team `#platform`");
  });
});
