import { it } from "vitest";
import { stable, startTestSandbox, toolCaller } from "../test/harness.js";
it("x", async () => {
  const sb = await startTestSandbox();
  const t = toolCaller(sb);
  const ids = sb.store.explore.traceIds;
  const show = async (name: string, args: Record<string, unknown>) => {
    const r = await t.call(name, args);
    console.log(`===== ${name} ${JSON.stringify(args)} (${r.isError ? "ERROR" : "ok"})\n` + stable(r.content.map((c: any) => c.text).join("\n"), sb));
  };
  await show("search_events", { organizationSlug: "acme", dataset: "spans", limit: 5 });
  await show("search_events", { organizationSlug: "acme", dataset: "spans", fields: ["span.op", "count()", "p95(span.duration)"], period: "7d", limit: 5 });
  await show("search_events", { organizationSlug: "acme", dataset: "logs", query: "severity:[error,warn]", limit: 6 });
  await show("search_events", { organizationSlug: "acme", limit: 5 });
  await show("search_events", { organizationSlug: "acme", dataset: "metrics", fields: ["transaction", "p95(value,http.request.duration,distribution,millisecond)", "count(value,http.request.duration,distribution,millisecond)"], limit: 5 });
  await show("search_events", { organizationSlug: "acme", dataset: "profiles", limit: 5 });
  await show("search_events", { organizationSlug: "acme", dataset: "spans", fields: ["span.op", "bogus.attr"] });
  await show("search_events", { organizationSlug: "acme", dataset: "spans", fields: ["span.op"], sort: "-timestamp" });
  await show("get_trace_details", { organizationSlug: "acme", traceId: ids.checkout });
  await show("get_trace_details", { organizationSlug: "acme", traceId: ids.orders });
  await show("get_trace_details", { organizationSlug: "acme", traceId: ids.reports });
  await show("get_span_details", { organizationSlug: "acme", traceId: ids.revenue, spanId: sb.store.explore.spans.find(s => s.traceId === ids.revenue && s.op === "db")!.spanId });
  await show("find_releases", { organizationSlug: "acme" });
  await show("get_release_details", { organizationSlug: "acme", version: "backend@2.14.0" });
  await show("get_release_details", { organizationSlug: "acme", version: "com.acme.mobile@3.2.0+412" });
  await sb.close();
});
