import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";

let sandbox: Sandbox;
let tools: ReturnType<typeof toolCaller>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tools = toolCaller(sandbox);
});
afterAll(() => sandbox.close());

const lastQuery = () => new URLSearchParams(sandbox.requests.at(-1)?.query ?? "");

describe("search_issues", () => {
  it("lists issues densely with follow-up hints", async () => {
    const text = await tools.text("search_issues", { organizationSlug: "acme", limit: 4 });
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Issues in **\`acme\`**

      Query \`is:unresolved\`, sort date, last 30d: 4 shown; project = short ID prefix unless named.

      - **FRONTEND-2J** · \`Error: ResizeObserver loop completed with undelivered notifications.\` · unresolved (ongoing), low, warning · 25,400 events, 7,100 users · last 2026-11-01 11:59 UTC
      - **FRONTEND-2C** · \`Blocked 'script' from 'cdn.tracking-pixel.example'\` · unresolved (ongoing), low, error · CSP violation · 18,230 events, 5,120 users · last 2026-11-01 11:58 UTC
      - **PAYMENTS-1** · \`PaymentGatewayError: Upstream responded 502 Bad Gateway (acquirer=northbank)\` · unresolved (escalating), high, error · 1,204 events, 388 users · last 2026-11-01 11:56 UTC · assigned Priya Natarajan
      - **FRONTEND-2A** · \`\`TypeError: Cannot read property 'x' of undefined in \`render()\` **bold** # heading — ñandú 🔥\`\` · unresolved (ongoing), high, error · 4,210 events, 1,380 users · last 2026-11-01 11:54 UTC · assigned Marcus Oyelaran

      **URL**: https://sentry.example/organizations/acme/issues/?query=is%3Aunresolved&statsPeriod=30d&sort=date

      ## Response Notes

      - More issues: pass \`cursor: "0:4:0"\` with the same query."
    `);
  });

  it("passes Sentry syntax, sort, period, limit and cursor straight through", async () => {
    await tools.text("search_issues", {
      organizationSlug: "acme",
      query: "is:unresolved level:error",
      sort: "freq",
      period: "24h",
      limit: 3,
      cursor: "0:3:0",
    });
    const q = lastQuery();
    expect(q.get("query")).toBe("is:unresolved level:error");
    expect(q.get("sort")).toBe("freq");
    expect(q.get("statsPeriod")).toBe("24h");
    expect(q.get("limit")).toBe("3");
    expect(q.get("cursor")).toBe("0:3:0");
  });

  it("takes the incumbent's sort=recommended and 30-day default look-back upstream", async () => {
    const text = await tools.text("search_issues", {
      organizationSlug: "acme",
      sort: "recommended",
    });
    expect(lastQuery().get("sort")).toBe("recommended");
    expect(lastQuery().get("statsPeriod")).toBe("30d");
    expect(text).toContain("sort recommended, last 30d");
    await tools.text("search_issues", { organizationSlug: "acme" });
    expect(lastQuery().get("sort")).toBe("date");
  });

  it("includeExplanation shows the search as executed, also when it ran as given", async () => {
    const plain = await tools.text("search_issues", {
      organizationSlug: "acme",
      query: "is:unresolved",
    });
    expect(plain).not.toContain("## Executed search");
    const text = await tools.text("search_issues", {
      organizationSlug: "acme",
      query: "is:unresolved",
      includeExplanation: true,
    });
    expect(text).toContain(
      [
        "## Executed search",
        "",
        "- **Query**: `is:unresolved`",
        "- **Sort**: `date` · **Period**: 30d",
        "- **Why**: ran as given; nothing was translated.",
        "",
        "## Response Notes",
      ].join("\n"),
    );
  });

  it("scopes to a project by slug (query) or id (project param)", async () => {
    const text = await tools.text("search_issues", {
      organizationSlug: "acme",
      projectSlugOrId: "payments",
    });
    expect(lastQuery().get("query")).toBe("project:payments is:unresolved");
    expect(text).toContain("# Issues in **`acme/payments`**");
    expect(text).not.toMatch(/project `(backend|frontend|mobile-app)`/);
    await tools.text("search_issues", { organizationSlug: "acme", projectSlugOrId: "4500014" });
    expect(lastQuery().getAll("project")).toEqual(["4500014"]);
  });

  it("says so when nothing matches", async () => {
    const text = await tools.text("search_issues", {
      organizationSlug: "acme",
      query: 'is:unresolved "no such thing anywhere"',
    });
    expect(text).toContain("No issues match.");
  });

  it("reports Sentry's own detail for an invalid query", async () => {
    const result = await tools.call("search_issues", {
      organizationSlug: "acme",
      query: "bogus:key",
    });
    expect(result.isError).toBe(true);
    expect(result.content[0]).toMatchObject({
      text: expect.stringMatching(/^Input error: Sentry rejected the request \(400\): .*bogus/),
    });
  });

  it("rejects bad parameters before any request", async () => {
    const before = sandbox.requests.length;
    for (const args of [
      { organizationSlug: "acme", sort: "random" },
      { organizationSlug: "acme", period: "yesterday" },
      { organizationSlug: "acme", limit: 0 },
      { organizationSlug: "acme", projectSlugOrId: "a b" },
    ]) {
      const result = await tools.call("search_issues", args);
      expect(result.isError, JSON.stringify(args)).toBe(true);
    }
    expect(sandbox.requests.length).toBe(before);
  });

  it("keeps hostile titles inert", async () => {
    const text = await tools.text("search_issues", {
      organizationSlug: "acme",
      limit: 100,
      period: "90d",
    });
    for (const line of text.split("\n").filter((l) => l.startsWith("- **"))) {
      expect(line).not.toMatch(/\n/);
      expect(line.split("`").length % 2).toBe(1);
    }
  });
});
