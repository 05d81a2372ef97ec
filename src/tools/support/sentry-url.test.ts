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
    [
      "acme.sentry.io/issues/BACKEND-1A/",
      { org: "acme", resource: { type: "issue", org: "acme", issueId: "BACKEND-1A" } },
    ],
    [
      "https://sentry.io/issues/6100000101/",
      { org: undefined, resource: { type: "issue", issueId: "6100000101" } },
    ],
    [
      "https://acme.sentry.io/issues/backend-1a/events/latest/?project=4500011",
      {
        org: "acme",
        resource: { type: "issue", issueId: "BACKEND-1A", eventSelector: "latest" },
      },
    ],
    [
      "https://acme.sentry.io/issues/123/events/0123456789ABCDEF0123456789ABCDEF/",
      { resource: { type: "issue", issueId: "123", eventId: "0123456789abcdef0123456789abcdef" } },
    ],
    [
      "https://acme.sentry.io/issues/123/events/01234567-89ab-cdef-0123-456789abcdef/",
      { resource: { type: "issue", issueId: "123", eventId: "0123456789abcdef0123456789abcdef" } },
    ],
    [
      "https://sentry.acme.internal:9000/organizations/acme/issues/BACKEND-1A/?query=is%3Aunresolved",
      {
        org: "acme",
        host: "sentry.acme.internal:9000",
        resource: { type: "issue", issueId: "BACKEND-1A" },
      },
    ],
    [
      "https://acme.sentry.io/issues/feedback/?feedbackSlug=frontend%3A6100000204&project=4500012",
      { org: "acme", resource: { type: "issue", issueId: "6100000204" } },
    ],
    [
      "https://acme.sentry.io/issues/?project=1&issue=6100000101",
      { org: "acme", resource: { type: "issue", issueId: "6100000101" } },
    ],
    [
      "https://de.sentry.io/organizations/acme/performance/trace/0123456789abcdef0123456789abcdef/?node=span-abc",
      { org: "acme", resource: { type: "trace", traceId: "0123456789abcdef0123456789abcdef" } },
    ],
    [
      "https://acme.sentry.io/explore/replays/01234567-89ab-cdef-0123-456789abcdef/",
      { resource: { type: "replay", replayId: "0123456789abcdef0123456789abcdef" } },
    ],
    [
      "https://acme.sentry.io/profiling/profile/backend/0f1e2d3c4b5a69788796a5b4c3d2e1f0/flamegraph/",
      {
        resource: {
          type: "profile",
          project: "backend",
          profileId: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
        },
      },
    ],
    [
      "https://acme.sentry.io/alerts/rules/crons/backend/nightly-job/details/",
      { resource: { type: "monitor", project: "backend", monitorSlug: "nightly-job" } },
    ],
    [
      "https://acme.sentry.io/performance/backend:0123456789abcdef0123456789abcdef/",
      {
        resource: {
          type: "event",
          project: "backend",
          eventId: "0123456789abcdef0123456789abcdef",
        },
      },
    ],
    [
      "https://acme.sentry.io/backend/events/0123456789abcdef0123456789abcdef/",
      {
        resource: {
          type: "event",
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

  it("refuses share links and IDs that are not IDs", () => {
    expect(() => parseSentryUrl("https://acme.sentry.io/share/issue/abc123/")).toThrow(
      /share links/,
    );
    expect(() => parseSentryUrl("https://acme.sentry.io/issues/../../etc/")).toThrow(
      /Could not find/,
    );
  });

  it("validates issue ids before any request", () => {
    expect(assertIssueId("backend-1a")).toBe("BACKEND-1A");
    expect(assertIssueId("6429876543")).toBe("6429876543");
    expect(() => assertIssueId("../../etc")).toThrow(/not an issue ID/);
    expect(() => assertIssueId("12 34")).toThrow(/not an issue ID/);
  });
});
