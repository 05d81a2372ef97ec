import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { faultyFetch } from "../../test/fetch-faults.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";

let sandbox: Sandbox;
let tools: ReturnType<typeof toolCaller>;
let ids: Record<string, string>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tools = toolCaller(sandbox);
  ids = sandbox.store.explore.traceIds;
});
afterAll(() => sandbox.close());

const errorText = async (args: Record<string, unknown>, caller = tools) => {
  const result = await caller.call("get_trace_details", args);
  expect(result.isError, JSON.stringify(args)).toBe(true);
  return result.content.map((c) => (c.type === "text" ? c.text : "")).join("");
};

/** A fetch that answers the trace endpoints with fixed bodies (older or odd payload shapes). */
function cannedTrace(trace: unknown, meta: unknown): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = url.pathname.includes("/trace-meta/")
      ? meta
      : url.pathname.includes("/trace/")
        ? trace
        : undefined;
    if (body === undefined) return fetch(input, init);
    return new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
  };
}

describe("get_trace_details", () => {
  it("summarises a multi-project trace with its error, tree and slowest spans", async () => {
    const text = await tools.text("get_trace_details", {
      organizationSlug: "acme",
      traceId: ids.checkout,
    });
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Trace \`a1c60f5125a2ea69afac4d6b8c6712ea\` in **\`acme\`**

      **Root**: ui.action.click \`/checkout\` (project \`frontend\`)
      **Started**: 2026-11-01 11:55:57 UTC
      **Duration**: 2.52s
      **Spans**: 21 (db 10, http.client 4, middleware.django 3, http.server 2, ui.action.click 1, cache.get 1)
      **Projects**: \`frontend\` (2), \`backend\` (14), \`payments\` (5)
      **Errors**: 1
      **Performance issues**: 0
      **Logs**: 6
      **URL**: https://sentry.example/organizations/acme/explore/traces/trace/a1c60f5125a2ea69afac4d6b8c6712ea/

      ## Errors

      - **PAYMENTS-1** · \`PaymentGatewayError: Upstream responded 502 Bad Gateway (acquirer=northbank)\` · error · project \`payments\` · in http.server \`POST /v1/charges\` (span \`9354ea1e5e189800\`)

      ## Span Tree

      - ui.action.click \`/checkout\` · 2.52s · project \`frontend\` · internal_error · span \`9b6b34e8e38f7509\`
        - http.client \`POST https://api.acme.example/api/v2/checkout/\` · 2.49s · internal_error
          - http.server \`POST /api/v2/checkout/\` · 2.47s · project \`backend\` · internal_error · span \`3f6e24f6ccd99fca\`
            - middleware.django \`django.middleware.security.SecurityMiddleware.__call__\` · 1ms
            - middleware.django \`django.contrib.sessions.middleware.SessionMiddleware.__call__\` · 1ms
            - middleware.django \`django.middleware.common.CommonMiddleware.__call__\` · 1ms
            - db \`SELECT "orders_cart".* FROM "orders_cart" WHERE "orders_cart"."id" = %s\` · 4ms
            - ×6 db \`SELECT "inventory_stock".* FROM "inventory_stock" WHERE "inventory_stock"."sku" = %s FOR U…\` · 18ms total, avg 3ms, max 3ms
            - cache.get \`cart:totals:c_1842\` · 1ms
            - http.client \`POST https://pay.acme.example/v1/charges\` · 2.38s · internal_error
              - http.server \`POST /v1/charges\` · 2.36s · project \`payments\` · internal_error · error **PAYMENTS-1** · span \`9354ea1e5e189800\`
                - db \`INSERT INTO charges (id, amount_minor, currency, status) VALUES ($1, $2, $3, $4)\` · 6ms
                - http.client \`POST https://api.northbank.example/v2/acquire\` · 2s · internal_error
                - http.client \`POST https://api.northbank.example/v2/acquire\` · 240ms · internal_error
                - db \`UPDATE charges SET status = $1 WHERE id = $2\` · 5ms
            - db \`ROLLBACK\` · 2ms

      15 of 21 spans have their own line; 6 are summarised in ×N lines.

      ## Slowest Spans (by self time)

      - http.client \`POST https://api.northbank.example/v2/acquire\` · 2s · project \`payments\` · span \`268838af3e5fd19f\`
      - http.client \`POST https://api.northbank.example/v2/acquire\` · 240ms · project \`payments\` · span \`c69fe65e3fc06efb\`
      - http.server \`POST /v1/charges\` · 2.36s (self 109ms) · project \`payments\` · span \`9354ea1e5e189800\`
      - http.server \`POST /api/v2/checkout/\` · 2.47s (self 62ms) · project \`backend\` · span \`3f6e24f6ccd99fca\`
      - ui.action.click \`/checkout\` · 2.52s (self 30ms) · project \`frontend\` · span \`9b6b34e8e38f7509\`

      ## Response Notes

      - \`get_span_details\` with this \`traceId\` and a span ID above shows its attributes, parent and children.
      - \`search_events\` with \`dataset: "spans"\`, \`query: "trace:a1c60f5125a2ea69afac4d6b8c6712ea"\` lists every span with any fields.
      - 6 logs in this trace: \`search_events\` with \`dataset: "logs"\`, \`query: "trace:a1c60f5125a2ea69afac4d6b8c6712ea"\`."
    `);
  });

  it("focuses on one span with spanId: its path from the root and its subtree", async () => {
    const text = await tools.text("get_trace_details", {
      organizationSlug: "acme",
      traceId: ids.checkout,
      spanId: "9354EA1E5E189800",
    });
    const focused = text.slice(text.indexOf("## Focused Span"));
    expect(focused).toMatchInlineSnapshot(`
      "## Focused Span \`9354ea1e5e189800\`

      - **Path**: ui.action.click \`/checkout\` › http.client \`POST https://api.acme.example/api/v2/checkout/\` › http.server \`POST /api/v2/checkout/\` › http.client \`POST https://pay.acme.example/v1/charges\` › http.server \`POST /v1/charges\`
      - **Subtree**: 5 spans, 2.36s

      - http.server \`POST /v1/charges\` · 2.36s · project \`payments\` · internal_error · error **PAYMENTS-1** · span \`9354ea1e5e189800\`
        - db \`INSERT INTO charges (id, amount_minor, currency, status) VALUES ($1, $2, $3, $4)\` · 6ms
        - http.client \`POST https://api.northbank.example/v2/acquire\` · 2s · internal_error
        - http.client \`POST https://api.northbank.example/v2/acquire\` · 240ms · internal_error
        - db \`UPDATE charges SET status = $1 WHERE id = $2\` · 5ms

      ## Slowest Spans in the Subtree (by self time)

      - http.client \`POST https://api.northbank.example/v2/acquire\` · 2s · project \`payments\` · span \`268838af3e5fd19f\`
      - http.client \`POST https://api.northbank.example/v2/acquire\` · 240ms · project \`payments\` · span \`c69fe65e3fc06efb\`
      - http.server \`POST /v1/charges\` · 2.36s (self 109ms) · project \`payments\` · span \`9354ea1e5e189800\`
      - db \`INSERT INTO charges (id, amount_minor, currency, status) VALUES ($1, $2, $3, $4)\` · 6ms · project \`payments\` · span \`450baee12c816da3\`
      - db \`UPDATE charges SET status = $1 WHERE id = $2\` · 5ms · project \`payments\` · span \`8bb1c948c8f65fb3\`

      ## Response Notes

      - \`get_span_details\` with this \`traceId\` and a span ID above shows its attributes, parent and children.
      - \`search_events\` with \`dataset: "spans"\`, \`query: "trace:a1c60f5125a2ea69afac4d6b8c6712ea"\` lists every span with any fields.
      - 6 logs in this trace: \`search_events\` with \`dataset: "logs"\`, \`query: "trace:a1c60f5125a2ea69afac4d6b8c6712ea"\`."
    `);
    expect(text).not.toContain("## Span Tree");
    const missing = await errorText({
      organizationSlug: "acme",
      traceId: ids.checkout,
      spanId: "0000000000000000",
    });
    expect(missing).toMatch(/has no span 0000000000000000/);
    expect(
      await errorText({ organizationSlug: "acme", traceId: ids.checkout, spanId: "x" }),
    ).toMatch(/not a span ID/);
  });

  it("collapses N+1 queries and lists the performance issue", async () => {
    const text = await tools.text("get_trace_details", {
      organizationSlug: "acme",
      traceId: ids.orders,
    });
    expect(text).toMatch(
      /- ×12 db `SELECT "orders_lineitem"\."id".*` · 72ms total, avg 6ms, max 6ms/,
    );
    expect(text).toContain("## Performance Issues\n\n- **BACKEND-1C** · `N+1 Query` · warning");
    expect(text).toContain("**Web vitals**: LCP 1.48s, FCP 620ms, CLS 0.02, TTFB 180ms");
  });

  it("keeps a 2,001-span trace small and says what the tree summarises", async () => {
    const text = await tools.text("get_trace_details", {
      organizationSlug: "acme",
      traceId: ids.reports,
    });
    expect(text.length).toBeLessThan(5_000);
    expect(text).toContain("**Spans**: 2001 (db 800, function 400, cache.get 400, http.client 400");
    expect(text).toMatch(
      /- ×400 function `reports\.render_account\(acct_\*\)` · 2\.5min total, .* · each with children \(800 db, 400 cache\.get, 400 http\.client in all\) · 1 with errors \(\*\*BACKEND-1F\*\*/,
    );
    expect(text).toContain("1 of 2001 spans have their own line; 2000 are summarised in ×N lines.");
    expect(text).toContain(`\`query: "trace:${ids.reports}"\``);
  });

  it("caps wide trees and points to search_events for the rest", async () => {
    const text = await tools.text("get_trace_details", {
      organizationSlug: "acme",
      traceId: ids.admin,
    });
    const treeLines = text.split("## Span Tree")[1].split("\n\n")[1].split("\n");
    expect(treeLines).toHaveLength(40);
    expect(text).toContain(
      "40 of 73 spans have their own line; 33 are not shown (at most 40 lines and 8 levels).",
    );
    expect(text).toMatch(
      /- 33 spans are not in the tree; `search_events` with `dataset: "spans"`, `query: "trace:[0-9a-f]{32}"` and `fields: \["id", "span\.op", "span\.description", "span\.duration"\]` lists them all/,
    );
    expect(text.length).toBeLessThan(8_000);
  });

  it("fetches the trace and its counts in parallel, with the lookup window", async () => {
    const before = sandbox.requests.length;
    await tools.text("get_trace_details", {
      organizationSlug: "acme",
      traceId: ids.revenue.toUpperCase(),
      period: "30d",
    });
    const made = sandbox.requests.slice(before);
    expect(made.map((r) => r.path).sort()).toEqual([
      `/api/0/organizations/acme/trace-meta/${ids.revenue}/`,
      `/api/0/organizations/acme/trace/${ids.revenue}/`,
    ]);
    const trace = new URLSearchParams(made.find((r) => r.path.includes("/trace/"))!.query);
    expect(trace.get("statsPeriod")).toBe("30d");
    expect(trace.get("project")).toBe("-1");
    expect(trace.get("limit")).toBe("10000");
    expect(trace.getAll("additional_attributes")).toEqual(["span.status"]);
  });

  it("accepts trace URLs, SaaS and self-hosted, and respects org pins", async () => {
    const saas = await tools.text("get_trace_details", {
      traceUrl: `https://acme.sentry.io/explore/traces/trace/${ids.revenue}/?node=span-abc`,
    });
    expect(saas).toContain(`# Trace \`${ids.revenue}\` in **\`acme\`**`);
    const selfHosted = await tools.text("get_trace_details", {
      traceUrl: `https://sentry.example.com/organizations/acme/performance/trace/${ids.revenue}/`,
    });
    expect(selfHosted).toContain("GET /api/v2/reports/revenue/");
    const pinned = toolCaller(sandbox, { constraints: { organizationSlug: "globex" } });
    expect(
      await errorText(
        { traceUrl: `https://acme.sentry.io/explore/traces/trace/${ids.revenue}/` },
        pinned,
      ),
    ).toMatch(/limited to organization "globex"/);
  });

  it("rejects bad input before any request", async () => {
    const before = sandbox.requests.length;
    expect(await errorText({ organizationSlug: "acme", traceId: "not-a-trace" })).toMatch(
      /is not a trace ID \(32 hexadecimal characters\)/,
    );
    expect(await errorText({ organizationSlug: "acme" })).toMatch(/Pass traceId .* or traceUrl/);
    expect(await errorText({ traceId: ids.revenue })).toMatch(/organizationSlug is required/);
    expect(await errorText({ traceUrl: "https://acme.sentry.io/issues/6100000101/" })).toMatch(
      /points to a issue, not a trace/,
    );
    expect(
      await errorText({ organizationSlug: "acme", traceId: ids.revenue, period: "forever" }),
    ).toMatch(/period/);
    expect(sandbox.requests.length).toBe(before);
  });

  it("says when a trace is not in the window", async () => {
    const text = await errorText({
      organizationSlug: "acme",
      traceId: "0123456789abcdef0123456789abcdef",
    });
    expect(text).toMatchInlineSnapshot(
      `"Not found: no spans or errors of trace 0123456789abcdef0123456789abcdef in the last 14d; pass a wider period (e.g. 30d) if the trace is older. Check the organization, project and ID; find_organizations and find_projects list what this token can see."`,
    );
    expect(
      await errorText({ organizationSlug: "acme", traceId: ids.reports, period: "1d" }),
    ).toMatch(/not found|no spans or errors/i);
  });

  it("maps upstream failures; missing counts only cost the counts", async () => {
    expect(await errorText({ organizationSlug: "nope", traceId: ids.revenue })).toMatch(
      /^Not found/,
    );
    const broken = toolCaller(sandbox, { fetch: faultyFetch(/\/trace\/[0-9a-f]+\/$/, 500) });
    expect(await errorText({ organizationSlug: "acme", traceId: ids.revenue }, broken)).toMatch(
      /^Sentry error: .*500/,
    );
    const denied = toolCaller(sandbox, { fetch: faultyFetch(/\/trace\//, 403, "no access") });
    expect(await errorText({ organizationSlug: "acme", traceId: ids.revenue }, denied)).toMatch(
      /^Permission denied: no access/,
    );
    const noMeta = toolCaller(sandbox, { fetch: faultyFetch(/\/trace-meta\//, 500) });
    const text = await noMeta.text("get_trace_details", {
      organizationSlug: "acme",
      traceId: ids.checkout,
    });
    expect(text).toContain("**Spans**: 21 (db 10, http.client 4, middleware.django 3");
    expect(text).toContain("**Errors**: 1");
  });

  it("reads older payloads: orphan errors, snake_case counts, missing fields", async () => {
    const trace = [
      {
        event_id: "aa8e7f3384ef4ff5",
        span_id: "aa8e7f3384ef4ff5",
        project_slug: "mcp-server",
        op: "function",
        description: "tools/call search_events",
        parent_span_id: null,
        start_timestamp: 1713805458.405,
        timestamp: 1713805463.608,
        duration: 5203,
        exclusive_time: 3495,
        status: null,
        children: [
          {
            span_id: "ad0f7c48fb294de3",
            op: "http.client",
            description: "POST https://api.openai.com/v1/chat/completions",
            start_timestamp: 1713805458.5,
            duration: 1708,
            tags: { "http.status_code": "200" },
            children: [],
            errors: [],
            occurrences: [],
          },
        ],
        errors: null,
        occurrences: null,
      },
      {
        id: 6507376925,
        issue_id: 6507376925,
        project_slug: "mcp-server",
        title: "Error: Standalone issue not associated with spans",
        culprit: "standalone-error.js:42",
        type: "error",
        timestamp: 1713805460.123456,
      },
    ];
    const meta = {
      logs: 0,
      errors: 1,
      performance_issues: 0,
      span_count: 2.0,
      span_count_map: { function: 1.0, "http.client": 1.0 },
    };
    const caller = toolCaller(sandbox, { fetch: cannedTrace(trace, meta) });
    const text = await caller.text("get_trace_details", {
      organizationSlug: "acme",
      traceId: ids.revenue,
    });
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Trace \`87b36a7c6bde4952a284981b84da0166\` in **\`acme\`**

      **Root**: function \`tools/call search_events\` (project \`mcp-server\`)
      **Started**: 2024-04-22 17:04:18 UTC
      **Duration**: 5.2s
      **Spans**: 2 (function 1, http.client 1)
      **Projects**: \`mcp-server\` (2)
      **Errors**: 1
      **Performance issues**: 0
      **URL**: https://sentry.example/organizations/acme/explore/traces/trace/87b36a7c6bde4952a284981b84da0166/

      ## Errors

      - issue \`6507376925\` · \`Error: Standalone issue not associated with spans\` · project \`mcp-server\` · not attached to a span

      ## Span Tree

      - function \`tools/call search_events\` · 5.2s · project \`mcp-server\`
        - http.client \`POST https://api.openai.com/v1/chat/completions\` · 1.71s

      ## Slowest Spans (by self time)

      - function \`tools/call search_events\` · 5.2s (self 3.5s) · project \`mcp-server\` · span \`aa8e7f3384ef4ff5\`
      - http.client \`POST https://api.openai.com/v1/chat/completions\` · 1.71s · project \`mcp-server\` · span \`ad0f7c48fb294de3\`

      ## Response Notes

      - \`get_span_details\` with this \`traceId\` and a span ID above shows its attributes, parent and children.
      - \`search_events\` with \`dataset: "spans"\`, \`query: "trace:87b36a7c6bde4952a284981b84da0166"\` lists every span with any fields."
    `);
  });
});
