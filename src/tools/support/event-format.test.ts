import { describe, expect, it } from "vitest";
import { EventSchema } from "../../sentry-api/events.js";
import { IssueTagSchema } from "../../sentry-api/issues.js";
import { breadcrumbLine } from "./breadcrumb-format.js";
import { formatEventBody } from "./event-format.js";
import { tagSummary } from "./issue-details-format.js";
import { formatException } from "./stacktrace-format.js";

const event = (fields: Record<string, unknown>) =>
  EventSchema.parse({ id: "e1", eventID: "e1", ...fields });

describe("response edges of event formatting", () => {
  it("a capped tag list says how many it left out", () => {
    const tags = Array.from({ length: 35 }, (_, i) => ({ key: `k${i}`, value: `v${i}` }));
    const body = formatEventBody(event({ tags })).join("\n");
    expect(body).toContain("`k29=v29` and 5 more not shown");
    expect(body).not.toContain("k30=");
    const few = formatEventBody(event({ tags: tags.slice(0, 3) })).join("\n");
    expect(few).not.toContain("more not shown");
  });

  it("the tag distribution says how many keys it left out", () => {
    const tags = Array.from({ length: 8 }, (_, i) =>
      IssueTagSchema.parse({
        key: `key${i}`,
        name: `key${i}`,
        totalValues: 10,
        topValues: [{ value: "a", count: 10 }],
      }),
    );
    const lines = tagSummary(tags);
    expect(lines).toHaveLength(6);
    expect(lines.at(-1)).toBe("- 3 more tag keys not shown");
    expect(tagSummary(tags.slice(0, 5)).join("\n")).not.toContain("not shown");
  });

  it("a multi-line exception value is a code block, a one-line value stays inline", () => {
    const multi = formatException({
      type: "IntegrityError",
      value: 'duplicate key value\nDETAIL: Key (id)=(7) already exists.\nSQL: INSERT INTO "t"',
    });
    expect(multi).toBe(
      [
        "**Exception**: `IntegrityError`",
        "```",
        "duplicate key value",
        "DETAIL: Key (id)=(7) already exists.",
        'SQL: INSERT INTO "t"',
        "```",
        "No stack frames recorded.",
      ].join("\n"),
    );
    expect(formatException({ type: "ValueError", value: "bad" })).toBe(
      "**Exception**: `ValueError: bad`\nNo stack frames recorded.",
    );
  });

  it("a breadcrumb without a time or a message shows no placeholders", () => {
    expect(breadcrumbLine({ category: "ui.click" })).toBe("- `ui.click`");
    expect(breadcrumbLine({ category: "http", timestamp: "2026-11-01T10:00:05Z" })).toBe(
      "- 10:00:05 `http`",
    );
    expect(breadcrumbLine({ category: "nav" }, { full: true })).toBe("- `nav`");
  });
});
