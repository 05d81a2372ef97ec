import { it, vi } from "vitest";
import { NOW, startTestSandbox, toolCaller } from "../test/harness.js";
it("scratch", async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  const s = await startTestSandbox();
  const t = toolCaller(s, { seer: { timeoutMs: 2000, pollIntervalMs: 10 } });
  for (const [name, args] of [
    ["find_monitors", { organizationSlug: "acme" }],
    ["get_monitor_details", { organizationSlug: "acme", monitorSlug: "nightly-ledger-reconcile" }],
    ["get_monitor_details", { organizationSlug: "acme", monitorSlug: "payout-batch", period: "24h" }],
    ["find_dashboards", { organizationSlug: "acme" }],
    ["get_dashboard_details", { organizationSlug: "acme", dashboardId: "5101" }],
    ["get_dashboard_details", { organizationSlug: "acme", dashboardId: "5102" }],
    ["search_docs", { query: "django setup", maxResults: 5 }],
    ["get_doc", { path: "/platforms/python/" }],
    ["get_doc", { path: "/platforms/nope/" }],
    ["analyze_issue_with_seer", { organizationSlug: "acme", issueId: "BACKEND-1A" }],
    ["analyze_issue_with_seer", { organizationSlug: "acme", issueId: "BACKEND-1B" }],
    ["analyze_issue_with_seer", { organizationSlug: "globex", issueId: "STOREFRONT-1" }],
  ] as const) {
    const r = await t.call(name, args as Record<string, unknown>);
    console.log(`==== ${name} ${JSON.stringify(args)} ${r.isError ? "ERROR" : ""}\n${r.content.map((c) => (c as { text: string }).text).join("\n")}`);
  }
  console.log(JSON.stringify(t.progress));
  await s.close();
});
