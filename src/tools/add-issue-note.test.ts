import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";
import { readOnlyTokenFetch, recordingFetch, textOf } from "../../test/write-helpers.js";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const json = (value: unknown) => JSON.parse(stable(JSON.stringify(value), sandbox));

describe("add_issue_note", () => {
  it("posts a comment and answers with the note and the issue", async () => {
    const tools = toolCaller(sandbox);
    const out = await tools.structured("add_issue_note", {
      issueUrl: "https://acme.sentry.io/issues/PAYMENTS-1/",
      text: "Acquirer northbank confirmed an outage 11:40-12:05 UTC.",
    });
    expect(json(out)).toMatchInlineSnapshot(`
      {
        "changed": true,
        "issue": {
          "id": "6100000401",
          "project": "payments",
          "shortId": "PAYMENTS-1",
          "title": "PaymentGatewayError: Upstream responded 502 Bad Gateway (acquirer=northbank)",
        },
        "note": {
          "author": "Dana Reyes",
          "dateCreated": "2026-11-01T12:00:00.000Z",
          "id": "10110064",
          "text": "Acquirer northbank confirmed an outage 11:40-12:05 UTC.",
        },
        "organization": "acme",
        "url": "https://sentry.example/organizations/acme/issues/6100000401/",
      }
    `);
    // the next read sees it
    const activity = await tools.text("get_issue_activity", {
      organizationSlug: "acme",
      issueId: "PAYMENTS-1",
    });
    expect(activity).toContain("Acquirer northbank confirmed an outage");
  });

  it("turns Sentry's duplicate-comment refusal into a user error", async () => {
    const tools = toolCaller(sandbox);
    const args = { organizationSlug: "acme", issueId: "BACKEND-1B", text: "Same words twice." };
    await tools.structured("add_issue_note", args);
    const again = await tools.call("add_issue_note", args);
    expect(textOf(again)).toBe(
      "Input error: Sentry rejected the request to add a note to issue BACKEND-1B: You have already posted that comment.",
    );
  });

  it("refuses empty text, a 403 token and issues outside the pin", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    expect(
      textOf(
        await tools.call("add_issue_note", {
          organizationSlug: "acme",
          issueId: "BACKEND-1B",
          text: " ",
        }),
      ),
    ).toMatch(/^Input error: Invalid arguments for add_issue_note: text: /);
    const pinned = toolCaller(sandbox, {
      fetch: rec.fetch,
      constraints: { organizationSlug: "acme", projectSlug: "frontend" },
    });
    expect(
      textOf(await pinned.call("add_issue_note", { issueId: "BACKEND-1B", text: "x" })),
    ).toMatch(/limited to project "frontend"/);
    expect(rec.writes()).toEqual([]);
    const denied = await toolCaller(sandbox, { fetch: readOnlyTokenFetch }).call("add_issue_note", {
      organizationSlug: "acme",
      issueId: "BACKEND-1B",
      text: "nope",
    });
    expect(textOf(denied)).toMatch(
      /^Input error: Sentry refused to add a note to issue BACKEND-1B: the token lacks `event:write`.* Grant the triage skill/,
    );
  });
});
