import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SpanRecord } from "../../sandbox/data/explore-types.js";
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

const span = (trace: string, pick: (s: SpanRecord) => boolean) =>
  sandbox.store.explore.spans.find((s) => s.traceId === ids[trace] && pick(s))!;

const errorText = async (args: Record<string, unknown>, caller = tools) => {
  const result = await caller.call("get_span_details", args);
  expect(result.isError, JSON.stringify(args)).toBe(true);
  return result.content.map((c) => (c.type === "text" ? c.text : "")).join("");
};

describe("get_span_details", () => {
  it("shows one span with attributes, error, parent and grouped children", async () => {
    const payments = span("checkout", (s) => s.transaction === "POST /v1/charges" && s.isSegment);
    const text = await tools.text("get_span_details", {
      organizationSlug: "acme",
      traceId: ids.checkout,
      spanId: payments.spanId,
    });
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Span \`9354ea1e5e189800\` in trace \`a1c60f5125a2ea69afac4d6b8c6712ea\`

      **Operation**: http.server
      **Description**: \`POST /v1/charges\`
      **Duration**: 2.36s
      **Self time**: 109ms
      **Started**: 2026-11-01 11:55:57.790 UTC
      **Status**: internal_error
      **Project**: \`payments\`
      **Transaction**: \`POST /v1/charges\`
      **Transaction root**: yes (this span starts a transaction)
      **Environment**: \`production\`
      **Release**: \`payments@1.7.3\`
      **URL**: https://sentry.example/organizations/acme/explore/traces/trace/a1c60f5125a2ea69afac4d6b8c6712ea/?node=span-9354ea1e5e189800

      ## Attributes

      - \`http.method\`: \`POST\`
      - \`http.status_code\`: \`502\`

      ## Issues

      - **PAYMENTS-1** · \`PaymentGatewayError: Upstream responded 502 Bad Gateway (acquirer=northbank)\` · error · project \`payments\`

      ## Parent

      - http.client \`POST https://pay.acme.example/v1/charges\` · 2.38s · project \`backend\` · span \`06f388b4c07a984b\`

      ## Children (4, 2.25s in all)

      - db \`INSERT INTO charges (id, amount_minor, currency, status) VALUES ($1, $2, $3, $4)\` · 6ms · span \`450baee12c816da3\`
      - ×2 http.client \`POST https://api.northbank.example/v2/acquire\` · 2.24s total · first span \`268838af3e5fd19f\`
      - db \`UPDATE charges SET status = $1 WHERE id = $2\` · 5ms · span \`8bb1c948c8f65fb3\`

      ## Response Notes

      - \`get_trace_details\` with this \`traceId\` shows the whole trace.
      - \`search_events\` with \`dataset: "spans"\`, \`query: "trace:a1c60f5125a2ea69afac4d6b8c6712ea parent_span:9354ea1e5e189800"\` lists its children with any fields."
    `);
  });

  it("puts long descriptions in a code block and shows self time", async () => {
    const slow = span("revenue", (s) => s.op === "db");
    const text = await tools.text("get_span_details", {
      organizationSlug: "acme",
      traceId: ids.revenue,
      spanId: slow.spanId.toUpperCase(),
    });
    expect(text).toContain("**Operation**: db\n**Duration**: 2.87s");
    expect(text).toMatch(/## Description\n\n```\nSELECT date_trunc\('day'/);
    expect(text).toContain("- `db.system`: `postgresql`");
    const root = span("reports", (s) => s.parentSpanId === null);
    const big = await tools.text("get_span_details", {
      organizationSlug: "acme",
      traceId: ids.reports,
      spanId: root.spanId,
    });
    expect(big).toContain("**Self time**: 825ms");
    expect(big).toContain("## Children (400, 2.5min in all)");
    expect(big).toMatch(/- ×400 function `reports\.render_account\(acct_\*\)` · 2\.5min total/);
    expect(big).toContain("- none: this is a root span of the trace");
    expect(big.length).toBeLessThan(3_000);
  });

  it("asks the trace endpoint for span attributes in one request", async () => {
    const before = sandbox.requests.length;
    const slow = span("revenue", (s) => s.op === "db");
    await tools.text("get_span_details", {
      organizationSlug: "acme",
      traceId: ids.revenue,
      spanId: slow.spanId,
    });
    const made = sandbox.requests.slice(before);
    expect(made.map((r) => r.path)).toEqual([`/api/0/organizations/acme/trace/${ids.revenue}/`]);
    const q = new URLSearchParams(made[0].query);
    expect(q.getAll("additional_attributes")).toContain("span.status");
    expect(q.getAll("additional_attributes")).toContain("http.status_code");
    expect(q.get("statsPeriod")).toBe("14d");
  });

  it("takes the span from a trace URL's node parameter", async () => {
    const click = span("checkout", (s) => s.parentSpanId === null);
    const text = await tools.text("get_span_details", {
      traceUrl: `https://acme.sentry.io/explore/traces/trace/${ids.checkout}/?node=span-${click.spanId}`,
    });
    expect(text).toContain(`# Span \`${click.spanId}\``);
    expect(text).toContain("**Operation**: ui.action.click");
  });

  it("rejects bad input before any request", async () => {
    const before = sandbox.requests.length;
    expect(await errorText({ organizationSlug: "acme", traceId: ids.revenue })).toMatch(
      /Pass spanId/,
    );
    expect(
      await errorText({ organizationSlug: "acme", traceId: ids.revenue, spanId: "xyz" }),
    ).toMatch(/is not a span ID \(16 hexadecimal characters\)/);
    expect(
      await errorText({ organizationSlug: "acme", traceId: "abc", spanId: "0123456789abcdef" }),
    ).toMatch(/is not a trace ID/);
    expect(sandbox.requests.length).toBe(before);
  });

  it("says when the span is not in the trace, or the trace is not found", async () => {
    expect(
      await errorText({
        organizationSlug: "acme",
        traceId: ids.revenue,
        spanId: "0123456789abcdef",
      }),
    ).toMatch(/has no span 0123456789abcdef \(it has 6 spans\)\. get_trace_details lists span IDs/);
    expect(
      await errorText({
        organizationSlug: "acme",
        traceId: "0123456789abcdef0123456789abcdef",
        spanId: "0123456789abcdef",
      }),
    ).toMatch(/^Not found: no spans or errors of trace/);
  });

  it("maps upstream failures", async () => {
    const broken = toolCaller(sandbox, { fetch: faultyFetch(/\/trace\//, 500) });
    expect(
      await errorText(
        { organizationSlug: "acme", traceId: ids.revenue, spanId: "0123456789abcdef" },
        broken,
      ),
    ).toMatch(/^Sentry error: .*500/);
    expect(
      await errorText({
        organizationSlug: "nope",
        traceId: ids.revenue,
        spanId: "0123456789abcdef",
      }),
    ).toMatch(/^Not found/);
  });
});
