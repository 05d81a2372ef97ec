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

describe("get_metric_monitor_details", () => {
  it("describes the monitor behind a metric issue", async () => {
    const text = await tools.text("get_metric_monitor_details", {
      organizationSlug: "acme",
      monitorId: "70012",
    });
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Metric Monitor in **\`acme\`**

      ## Checkout error spike

      **Kind**: Metric alert (metric monitor)
      **ID**: 70012
      **Status**: enabled, triggered (open issue \`BACKEND-1K\`)
      **Project**: \`backend\`
      **Owner**: \`#platform\`
      **Description**: Errors on the checkout endpoint above normal levels.
      **Dataset**: errors (\`events\`)
      **Aggregate**: \`count()\`
      **Query**: \`transaction:/api/v2/orders/*/checkout/ level:error\`
      **Interval**: 1 hour
      **Environment**: \`production\`
      **Detection**: static thresholds
      **Last changed**: 2026-10-18 12:00 UTC
      **URL**: https://sentry.example/organizations/acme/monitors/70012/

      ### Thresholds

      - High priority when above \`500\`
      - Medium priority when above \`250\`
      - Resolved when at or below \`250\`

      ### Latest Issue

      - \`BACKEND-1K\`: \`Checkout errors above 500 in 1 hour\` (unresolved), last seen 2026-11-01 11:35 UTC

      ### Notifications

      - Notify checkout owners on metric alerts (alert ID 81002): Email team \`#platform\`; Slack \`#checkout-alerts\` (notes: \`Runbook: https://runbooks.acme.example/checkout\`)

      ## Response Notes

      - The monitor's latest issue: \`get_issue_details(organizationSlug="acme", issueId="BACKEND-1K")\` via \`execute_sentry_tool\`.
      - The data it watches: \`search_events(organizationSlug="acme", dataset="errors", query="transaction:/api/v2/orders/*/checkout/ level:error", fields=["count()"], projectSlug="backend", environment="production")\` via \`execute_sentry_tool\`."
    `);
    expect(text).not.toMatch(/99\d{4}|conditionResult|snubaQuery|null|undefined/);
  });

  it("is the monitor get_issue_details points to for a metric issue", async () => {
    const issue = await tools.text("get_issue_details", {
      organizationSlug: "acme",
      issueId: "BACKEND-1K",
    });
    const id = /"monitorId":"(\d+)"|monitorId=\\?"(\d+)/.exec(issue);
    expect(id?.[1] ?? id?.[2]).toBe("70012");
  });

  it("covers percent-change and anomaly detection", async () => {
    const percent = await tools.text("get_metric_monitor_details", {
      organizationSlug: "acme",
      monitorId: "70014",
    });
    expect(percent).toContain("**Detection**: change compared to an earlier period");
    expect(percent).toContain("- High priority when more than `50%` higher than 1 week earlier");
    expect(percent).toContain("- No alert is connected, so nobody is notified.");
    const anomaly = await tools.text("get_metric_monitor_details", {
      organizationSlug: "acme",
      monitorId: "70015",
    });
    expect(anomaly).toContain(
      "- High priority on anomalies (sensitivity: `medium`, direction: above the expected range, seasonality: `auto`)",
    );
  });

  it("rejects bad ids, other monitor types and unknown monitors", async () => {
    const bad = await tools.call("get_metric_monitor_details", {
      organizationSlug: "acme",
      monitorId: "checkout",
    });
    expect(bad.content[0]).toMatchObject({ text: expect.stringMatching(/numeric monitor ID/) });
    const error = await tools.call("get_metric_monitor_details", {
      organizationSlug: "acme",
      monitorId: "70001",
    });
    expect(error.content[0]).toMatchObject({ text: expect.stringMatching(/not a metric monitor/) });
    const unknown = await tools.call("get_metric_monitor_details", {
      organizationSlug: "acme",
      monitorId: "1",
    });
    expect(unknown.content[0]).toMatchObject({ text: expect.stringMatching(/^Not found/) });
  });

  it("explains when the Sentry has no metric monitors", async () => {
    const result = await tools.call("get_metric_monitor_details", {
      organizationSlug: "globex",
      monitorId: "70012",
    });
    expect(result.content[0]).toMatchObject({
      text: expect.stringMatching(/predates them.*find_alert_rules/),
    });
  });

  it("respects a project pin and reports upstream failures", async () => {
    const pinned = toolCaller(sandbox, {
      constraints: { organizationSlug: "acme", projectSlug: "frontend" },
    });
    const outside = await pinned.call("get_metric_monitor_details", { monitorId: "70012" });
    expect(outside.content[0]).toMatchObject({ text: expect.stringMatching(/limited to project/) });
    const broken = toolCaller(sandbox, {
      fetch: ((url: string | URL, init?: RequestInit) =>
        /\/detectors\/70012\//.test(String(url))
          ? Promise.resolve(Response.json({ detail: "no" }, { status: 403 }))
          : fetch(url, init)) as typeof fetch,
    });
    const denied = await broken.call("get_metric_monitor_details", {
      organizationSlug: "acme",
      monitorId: "70012",
    });
    expect(denied.content[0]).toMatchObject({ text: expect.stringMatching(/^Permission denied/) });
  });
});
