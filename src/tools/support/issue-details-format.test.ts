import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EventSchema } from "../../sentry-api/events.js";
import { IssueSchema } from "../../sentry-api/issues.js";
import { formatIssueDetails } from "./issue-details-format.js";

/** Arbitrary JSON-ish values, including the shapes formatters look for. */
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constant(null),
    fc.boolean(),
    fc.double({ noNaN: false }),
    fc.string(),
    fc.constantFrom("", "# heading", "`", "```", "\u202e", "latest", "0", "None"),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(
      fc.constantFrom(
        "type",
        "value",
        "values",
        "frames",
        "stacktrace",
        "context",
        "vars",
        "lineNo",
        "data",
        "name",
        "message",
        "timestamp",
        "trace_id",
        "replay_id",
        "evidenceData",
        "evidenceDisplay",
        "dataSources",
        "queryObj",
        "snubaQuery",
        "conditions",
        "offenderSpanIds",
        "span_id",
        "blocked_uri",
      ),
      tie("value"),
      { maxKeys: 5 },
    ),
  ),
})).value;

const entry = fc.record({
  type: fc.constantFrom(
    "exception",
    "threads",
    "stacktrace",
    "breadcrumbs",
    "request",
    "message",
    "csp",
    "spans",
    "other",
  ),
  data: json,
});

const event = fc.record({
  eventID: fc.constant("0123456789abcdef0123456789abcdef"),
  title: fc.option(fc.string(), { nil: null }),
  message: fc.option(fc.string(), { nil: null }),
  type: fc.option(fc.string(), { nil: null }),
  dateCreated: fc.oneof(fc.constant("2026-11-01T10:00:00Z"), fc.string()),
  entries: fc.oneof(fc.array(entry, { maxLength: 6 }), json),
  contexts: json,
  context: json,
  tags: json,
  user: json,
  sdk: json,
  packages: json,
  occurrence: json,
  release: fc.oneof(fc.constant(null), fc.string(), json),
});

const issue = IssueSchema.parse({
  id: "1",
  shortId: "APP-1",
  title: "t",
  project: { slug: "app" },
  issueCategory: "performance",
  type: "csp",
});

describe("formatIssueDetails on arbitrary events", () => {
  it("never throws and never prints JS placeholders", () => {
    fc.assert(
      fc.property(event, (raw) => {
        const parsed = EventSchema.safeParse(raw);
        expect(parsed.success).toBe(true);
        if (!parsed.success) return;
        const text = formatIssueDetails({
          org: "acme",
          issue,
          event: parsed.data,
          eventLabel: "latest",
          tags: [],
          suspectCommit: null,
          issueUrl: "https://acme.sentry.io/issues/1/",
          hints: { canCall: () => true, isDirect: () => false },
        });
        expect(text).toContain("# Issue APP-1");
        expect(text).not.toMatch(/\[object Object\]|\bundefined\b/);
      }),
      { numRuns: 400 },
    );
  });
});
