import { describe, expect, it } from "vitest";
import { assertIssueId, parseSentryUrl } from "./sentry-url.js";

describe("parseSentryUrl", () => {
  it.each([
    [
      "https://acme.sentry.io/issues/123/",
      { org: "acme", resource: { type: "issue", org: "acme", issueId: "123" } },
    ],
    [
      "https://sentry.io/organizations/acme/issues/123/?project=1",
      { org: "acme", resource: { type: "issue", org: "acme", issueId: "123" } },
    ],
    [
      "https://de.sentry.io/organizations/acme/issues/BACKEND-1A/",
      { org: "acme", resource: { type: "issue", org: "acme", issueId: "BACKEND-1A" } },
    ],
    [
      "https://us.sentry.io/organizations/acme/issues/9/",
      { org: "acme", resource: { type: "issue", org: "acme", issueId: "9" } },
    ],
    [
      "http://sentry.local:9000/organizations/acme/issues/42/events/0123456789abcdef0123456789abcdef/",
      {
        org: "acme",
        resource: {
          type: "issue",
          org: "acme",
          issueId: "42",
          eventId: "0123456789abcdef0123456789abcdef",
        },
      },
    ],
    [
      "https://acme.sentry.io/performance/trace/0123456789abcdef0123456789abcdef/",
      {
        org: "acme",
        resource: { type: "trace", org: "acme", traceId: "0123456789abcdef0123456789abcdef" },
      },
    ],
    [
      "https://acme.sentry.io/explore/traces/trace/0123456789abcdef0123456789abcdef/",
      {
        org: "acme",
        resource: { type: "trace", org: "acme", traceId: "0123456789abcdef0123456789abcdef" },
      },
    ],
    [
      "https://acme.sentry.io/replays/0123456789abcdef0123456789abcdef/",
      {
        org: "acme",
        resource: { type: "replay", org: "acme", replayId: "0123456789abcdef0123456789abcdef" },
      },
    ],
    [
      "https://acme.sentry.io/releases/backend%402.14.0/",
      { org: "acme", resource: { type: "release", org: "acme", version: "backend@2.14.0" } },
    ],
    [
      "https://acme.sentry.io/crons/backend/nightly-job/",
      {
        org: "acme",
        resource: { type: "monitor", org: "acme", project: "backend", monitorSlug: "nightly-job" },
      },
    ],
    [
      "https://acme.sentry.io/discover/backend:0123456789abcdef0123456789abcdef/",
      {
        org: "acme",
        resource: {
          type: "event",
          org: "acme",
          project: "backend",
          eventId: "0123456789abcdef0123456789abcdef",
        },
      },
    ],
  ])("parses %s", (url, expected) => {
    expect(parseSentryUrl(url)).toMatchObject(expected);
  });

  it("rejects non-URLs and URLs without a resource", () => {
    expect(() => parseSentryUrl("not a url")).toThrow(/is not a URL/);
    expect(() => parseSentryUrl("https://acme.sentry.io/settings/")).toThrow(/Could not find/);
    expect(() => parseSentryUrl("ftp://acme.sentry.io/issues/1/")).toThrow(
      /Unsupported URL scheme/,
    );
  });

  it("validates issue ids before any request", () => {
    expect(assertIssueId("backend-1a")).toBe("BACKEND-1A");
    expect(assertIssueId("6429876543")).toBe("6429876543");
    expect(() => assertIssueId("../../etc")).toThrow(/not an issue ID/);
    expect(() => assertIssueId("12 34")).toThrow(/not an issue ID/);
  });
});
