import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { connectInMemory, stable, startTestSandbox, toolCaller } from "../../test/harness.js";
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

interface Out {
  summary: string;
  applied: boolean;
  changing: number;
  issues: Array<{ shortId: string; before: string; after: string; willChange: boolean }>;
}

async function bulk(args: Record<string, unknown>, options = {}) {
  const rec = recordingFetch();
  const tools = toolCaller(sandbox, { fetch: rec.fetch, ...options });
  const out = (await tools.structured("bulk_update_issues", {
    organizationSlug: "acme",
    ...args,
  })) as unknown as Out;
  return { out, writes: rec.writes(), sent: rec.sent };
}

const statusOf = (shortId: string) =>
  sandbox.store.issues.find((i) => i.shortId === shortId)!.status;

describe("bulk_update_issues", () => {
  it("dry-runs by default: lists what would change and changes nothing", async () => {
    const { out, writes } = await bulk({
      query: "is:unresolved project:payments",
      status: "ignored",
      ignoreMode: "forever",
      limit: 3,
    });
    expect(writes).toEqual([]);
    expect(json(out)).toMatchInlineSnapshot(`
      {
        "applied": false,
        "changing": 3,
        "dryRun": true,
        "issues": [
          {
            "after": "ignored forever, assigned to Priya Natarajan",
            "before": "unresolved (escalating), assigned to Priya Natarajan",
            "id": "6100000401",
            "project": "payments",
            "shortId": "PAYMENTS-1",
            "title": "PaymentGatewayError: Upstream responded 502 Bad Gateway (acquirer=northbank)",
            "willChange": true,
          },
          {
            "after": "ignored forever, assigned to Dana Reyes",
            "before": "unresolved, assigned to Dana Reyes",
            "id": "6100000403",
            "project": "payments",
            "shortId": "PAYMENTS-3",
            "title": "Refund webhook retry budget exhausted for merchant acct_7Hd2K (12 attempts)",
            "willChange": true,
          },
          {
            "after": "ignored forever, unassigned",
            "before": "unresolved, unassigned",
            "id": "6100000405",
            "project": "payments",
            "shortId": "PAYMENTS-5",
            "title": "Consecutive DB Queries",
            "willChange": true,
          },
        ],
        "matched": 3,
        "moreMatch": true,
        "organization": "acme",
        "request": {
          "status": "ignored",
          "statusDetails": {},
          "substatus": "archived_forever",
        },
        "summary": "Dry run: 3 of 3 issues would change (ignored forever); 0 already so. Nothing was changed: call again with dryRun false to apply. More issues match the query than the 3 considered (limit).",
        "unchanged": 0,
      }
    `);
  });

  it("applies with dryRun false in one bulk PUT, skipping issues already so, then reads back", async () => {
    const before = await bulk({
      issueIds: ["FRONTEND-2A", "PAYMENTS-4", "FRONTEND-2B"],
      status: "resolved",
    });
    expect(before.out.issues.map((i) => i.willChange)).toEqual([true, false, true]);
    const { out, writes } = await bulk({
      issueIds: ["FRONTEND-2A", "PAYMENTS-4", "FRONTEND-2B"],
      status: "resolved",
      dryRun: false,
    });
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({
      method: "PUT",
      path: "/api/0/organizations/acme/issues/",
      body: { status: "resolved", substatus: null, statusDetails: {} },
    });
    expect(writes[0].query).toMatch(/^id=\d+&id=\d+$/);
    expect(out.summary).toBe("Updated 2 of 3 issues (resolved); 1 already so.");
    expect(out.applied).toBe(true);
    // read back through the MCP client: the change is visible to every later read
    const { client, close } = await connectInMemory(sandbox, { skills: ["inspect", "triage"] });
    try {
      const detail = await client.callTool({
        name: "get_issue_details",
        arguments: { organizationSlug: "acme", issueId: "FRONTEND-2B" },
      });
      expect(textOf(detail as never)).toMatch(/\*\*Status\*\*: resolved/);
    } finally {
      await close();
    }
    const again = await bulk({
      issueIds: ["FRONTEND-2A", "FRONTEND-2B"],
      status: "resolved",
      dryRun: false,
    });
    expect(again.writes).toEqual([]);
    expect(again.out.summary).toBe("Nothing to change: all 2 issues are already so (resolved).");
  });

  it("resolves in a release and assigns many issues; reports the applied version", async () => {
    const { out, writes } = await bulk({
      issueIds: ["BACKEND-1B", "BACKEND-1C"],
      inRelease: "latest",
      assignedTo: "#platform",
      dryRun: false,
    });
    expect(writes[0].body).toEqual({
      status: "resolved",
      substatus: null,
      statusDetails: { inRelease: "latest" },
      assignedTo: "team:4500101",
    });
    expect(out.issues.map((i) => i.after)).toEqual([
      "resolved in release backend@2.14.0, assigned to #platform",
      "resolved in release backend@2.14.0, assigned to #platform",
    ]);
    expect(statusOf("BACKEND-1B")).toBe("resolved");
  });

  it("refuses bad input before any request", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const call = async (args: Record<string, unknown>) =>
      textOf(await tools.call("bulk_update_issues", { organizationSlug: "acme", ...args }));
    expect(await call({ status: "resolved" })).toBe(
      "Input error: Pass issueIds or query (one of them).",
    );
    expect(await call({ issueIds: ["A-1"], query: "is:unresolved", status: "resolved" })).toBe(
      "Input error: Pass issueIds or query (one of them).",
    );
    expect(await call({ issueIds: ["A-1"] })).toBe(
      'Input error: Pass status (or inRelease/inCommit) and/or assignedTo ("" unassigns).',
    );
    expect(
      await call({ issueIds: Array.from({ length: 101 }, (_, i) => `X-${i}`), status: "resolved" }),
    ).toMatch(/^Input error: Invalid arguments for bulk_update_issues: issueIds: /);
    expect(await call({ query: "is:unresolved", status: "resolved", limit: 500 })).toMatch(/limit/);
    expect(
      await call({ query: "is:unresolved", status: "unresolved", inRelease: "backend@2.14.0" }),
    ).toMatch(/need status "resolved"/);
    expect(rec.sent).toEqual([]);
  });

  it("turns Sentry's 400, 403 and 409 into the field, the scope or the conflict", async () => {
    const bad = await toolCaller(sandbox).call("bulk_update_issues", {
      organizationSlug: "acme",
      issueIds: ["BACKEND-1K"],
      inRelease: "backend@9.9.9",
      dryRun: false,
    });
    expect(textOf(bad)).toMatchInlineSnapshot(
      `"Input error: Sentry rejected the request to update 1 issue. \`statusDetails\`: inRelease: Unable to find the given release. Check inRelease (find_releases lists versions), inCommit.repository, or the ignore condition."`,
    );
    const forbidden = await toolCaller(sandbox, { fetch: readOnlyTokenFetch }).call(
      "bulk_update_issues",
      { organizationSlug: "acme", issueIds: ["BACKEND-1K"], status: "resolved", dryRun: false },
    );
    expect(textOf(forbidden)).toMatch(
      /^Input error: Sentry refused to update 1 issue: the token lacks `event:write`.*Grant the triage skill/,
    );
    const conflict = await toolCaller(sandbox, {
      fetch: failingFetch((m) => m === "PUT", 409, { detail: "Another bulk change is running" }),
    }).call("bulk_update_issues", {
      organizationSlug: "acme",
      issueIds: ["BACKEND-1K"],
      status: "resolved",
      dryRun: false,
    });
    expect(textOf(conflict)).toBe(
      "Input error: Sentry refused to update 1 issue: Another bulk change is running.",
    );
  });

  it("is refused in read-only sessions, without triage, and outside a project pin", async () => {
    const rec = recordingFetch();
    const args = {
      organizationSlug: "acme",
      issueIds: ["BACKEND-1K"],
      status: "resolved",
      dryRun: false,
    };
    const ro = await toolCaller(sandbox, { readOnly: true, fetch: rec.fetch }).call(
      "bulk_update_issues",
      args,
    );
    expect(textOf(ro)).toBe(
      "Input error: bulk_update_issues is not available in this session: the session is read-only.",
    );
    const noSkill = await toolCaller(sandbox, { skills: ["inspect"], fetch: rec.fetch }).call(
      "execute_sentry_tool",
      { toolName: "bulk_update_issues", arguments: args },
    );
    expect(textOf(noSkill)).toBe(
      "Input error: bulk_update_issues is not available in this session: needs the triage skill (grant it with --skills=inspect,triage or MCP_SKILLS=inspect,triage).",
    );
    const pinned = toolCaller(sandbox, {
      fetch: rec.fetch,
      constraints: { organizationSlug: "acme", projectSlug: "payments" },
    });
    const outside = await pinned.call("bulk_update_issues", {
      issueIds: ["PAYMENTS-2", "BACKEND-1K"],
      status: "resolved",
      dryRun: false,
    });
    expect(textOf(outside)).toMatch(/limited to project "payments"; .* project "backend"/);
    expect(rec.writes()).toEqual([]);
    // a query in a pinned session only sees the pinned project
    const query = (await pinned.structured("bulk_update_issues", {
      query: "is:unresolved",
      status: "resolved",
    })) as unknown as Out;
    expect(new Set(query.issues.map((i) => i.shortId.split("-")[0]))).toEqual(
      new Set(["PAYMENTS"]),
    );
  });
});
