/**
 * The search tools with and without an embedded agent: real AI SDK clients over HTTP to a fake
 * provider, the real sandbox behind them, and the requests both received.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { type FakeLlm, startFakeLlm } from "../../test/fake-llm.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";
import { SYSTEM_PROMPTS } from "./prompts.js";
import { resolveAgentSettings } from "./settings.js";

const KEY = "sk-test-agent-key-5f2b9c0d1e";

let sandbox: Sandbox;
let fake: FakeLlm;
let plain: ReturnType<typeof toolCaller>;
let openai: ReturnType<typeof toolCaller>;
let anthropic: ReturnType<typeof toolCaller>;

beforeAll(async () => {
  [sandbox, fake] = await Promise.all([startTestSandbox(), startFakeLlm()]);
  plain = toolCaller(sandbox);
  openai = toolCaller(sandbox, {
    agent: resolveAgentSettings(
      {},
      { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_MODEL: "fake-gpt" },
    ),
  });
  anthropic = toolCaller(sandbox, {
    agent: resolveAgentSettings(
      { "anthropic-base-url": `${fake.url}/v1`, "anthropic-model": "claude-haiku-4-5" },
      { ANTHROPIC_API_KEY: KEY },
    ),
  });
});
afterAll(async () => {
  await Promise.all([sandbox.close(), fake.close()]);
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.replies.length = 0;
  sandbox.requests.length = 0;
});

/** Query parameters of the sandbox requests to a path suffix. */
const sent = (suffix: string) =>
  sandbox.requests.filter((r) => r.path.endsWith(suffix)).map((r) => new URLSearchParams(r.query));

describe("search_issues", () => {
  it("without a provider, naturalLanguageQuery goes through the built-in rules", async () => {
    const text = await plain.text("search_issues", {
      organizationSlug: "acme",
      naturalLanguageQuery: "unresolved errors assigned to me in the last 24 hours",
    });
    const [q] = sent("/organizations/acme/issues/");
    expect(q.get("query")).toBe("is:unresolved level:error assigned:me");
    expect(q.get("statsPeriod")).toBe("24h");
    expect(text).toContain("## Executed search");
    const mine = await plain.text("search_issues", {
      organizationSlug: "acme",
      naturalLanguageQuery: "unresolved issues assigned to me in the last 24 hours",
    });
    expect(stable(mine, sandbox)).toMatchInlineSnapshot(`
      "# Issues in **\`acme\`**

      Query \`is:unresolved assigned:me\`, sort date, last 24h: 2 shown; project = short ID prefix unless named.

      - **PAYMENTS-3** · \`Refund webhook retry budget exhausted for merchant acct_7Hd2K (12 attempts)\` · unresolved (ongoing), medium, warning · 29 events, 0 users · last 2026-11-01 10:40 UTC · assigned Dana Reyes
      - **BACKEND-1D** · \`Slow DB Query\` · unresolved (ongoing), medium, warning · performance: slow DB query · 310 events, 44 users · last 2026-11-01 08:00 UTC · assigned Dana Reyes

      **URL**: https://sentry.example/organizations/acme/issues/?query=is%3Aunresolved+assigned%3Ame&statsPeriod=24h&sort=date

      ## Executed search

      - **Query**: \`is:unresolved assigned:me\`
      - **Sort**: \`date\` · **Period**: 24h
      - **Translated by**: built-in rules (no LLM provider configured); check that the query says what was asked, or pass Sentry syntax in \`query\`.
      - **Changed**: query, period
      - **Why**: "in the last 24 hours" → period 24h; "assigned to me" → assigned:me; "unresolved" → is:unresolved"
    `);
  });

  it("the direct path costs no LLM call and no field lookup", async () => {
    await openai.text("search_issues", { organizationSlug: "acme", query: "is:unresolved" });
    expect(fake.requests).toHaveLength(0);
    expect(sandbox.requests.map((r) => r.path)).toEqual(["/api/0/organizations/acme/issues/"]);
  });

  it("openai translates naturalLanguageQuery with the org's tag keys; the response shows what ran", async () => {
    fake.replies.push({
      answer: {
        query: "is:unresolved level:error assigned:me",
        sort: "freq",
        period: "24h",
        explanation: "Unresolved errors assigned to the user, most frequent first, last day.",
      },
    });
    const text = await openai.text("search_issues", {
      organizationSlug: "acme",
      naturalLanguageQuery: "my noisiest unresolved errors today",
    });
    const [q] = sent("/organizations/acme/issues/");
    expect(Object.fromEntries(q)).toMatchObject({
      query: "is:unresolved level:error assigned:me",
      sort: "freq",
      statsPeriod: "24h",
    });
    expect(sent("/organizations/acme/tags/")).toHaveLength(1);
    const [call] = fake.requests;
    expect(call.system).toBe(SYSTEM_PROMPTS.issues);
    expect(call.user).toContain('Natural-language request: "my noisiest unresolved errors today"');
    expect(call.user).toContain("Set explicitly by the caller: nothing");
    expect(call.user).toMatch(/Known tag keys in this organization: .*browser/);
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Issues in **\`acme\`**

      Query \`is:unresolved level:error assigned:me\`, sort freq, last 24h: 0 shown.

      No issues match. Widen the period, drop filters, or check the query syntax.

      ## Executed search

      - **Query**: \`is:unresolved level:error assigned:me\`
      - **Sort**: \`freq\` · **Period**: 24h
      - **Repaired by**: openai, model \`fake-gpt\`
      - **Changed**: query, sort, period
      - **Why**: Unresolved errors assigned to the user, most frequent first, last day."
    `);
  });

  it("a query Sentry rejects is repaired once with the error and retried once", async () => {
    fake.replies.push({
      answer: {
        query: "is:unresolved browser.name:Chrome",
        sort: null,
        period: null,
        explanation: "browser is not a search key here; browser.name is.",
      },
    });
    const text = await openai.text("search_issues", {
      organizationSlug: "acme",
      query: "is:unresolved bogus.key:Chrome",
    });
    expect(sent("/organizations/acme/issues/").map((q) => q.get("query"))).toEqual([
      "is:unresolved bogus.key:Chrome",
      "is:unresolved browser.name:Chrome",
    ]);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0].user).toContain(
      "Sentry rejected the current request: \"Invalid query. 'bogus.key' is not a valid search key\"",
    );
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Issues in **\`acme\`**

      Query \`is:unresolved browser.name:Chrome\`, sort date, last 30d: 7 shown; project = short ID prefix unless named.

      - **FRONTEND-2J** · \`Error: ResizeObserver loop completed with undelivered notifications.\` · unresolved (ongoing), low, warning · 25,400 events, 7,100 users · last 2026-11-01 11:59 UTC
      - **FRONTEND-2C** · \`Blocked 'script' from 'cdn.tracking-pixel.example'\` · unresolved (ongoing), low, error · CSP violation · 18,230 events, 5,120 users · last 2026-11-01 11:58 UTC
      - **FRONTEND-2A** · \`\`TypeError: Cannot read property 'x' of undefined in \`render()\` **bold** # heading — ñandú 🔥\`\` · unresolved (ongoing), high, error · 4,210 events, 1,380 users · last 2026-11-01 11:54 UTC · assigned Marcus Oyelaran
      - **FRONTEND-2B** · \`ChunkLoadError: Loading chunk 7342 failed.\` · unresolved (ongoing), medium, error · 9,120 events, 2,301 users · last 2026-11-01 11:42 UTC · assigned team web
      - **FRONTEND-2H** · \`SyntaxError: Unexpected token '<', "<!DOCTYPE "... is not valid JSON\` · unresolved (regressed), medium, error · 388 events, 97 users · last 2026-11-01 11:05 UTC
      - **FRONTEND-2D** · \`User Feedback: Checkout button does nothing on Safari 18\` · unresolved (new), medium, info · feedback · 1 events, 1 users · last 2026-11-01 10:30 UTC
      - **FRONTEND-2F** · \`Large Render Blocking Asset\` · unresolved (ongoing), low, warning · performance: render blocking asset span · 1,290 events, 760 users · last 2026-11-01 09:00 UTC

      **URL**: https://sentry.example/organizations/acme/issues/?query=is%3Aunresolved+browser.name%3AChrome&statsPeriod=30d&sort=date

      ## Executed search

      - **Query**: \`is:unresolved browser.name:Chrome\`
      - **Sort**: \`date\` · **Period**: 30d
      - **Repaired by**: openai, model \`fake-gpt\`
      - **Sentry rejected**: query \`is:unresolved bogus.key:Chrome\`: Invalid query. 'bogus.key' is not a valid search key
      - **Changed**: query
      - **Why**: browser is not a search key here; browser.name is."
    `);
  });

  it("a repair Sentry rejects too is an input error naming both attempts", async () => {
    fake.replies.push({
      answer: { query: "other.bogus:1", sort: null, period: null, explanation: "try" },
    });
    const result = await openai.call("search_issues", {
      organizationSlug: "acme",
      query: "bogus:1",
    });
    expect(result.isError).toBe(true);
    expect(result.content[0]).toMatchObject({
      text: expect.stringMatching(
        /^Input error: Sentry rejected the request \(400\): Invalid query. 'other.bogus' is not a valid search key \(the embedded agent \(openai\) repaired query "bogus:1", rejected with .*, into query "other.bogus:1", which failed too\)/,
      ),
    });
    expect(sent("/organizations/acme/issues/")).toHaveLength(2);
  });

  it("without a provider a rejection is returned as before, with no retry", async () => {
    const result = await plain.call("search_issues", {
      organizationSlug: "acme",
      query: "bogus:1",
    });
    expect(result.isError).toBe(true);
    expect(sent("/organizations/acme/issues/")).toHaveLength(1);
  });

  it.each([
    [401, "openai refused the API key (HTTP 401)"],
    [429, "openai rate-limited the request or the quota is exhausted (HTTP 429)"],
    [500, "openai is unavailable (HTTP 500)"],
  ])(
    "provider HTTP %d is an LLMProviderError result, never a silent direct search",
    async (status, says) => {
      fake.replies.push({ status, error: `bad key ${KEY}` });
      const result = await openai.call("search_issues", {
        organizationSlug: "acme",
        naturalLanguageQuery: "unresolved errors",
      });
      expect(result.isError).toBe(true);
      const message = (result.content[0] as { text: string }).text;
      expect(message).toContain(`Embedded agent provider error: ${says}`);
      expect(message).not.toContain(KEY);
      expect(sent("/organizations/acme/issues/")).toHaveLength(0);
      expect(fake.requests).toHaveLength(1);
    },
  );

  it("two keys without a choice: no provider, so rules and direct parameters", async () => {
    const settings = resolveAgentSettings(
      {},
      { OPENAI_API_KEY: KEY, ANTHROPIC_API_KEY: KEY, OPENAI_BASE_URL: `${fake.url}/v1` },
    );
    const tools = toolCaller(sandbox, { agent: settings });
    const text = await tools.text("search_issues", {
      organizationSlug: "acme",
      naturalLanguageQuery: "unresolved errors",
    });
    expect(fake.requests).toHaveLength(0);
    expect(text).toContain("built-in rules");
    expect(sent("/organizations/acme/issues/")[0].get("query")).toBe("is:unresolved level:error");
  });
});

describe("search_events", () => {
  it("anthropic picks dataset, fields and sort from plain language, with span attributes", async () => {
    fake.replies.push({
      answer: {
        dataset: "spans",
        query: "span.op:db",
        fields: ["transaction", "count()", "p95(span.duration)"],
        sort: "-p95(span.duration)",
        period: "24h",
        explanation: "Database spans grouped by transaction, slowest p95 first.",
      },
    });
    const text = await anthropic.text("search_events", {
      organizationSlug: "acme",
      naturalLanguageQuery: "which transactions have the slowest db spans today",
    });
    const [q] = sent("/organizations/acme/events/");
    expect(q.get("dataset")).toBe("spans");
    expect(q.getAll("field")).toEqual(["transaction", "count()", "p95(span.duration)"]);
    expect(q.get("sort")).toBe("-p95(span.duration)");
    expect(q.get("query")).toBe("span.op:db");
    expect(q.get("statsPeriod")).toBe("24h");
    const [call] = fake.requests;
    expect(call.path).toBe("/v1/messages");
    expect(call.system).toBe(SYSTEM_PROMPTS.events);
    expect(call.user).toMatch(/Known numeric attributes of spans: .*span\.duration/);
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Spans in **\`acme\`**

      Query \`span.op:db\`, last 24h, sort \`-p95(span.duration)\`.

      | transaction | count() | p95(span.duration) |
      |---|---|---|
      | \`POST /api/v2/orders/{order_id}/fulfil/\` | 2 | 4.75s |
      | GET /api/v2/reports/revenue/ | 1 | 2.87s |
      | GET /api/v2/dashboard/summary | 4 | 202.5ms |
      | POST /v1/refunds | 2 | 45.8ms |
      | GET /api/v2/products/ | 1 | 29ms |
      | GET /api/v2/orders/ | 16 | 27.5ms |
      | GET /api/v2/cart/ | 1 | 9ms |
      | POST /v1/charges | 4 | 5.9ms |
      | POST /api/v2/checkout/ | 9 | 4ms |

      **Explore**: https://sentry.example/organizations/acme/explore/traces/?mode=aggregate&query=span.op%3Adb&field=transaction&field=count%28%29&field=p95%28span.duration%29&sort=-p95%28span.duration%29&statsPeriod=24h

      ## Executed search

      - **Query**: \`span.op:db\`
      - **Dataset**: spans · **Fields**: \`transaction\`, \`count()\`, \`p95(span.duration)\`
      - **Sort**: \`-p95(span.duration)\` · **Period**: 24h
      - **Repaired by**: anthropic, model \`claude-haiku-4-5\`
      - **Changed**: dataset, query, fields, sort, period
      - **Why**: Database spans grouped by transaction, slowest p95 first."
    `);
  });

  it("a selection the tool's pre-check refuses is repaired before any request", async () => {
    fake.replies.push({
      answer: {
        dataset: "spans",
        query: "",
        fields: ["span.op", "count()"],
        sort: "-count()",
        period: null,
        explanation: "Sort by the selected count() instead of an unselected field.",
      },
    });
    const text = await openai.text("search_events", {
      organizationSlug: "acme",
      dataset: "spans",
      fields: ["span.op", "count()"],
      sort: "-span.duration",
    });
    expect(fake.requests[0].user).toContain("is not one of the selected fields");
    expect(sent("/organizations/acme/events/").map((q) => q.get("sort"))).toEqual(["-count()"]);
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Spans in **\`acme\`**

      No query, last 14d, sort \`-count()\`.

      | span.op | count() |
      |---|---|
      | db | 969 |
      | http.client | 504 |
      | cache.get | 444 |
      | function | 413 |
      | http.server | 117 |
      | template.render | 60 |
      | pageload | 34 |
      | resource.script | 34 |
      | ui.load | 21 |
      | app.start.warm | 19 |

      **Explore**: https://sentry.example/organizations/acme/explore/traces/?mode=aggregate&query=&field=span.op&field=count%28%29&sort=-count%28%29&statsPeriod=14d

      ## Executed search

      - No query
      - **Dataset**: spans · **Fields**: \`span.op\`, \`count()\`
      - **Sort**: \`-count()\` · **Period**: 14d
      - **Repaired by**: openai, model \`fake-gpt\`
      - **Refused before sending**: sort \`-span.duration\`: sort -span.duration is not one of the selected fields; Sentry sorts only by a selected field. Sort by one of span.op, count() (prefix - for descending), or add span.duration to fields.
      - **Changed**: sort
      - **Why**: Sort by the selected count() instead of an unselected field.

      ## Response Notes

      - More rows: pass \`cursor: "0:10:0"\` with the same arguments."
    `);
  });

  it("rules pick the logs dataset and severity without a provider", async () => {
    const text = await plain.text("search_events", {
      organizationSlug: "acme",
      naturalLanguageQuery: "error logs from the last hour",
    });
    const [q] = sent("/organizations/acme/events/");
    expect(q.get("dataset")).toBe("logs");
    expect(q.get("query")).toBe("severity:error");
    expect(q.get("statsPeriod")).toBe("1h");
    expect(text).toContain("- **Dataset**: logs");
    expect(text).toContain("built-in rules");
  });
});

describe("search_issue_events", () => {
  it("rules set the environment and a random sample; openai sees the issue's tag keys", async () => {
    const text = await plain.text("search_issue_events", {
      organizationSlug: "acme",
      issueId: "PAYMENTS-1",
      naturalLanguageQuery: "a random sample of production events",
    });
    const [q] = sent("/events/");
    expect(q.get("environment")).toBe("production");
    expect(q.get("sample")).toBe("true");
    expect(text).toContain("Random sample, environment `production`");

    fake.replies.push({
      answer: {
        query: "release:2.4.0",
        sort: null,
        period: "7d",
        environment: null,
        explanation: "Events of release 2.4.0 in the last week.",
      },
    });
    const repaired = await openai.text("search_issue_events", {
      organizationSlug: "acme",
      issueId: "PAYMENTS-1",
      naturalLanguageQuery: "events from release 2.4.0 this week",
    });
    expect(fake.requests[0].system).toBe(SYSTEM_PROMPTS["issue-events"]);
    expect(fake.requests[0].user).toMatch(/Known tag keys of this issue: .*release/);
    expect(sent("/events/").at(-1)?.get("query")).toBe("release:2.4.0");
    expect(repaired).toContain("- **Repaired by**: openai, model `fake-gpt`");
  });
});
