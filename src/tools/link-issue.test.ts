import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { stable, startTestSandbox, TOKEN, toolCaller } from "../../test/harness.js";
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

async function link(args: Record<string, unknown>, options = {}) {
  const rec = recordingFetch();
  const tools = toolCaller(sandbox, { fetch: rec.fetch, ...options });
  const result = await tools.call("link_issue", { organizationSlug: "acme", ...args });
  return { result, out: result.structuredContent, writes: rec.writes() };
}

describe("link_issue", () => {
  it("links a GitHub issue through the matching integration, then answers already_linked", async () => {
    const { out, writes } = await link({
      issueId: "BACKEND-1B",
      externalIssueUrl: "https://github.com/acme-corp/backend/issues/812",
    });
    expect(writes).toEqual([
      {
        method: "PUT",
        path: "/api/0/organizations/acme/issues/6100000102/integrations/3100002/",
        query: "",
        body: { repo: "acme-corp/backend", externalIssue: "812" },
      },
    ]);
    expect(json(out)).toMatchInlineSnapshot(`
      {
        "externalIssue": {
          "displayName": "acme-corp/backend#812",
          "provider": "github",
          "url": "https://github.com/acme-corp/backend/issues/812",
        },
        "issueId": "BACKEND-1B",
        "issueUrl": "https://sentry.example/organizations/acme/issues/6100000102/",
        "organizationSlug": "acme",
        "status": "linked",
        "summary": "Linked BACKEND-1B to acme-corp/backend#812 (github).",
      }
    `);
    const again = await link({
      issueId: "BACKEND-1B",
      externalIssueUrl: "https://github.com/Acme-Corp/backend/issues/812/",
    });
    expect(again.writes).toEqual([]);
    expect((again.out as { status: string; summary: string }).summary).toBe(
      "Nothing to change: BACKEND-1B is already linked to acme-corp/backend#812.",
    );
    // visible to a later read: the issue's integrations list carries the ticket
    const list = await fetch(
      `${sandbox.url}/api/0/organizations/acme/issues/BACKEND-1B/integrations/`,
      { headers: { Authorization: `Bearer ${TOKEN}` } },
    ).then((r) => r.json() as Promise<Array<{ externalIssues: Array<{ key: string }> }>>);
    expect(list.flatMap((i) => i.externalIssues.map((t) => t.key))).toEqual([
      "acme-corp/backend#812",
    ]);
  });

  it("links a Jira ticket by key, and a Linear ticket through the Sentry App", async () => {
    const jira = await link({
      issueId: "BACKEND-1C",
      externalIssueUrl: "https://acme.atlassian.net/browse/ops-77",
    });
    expect(jira.writes[0].body).toEqual({ externalIssue: "OPS-77" });
    expect((jira.out as { externalIssue: unknown }).externalIssue).toEqual({
      url: "https://acme.atlassian.net/browse/OPS-77",
      displayName: "OPS-77",
      provider: "jira",
    });
    const linear = await link({
      issueId: "BACKEND-1C",
      externalIssueUrl: "https://linear.app/acme/issue/ENG-42/fix-the-crash",
      fields: { comment: "from the MCP" },
    });
    expect(linear.writes).toEqual([
      {
        method: "POST",
        path: "/api/0/sentry-app-installations/5b1c9e1e-0d8a-4a55-9b7e-2f1d3c4a5b60/external-issue-actions/",
        query: "",
        body: {
          groupId: "6100000103",
          action: "link",
          uri: "/sentry/issues/link",
          comment: "from the MCP",
          identifier: "ENG-42",
        },
      },
    ]);
    expect((linear.out as { summary: string }).summary).toBe(
      "Linked BACKEND-1C to ENG-42 (linear).",
    );
    const same = await link({
      issueId: "BACKEND-1C",
      externalIssueUrl: "https://linear.app/acme/issue/ENG-42",
    });
    expect((same.out as { status: string }).status).toBe("already_linked");
    expect(same.writes).toEqual([]);
  });

  it("refuses bad input and ambiguous targets before any write", async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ externalIssueUrl: "not a url" }, /externalIssueUrl/],
      [
        { externalIssueUrl: "https://user:pw@github.com/acme-corp/backend/issues/1" },
        /without credentials/,
      ],
      [
        { externalIssueUrl: "https://gitlab.example/a/b/-/issues/3" },
        /No active ticket integration of this organization matches gitlab\.example\. Installed: 3100001 \(jira acme\), 3100002 \(github acme-corp\)/,
      ],
      [
        {
          externalIssueUrl: "https://linear.app/acme/issue/ENG-1",
          integrationId: "3100002",
        },
        /Pass appSlug or integrationId, not both/,
      ],
      [
        { externalIssueUrl: "https://github.com/acme-corp/backend/issues/1", fields: { a: 1 } },
        /fields are for Sentry App links/,
      ],
      [
        { externalIssueUrl: "https://linear.app/acme/issue/ENG-9", fields: { nope: 1 } },
        /no field "nope"/,
      ],
      [
        { externalIssueUrl: "https://linear.app/acme/issue/ENG-9" },
        /already linked to another linear ticket .*unlink_issue it first/,
      ],
      [
        { externalIssueUrl: "https://github.com/acme-corp/backend/issues/%E0%A4%A" },
        /^Input error: Use the ticket's own URL/,
      ],
    ];
    for (const [args, expected] of cases) {
      const issueId =
        String(args.externalIssueUrl).includes("linear") && !args.fields && !args.integrationId
          ? "FRONTEND-2A"
          : "BACKEND-1K";
      const { result, writes } = await link({ issueId, ...args });
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(textOf(result)).toMatch(expected);
      expect(writes).toEqual([]);
    }
  });

  it("names the field Sentry rejects (400), the scope (403) and the conflict (409)", async () => {
    const repo = await link({
      issueId: "BACKEND-1K",
      externalIssueUrl: "https://github.com/acme-corp/not-connected/issues/5",
    });
    expect(textOf(repo.result)).toMatchInlineSnapshot(
      `"Input error: Sentry rejected the request to link BACKEND-1K to https://github.com/acme-corp/not-connected/issues/5. \`repo\`: Repository not found. The repository must be connected to the integration."`,
    );
    const forbidden = await link(
      { issueId: "BACKEND-1K", externalIssueUrl: "https://acme.atlassian.net/browse/OPS-5" },
      { fetch: readOnlyTokenFetch },
    );
    expect(textOf(forbidden.result)).toMatch(
      /^Input error: Sentry refused to link BACKEND-1K to .*: the token lacks `event:write`.*triage skill/,
    );
    const conflict = await link(
      { issueId: "BACKEND-1K", externalIssueUrl: "https://linear.app/acme/issue/ENG-5" },
      {
        fetch: failingFetch((m, p) => m === "POST" && p.includes("external-issue-actions"), 409, {
          detail: "A link operation is already running",
        }),
      },
    );
    expect(textOf(conflict.result)).toBe(
      "Input error: Sentry refused to link BACKEND-1K to https://linear.app/acme/issue/ENG-5: A link operation is already running. Unlink the issue's current ticket of this App first (unlink_issue).",
    );
  });

  it("is refused read-only, without triage, and outside the pins", async () => {
    const args = {
      organizationSlug: "acme",
      issueId: "BACKEND-1K",
      externalIssueUrl: "https://acme.atlassian.net/browse/OPS-9",
    };
    const rec = recordingFetch();
    for (const name of ["link_issue", "unlink_issue", "create_external_issue"]) {
      const callArgs =
        name === "create_external_issue"
          ? { organizationSlug: "acme", issueId: "BACKEND-1K" }
          : args;
      const ro = await toolCaller(sandbox, { readOnly: true, fetch: rec.fetch }).call(
        name,
        callArgs,
      );
      expect(textOf(ro)).toBe(
        `Input error: ${name} is not available in this session: the session is read-only.`,
      );
      const noSkill = await toolCaller(sandbox, { skills: ["inspect"], fetch: rec.fetch }).call(
        "execute_sentry_tool",
        { toolName: name, arguments: callArgs },
      );
      expect(textOf(noSkill)).toBe(
        `Input error: ${name} is not available in this session: needs the triage skill (grant it with --skills=inspect,triage or MCP_SKILLS=inspect,triage).`,
      );
      const pinned = await toolCaller(sandbox, {
        fetch: rec.fetch,
        constraints: { organizationSlug: "acme", projectSlug: "payments" },
      }).call(name, { ...callArgs, organizationSlug: undefined });
      expect(textOf(pinned)).toMatch(/limited to project "payments"; .* project "backend"/);
    }
    expect(rec.writes()).toEqual([]);
  });
});
