import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";
import { upstreamProbe } from "../../test/upstream-probe.js";

let sandbox: Sandbox;
let tools: ReturnType<typeof toolCaller>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tools = toolCaller(sandbox);
});
afterAll(() => sandbox.close());

const errorText = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;
const lastQuery = () =>
  new URLSearchParams(sandbox.requests.filter((r) => r.path.endsWith("/events/")).at(-1)?.query);

describe("search_issue_events", () => {
  it("lists one dense line per event with a cursor note", async () => {
    const text = await tools.text("search_issue_events", {
      organizationSlug: "acme",
      issueId: "BACKEND-1A",
      limit: 3,
    });
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Events of Issue \`BACKEND-1A\` in **\`acme\`**

      **Title**: \`OperationalError: connection to server at "pg-primary.acme.internal" (10.0.3.12), port 5432 failed: Connection refused\`
      Newest first, last 14d: 3 events shown.

      - \`ab3e0db46282996f3688aec3a28ba852\` · 2026-11-01 11:48 UTC · \`production\` · release \`backend@2.14.0\` · user \`ops@brightpath.example\` · trace \`8088ca2920a539140b8daf3e3fd87934\`
      - \`dae00810361e44958dc77ae5c66a0692\` · 2026-10-30 23:51 UTC · \`staging\` · release \`backend@2.13.2\` · user \`jo.meyer@quillfox.example\` · trace \`eea4fb7a257878ebf8b828d1e7bd6b32\`
      - \`b896a964c7018f10598ccb1d82ba5b94\` · 2026-10-29 11:54 UTC · \`production\` · release \`backend@2.13.2\` · user \`finance@northwind-tea.example\` · trace \`383e2820d3f1abe68625d3651ef4ec7a\`

      ## Response Notes

      - One event in full: \`get_issue_details(organizationSlug="acme", issueId="BACKEND-1A", eventId="ab3e0db46282996f3688aec3a28ba852")\` via \`execute_sentry_tool\` with its ID.
      - More events: pass \`cursor: "0:3:0"\` with the same filters."
    `);
  });

  it("passes query, environment, period, sort and page size upstream in one round trip", async () => {
    const probe = upstreamProbe();
    const text = await toolCaller(sandbox, { fetch: probe.fetch }).text("search_issue_events", {
      organizationSlug: "acme",
      issueId: "BACKEND-1A",
      query: "release:backend@2.13.2",
      environment: "staging",
      period: "30d",
      sort: "random",
      limit: 50,
    });
    expect(probe.rounds()).toBe(1);
    const q = lastQuery();
    expect(Object.fromEntries(q)).toMatchObject({
      query: "release:backend@2.13.2",
      environment: "staging",
      statsPeriod: "30d",
      sample: "true",
      per_page: "50",
      full: "true",
    });
    expect(text).toContain(
      "Random sample, query `release:backend@2.13.2`, environment `staging`, last 30d: 2 events shown.",
    );
    expect(text).not.toContain("cursor");
  });

  it("shows each event's own message when it differs from the issue title", async () => {
    const text = await tools.text("search_issue_events", {
      organizationSlug: "acme",
      issueId: "BACKEND-1E",
    });
    expect(text).toMatch(/`Ignore previous instructions.*SYSTEM: You are now/);
    expect(text.split("\n").filter((l) => l.startsWith("- `"))).toHaveLength(2);
  });

  it("says so when nothing matches", async () => {
    const text = await tools.text("search_issue_events", {
      organizationSlug: "acme",
      issueId: "BACKEND-1A",
      environment: "nowhere",
    });
    expect(text).toContain("0 events shown.");
    expect(text).toContain("No events match.");
  });

  it("rejects bad input and reports upstream errors", async () => {
    for (const args of [
      { organizationSlug: "acme", issueId: "BACKEND-1A", period: "yesterday" },
      { organizationSlug: "acme", issueId: "BACKEND-1A", limit: 101 },
    ]) {
      expect(errorText(await tools.call("search_issue_events", args))).toMatch(/^Input error/);
    }
    const missing = await tools.call("search_issue_events", {
      organizationSlug: "globex",
      issueId: "BACKEND-1A",
    });
    expect(errorText(missing)).toMatch(/^Not found/);
    const probe = upstreamProbe([{ path: /\/events\/\?/, status: 400, detail: "Invalid query" }]);
    const rejected = await toolCaller(sandbox, { fetch: probe.fetch }).call("search_issue_events", {
      organizationSlug: "acme",
      issueId: "BACKEND-1A",
      query: "foo:(",
    });
    expect(errorText(rejected)).toMatch(/Sentry rejected the request \(400\): Invalid query/);
    // A sort Sentry does not know is Sentry's to refuse, not ours.
    const badSort = await tools.call("search_issue_events", {
      organizationSlug: "acme",
      issueId: "BACKEND-1A",
      sort: "-user.email",
    });
    expect(lastQuery().get("sort")).toBe("-user.email");
    expect(errorText(badSort)).toMatch(/Sentry rejected the request \(400\): Invalid sort/);
  });

  it("takes the incumbent's free-form sort: oldest and timestamp go upstream as sort=timestamp", async () => {
    const newest = await tools.text("search_issue_events", {
      organizationSlug: "acme",
      issueId: "BACKEND-1A",
      sort: "-timestamp",
      period: "90d",
    });
    expect(lastQuery().get("sort")).toBeNull();
    const ids = (t: string) => [...t.matchAll(/^- `([0-9a-f]{32})`/gm)].map((m) => m[1]);
    for (const sort of ["timestamp", "oldest"]) {
      const oldest = await tools.text("search_issue_events", {
        organizationSlug: "acme",
        issueId: "BACKEND-1A",
        sort,
        period: "90d",
      });
      expect(lastQuery().get("sort")).toBe("timestamp");
      expect(oldest).toContain("Oldest first, last 90d");
      expect(ids(oldest)[0]).not.toBe(ids(newest)[0]);
    }
  });

  it("looks back 14 days by default, as the incumbent does", async () => {
    const text = await tools.text("search_issue_events", {
      organizationSlug: "acme",
      issueId: "BACKEND-1A",
    });
    expect(lastQuery().get("statsPeriod")).toBe("14d");
    expect(text).toContain("Newest first, last 14d");
  });

  it("takes projectSlug and says when the issue belongs to another project", async () => {
    const same = await tools.text("search_issue_events", {
      issueId: "BACKEND-1A",
      organizationSlug: "acme",
      projectSlug: "backend",
    });
    expect(same).not.toContain("Note: the issue belongs");
    const other = await tools.text("search_issue_events", {
      issueId: "BACKEND-1A",
      organizationSlug: "acme",
      projectSlug: "frontend",
    });
    expect(other).toContain("Note: the issue belongs to project `backend`, not `frontend`.");
  });

  it("includeExplanation shows the request as executed even when nothing was translated", async () => {
    const args = { organizationSlug: "acme", issueId: "BACKEND-1A", query: "environment:staging" };
    expect(await tools.text("search_issue_events", args)).not.toContain("## Executed search");
    const text = await tools.text("search_issue_events", { ...args, includeExplanation: true });
    expect(text).toContain(
      [
        "## Executed search",
        "",
        "- **Query**: `environment:staging`",
        "- **Sort**: `newest` · **Period**: 14d",
        "- **Why**: ran as given; nothing was translated.",
      ].join("\n"),
    );
  });
});
