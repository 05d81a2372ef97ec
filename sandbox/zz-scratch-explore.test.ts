import { it } from "vitest";
import { encode } from "gpt-tokenizer";
import { startTestSandbox, toolCaller } from "../test/harness.js";
it("x", async () => {
  const sb = await startTestSandbox();
  const t = toolCaller(sb);
  const cases: Array<[string, Record<string, unknown>]> = [
    ["spans default 10", { organizationSlug: "acme", dataset: "spans" }],
    ["spans aggregate 10", { organizationSlug: "acme", dataset: "spans", fields: ["transaction", "count()", "p95(span.duration)", "avg(span.duration)"] }],
    ["logs 10", { organizationSlug: "acme", dataset: "logs" }],
    ["errors 10", { organizationSlug: "acme", dataset: "errors" }],
    ["spans default 50", { organizationSlug: "acme", dataset: "spans", limit: 50 }],
  ];
  for (const [label, args] of cases) {
    const before = sb.requests.length;
    const md = await t.text("search_events", args);
    const req = sb.requests[before];
    const raw = await (await fetch(`${sb.url}${req.path}?${req.query}`, { headers: { Authorization: "Bearer test-canary-token-sntryu_0000000000canary" } })).json() as any;
    const rows = raw.data;
    const fields = Object.keys(raw.meta.fields);
    // structured candidates: rows as objects, and columnar
    const objects = JSON.stringify({ organization: "acme", dataset: args.dataset, query: "", rows, nextCursor: "0:10:0", exploreUrl: "https://acme.sentry.io/explore/traces/?query=&statsPeriod=14d" });
    const columnar = JSON.stringify({ organization: "acme", dataset: args.dataset, query: "", columns: fields, rows: rows.map((r: any) => fields.map((f) => r[f])), nextCursor: "0:10:0", exploreUrl: "https://acme.sentry.io/explore/traces/?query=&statsPeriod=14d" });
    const rawJson = JSON.stringify(raw);
    console.log(`${label}: markdown ${md.length} chars / ${encode(md).length} tok; JSON rows ${objects.length} / ${encode(objects).length}; columnar ${columnar.length} / ${encode(columnar).length}; raw upstream ${rawJson.length} / ${encode(rawJson).length}`);
  }
  for (const [tool, args] of [["find_releases", { organizationSlug: "acme" }], ["get_trace_details", { organizationSlug: "acme", traceId: sb.store.explore.traceIds.checkout }], ["get_trace_details", { organizationSlug: "acme", traceId: sb.store.explore.traceIds.reports }], ["get_release_details", { organizationSlug: "acme", version: "com.acme.mobile@3.2.0+412" }]] as const) {
    const before = sb.requests.length;
    const md = await t.text(tool, args as any);
    let raw = 0, rawTok = 0;
    for (const req of sb.requests.slice(before)) {
      const body = await (await fetch(`${sb.url}${req.path}?${req.query}`, { headers: { Authorization: "Bearer test-canary-token-sntryu_0000000000canary" } })).text();
      raw += body.length; rawTok += encode(body).length;
    }
    console.log(`${tool} ${JSON.stringify(args).slice(0, 60)}: markdown ${md.length} chars / ${encode(md).length} tok; upstream bodies ${raw} chars / ${rawTok} tok (${sb.requests.length - before} requests counted twice)`);
  }
  await sb.close();
});
