import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";
import {
  failingFetch,
  readOnlyTokenFetch,
  recordingFetch,
  textOf,
} from "../../test/write-helpers.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const json = (value: unknown) => JSON.parse(stable(JSON.stringify(value), sandbox));

async function unlink(args: Record<string, unknown>, options = {}) {
  const rec = recordingFetch();
  const result = await toolCaller(sandbox, { fetch: rec.fetch, ...options }).call("unlink_issue", {
    organizationSlug: "acme",
    ...args,
  });
  return {
    result,
    out: result.structuredContent as { summary: string; status: string },
    writes: rec.writes(),
  };
}

describe("unlink_issue", () => {
  it("removes a Jira link found by URL, then reports it as absent", async () => {
    const { out, writes } = await unlink({
      issueId: "BACKEND-1A",
      externalIssueUrl: "https://acme.atlassian.net/browse/OPS-412?focusedCommentId=1",
    });
    expect(writes).toEqual([
      {
        method: "DELETE",
        path: "/api/0/organizations/acme/issues/6100000101/integrations/3100001/",
        query: "externalIssue=3200001",
        body: undefined,
      },
    ]);
    expect(json(out)).toMatchInlineSnapshot(`
      {
        "externalIssue": {
          "displayName": "OPS-412",
          "provider": "jira",
          "url": "https://acme.atlassian.net/browse/OPS-412",
        },
        "issueId": "BACKEND-1A",
        "issueUrl": "https://sentry.example/organizations/acme/issues/6100000101/",
        "organizationSlug": "acme",
        "status": "not_linked",
        "summary": "Unlinked OPS-412 from BACKEND-1A; the ticket itself is unchanged.",
      }
    `);
    const again = await unlink({
      issueId: "BACKEND-1A",
      externalIssueUrl: "https://acme.atlassian.net/browse/OPS-412",
    });
    expect(again.writes).toEqual([]);
    expect(again.out.summary).toBe(
      "Nothing to change: BACKEND-1A is not linked to https://acme.atlassian.net/browse/OPS-412.",
    );
    expect(again.out.status).toBe("not_linked");
  });

  it("removes a Sentry App (Linear) link, matching the URL without its title", async () => {
    const { out, writes } = await unlink({
      issueId: "FRONTEND-2A",
      externalIssueUrl: "https://linear.app/acme/issue/WEB-88",
    });
    expect(writes).toEqual([
      {
        method: "DELETE",
        path: "/api/0/sentry-app-installations/5b1c9e1e-0d8a-4a55-9b7e-2f1d3c4a5b60/external-issues/3300001/",
        query: "",
        body: undefined,
      },
    ]);
    expect(out.summary).toBe("Unlinked WEB-88 from FRONTEND-2A; the ticket itself is unchanged.");
    expect(sandbox.store.issueLinks.appTickets).toEqual([]);
  });

  it("refuses bad input; names the scope (403) and passes other refusals on", async () => {
    const bad = await unlink({ issueId: "BACKEND-1K", externalIssueUrl: "ftp://x.example/1" });
    expect(textOf(bad.result)).toMatch(/HTTP\(S\) URL/);
    const both = await unlink({
      issueId: "BACKEND-1K",
      externalIssueUrl: "https://linear.app/acme/issue/A-1",
      appSlug: "linear",
      integrationId: "3100001",
    });
    expect(textOf(both.result)).toBe("Input error: Pass appSlug or integrationId, not both.");
    // link one first so there is something to refuse
    await toolCaller(sandbox).call("link_issue", {
      organizationSlug: "acme",
      issueId: "BACKEND-1K",
      externalIssueUrl: "https://acme.atlassian.net/browse/OPS-900",
    });
    const forbidden = await unlink(
      { issueId: "BACKEND-1K", externalIssueUrl: "https://acme.atlassian.net/browse/OPS-900" },
      { fetch: readOnlyTokenFetch },
    );
    expect(textOf(forbidden.result)).toMatch(
      /^Input error: Sentry refused to unlink https:\/\/acme\.atlassian\.net\/browse\/OPS-900 from BACKEND-1K: the token lacks `event:write`/,
    );
    const rejected = await unlink(
      { issueId: "BACKEND-1K", externalIssueUrl: "https://acme.atlassian.net/browse/OPS-900" },
      { fetch: failingFetch((m) => m === "DELETE", 400, { detail: "External ID required" }) },
    );
    expect(textOf(rejected.result)).toBe(
      "Input error: Sentry rejected the request to unlink https://acme.atlassian.net/browse/OPS-900 from BACKEND-1K: External ID required",
    );
    const conflict = await unlink(
      { issueId: "BACKEND-1K", externalIssueUrl: "https://acme.atlassian.net/browse/OPS-900" },
      { fetch: failingFetch((m) => m === "DELETE", 409, { detail: "Sync in progress" }) },
    );
    expect(textOf(conflict.result)).toBe(
      "Input error: Sentry refused to unlink https://acme.atlassian.net/browse/OPS-900 from BACKEND-1K: Sync in progress.",
    );
  });
});
