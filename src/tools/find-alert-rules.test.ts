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

/** A caller whose upstream answers `status` for paths matching `pattern`. */
function failing(pattern: RegExp, status: number) {
  return toolCaller(sandbox, {
    fetch: ((url: string | URL, init?: RequestInit) =>
      pattern.test(String(url))
        ? Promise.resolve(Response.json({ detail: `boom ${status}` }, { status }))
        : fetch(url, init)) as typeof fetch,
  });
}

describe("find_alert_rules", () => {
  it("lists issue alerts and metric alerts of a project in words", async () => {
    const text = await tools.text("find_alert_rules", {
      organizationSlug: "acme",
      projectSlug: "backend",
    });
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Alert Rules in **\`acme/backend\`**

      ## Issue Alerts

      ### Notify checkout owners on metric alerts

      **ID**: 81002 · **Status**: enabled · **Projects**: \`backend\`
      **When**: any of: Issue priority is at least high; The issue's priority goes down
      **Then**: Email team \`#platform\`; Slack \`#checkout-alerts\` (notes: \`Runbook: https://runbooks.acme.example/checkout\`)
      **For metric monitors**: Checkout error spike (70012), Slow checkout API (p95) (70013)
      **Last triggered**: 2026-11-01 11:35 UTC
      **URL**: https://sentry.example/organizations/acme/monitors/alerts/81002/

      ### Page on-call for high-priority backend issues

      **ID**: 81001 · **Status**: enabled · **Projects**: \`backend\` · **Environment**: \`production\`
      **When**: any of: A new issue is created with high priority; An existing issue escalates to high priority
      **If**: Tag \`environment\` equals \`production\`
      **Then**: PagerDuty \`Backend on-call\` (priority: \`critical\`); Slack \`#backend-alerts\` (tags: \`environment,release\`)
      **Last triggered**: 2026-11-01 09:00 UTC
      **URL**: https://sentry.example/organizations/acme/monitors/alerts/81001/

      ## Metric Alerts

      ### Checkout error spike

      **ID**: 70012 · **Status**: enabled, triggered (open issue \`BACKEND-1K\`) · **Project**: \`backend\` · **Owner**: \`#platform\`
      **Query**: \`count()\` of errors matching \`transaction:/api/v2/orders/*/checkout/ level:error\` in \`production\` over 1h windows
      **Thresholds**: High priority when above \`500\`; Medium priority when above \`250\`; Resolved when at or below \`250\`
      **URL**: https://sentry.example/organizations/acme/monitors/70012/

      ### Slow checkout API (p95)

      **ID**: 70013 · **Status**: enabled · **Project**: \`backend\` · **Owner**: \`kenji.watanabe@acme.example\`
      **Query**: \`p95(span.duration)\` of spans matching \`span.op:http.server transaction:/api/v2/orders/*/checkout/\` in \`production\` over 15m windows
      **Thresholds**: High priority when above \`1200\`; Resolved when at or below \`1200\`
      **URL**: https://sentry.example/organizations/acme/monitors/70013/

      ## Response Notes

      - \`get_alert_rule\` with \`ruleIdOrName\` (and \`kind\`) shows full details."
    `);
    // No internal component ids, raw JSON or placeholders.
    expect(text).not.toMatch(/99\d{4}|conditionResult|targetIdentifier|null|undefined|\{"/);
  });

  it("filters by kind and name", async () => {
    const text = await tools.text("find_alert_rules", {
      organizationSlug: "acme",
      kind: "metric",
      query: "mobile",
    });
    expect(text).toContain("### Mobile crash anomalies");
    expect(text).toContain("High priority on anomalies");
    expect(text).not.toContain("## Issue Alerts");
    expect(text).not.toContain("Checkout error spike");
    const all = await tools.text("find_alert_rules", { organizationSlug: "acme", kind: "all" });
    expect(all).toBe(await tools.text("find_alert_rules", { organizationSlug: "acme" }));
    expect(all).toContain("## Issue Alerts");
    expect(all).toContain("## Metric Alerts");
  });

  it("pages with a cursor per kind", async () => {
    const first = await tools.text("find_alert_rules", {
      organizationSlug: "acme",
      kind: "issue",
      limit: 2,
    });
    const cursor = /cursor: "([^"]+)"/.exec(first)?.[1];
    expect(cursor).toBe("0:2:0");
    const second = await tools.text("find_alert_rules", {
      organizationSlug: "acme",
      kind: "issue",
      limit: 2,
      cursor,
    });
    expect(second).toContain("Page on-call for high-priority backend issues");
    expect(second).not.toContain("More issue alerts");
  });

  it("falls back to legacy alert rules where the workflow API is missing", async () => {
    const text = await tools.text("find_alert_rules", {
      organizationSlug: "globex",
      projectSlug: "storefront",
    });
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Alert Rules in **\`globex/storefront\`**

      ## Issue Alerts

      ### Notify core on new storefront errors

      **ID**: 3101 · **Status**: enabled · **Projects**: \`storefront\` · **Environment**: \`production\`
      **When**: A new issue is created
      **If**: Level is at least error
      **Then**: Email team \`#core\`
      **Last triggered**: 2026-11-01 07:00 UTC
      **URL**: https://sentry.example/organizations/globex/alerts/rules/storefront/3101/details/

      ### Storefront error burst to Slack

      **ID**: 3102 · **Status**: disabled, muted · **Projects**: \`storefront\`
      **When**: any of: Event frequency count: more than 100 events in 1 hour; Event unique user frequency count: more than 25 users in 1 hour
      **If**: Tag \`url\` contains \`/checkout\`
      **Then**: Slack \`#storefront-alerts\` (tags: \`environment,url\`)
      **URL**: https://sentry.example/organizations/globex/alerts/rules/storefront/3102/details/

      ## Metric Alerts

      ### Storefront checkout p95 latency

      **ID**: 5601 · **Status**: enabled · **Projects**: \`storefront\`
      **Query**: \`p95(transaction.duration)\` of transactions matching \`transaction:/checkout\` in \`production\` over 15m windows
      **Thresholds**: Critical when above \`1500\`; Warning when above \`1000\`; Resolved when at or below \`800\`
      **URL**: https://sentry.example/organizations/globex/alerts/rules/details/5601/

      ## Response Notes

      - \`get_alert_rule\` with \`ruleIdOrName\` (and \`kind\`) shows full details."
    `);
  });

  it("on legacy Sentry without a project, lists metric alerts and asks for the project", async () => {
    const text = await tools.text("find_alert_rules", { organizationSlug: "globex" });
    expect(text).toContain("Storefront checkout p95 latency");
    expect(text).not.toContain("## Issue Alerts");
    expect(text).toContain("pass `projectSlug` to list them");
  });

  it("says when nothing matches", async () => {
    const text = await tools.text("find_alert_rules", {
      organizationSlug: "acme",
      query: "no such rule",
    });
    expect(text).toMatchInlineSnapshot(`
      "# Alert Rules in **\`acme\`**

      ## Issue Alerts

      No issue alerts found.

      ## Metric Alerts

      No metric alerts found."
    `);
  });

  it("rejects a cursor without a kind and bad arguments", async () => {
    const noKind = await tools.call("find_alert_rules", {
      organizationSlug: "acme",
      cursor: "0:2:0",
    });
    expect(noKind.isError).toBe(true);
    expect(noKind.content[0]).toMatchObject({ text: expect.stringMatching(/pass kind/) });
    const badKind = await tools.call("find_alert_rules", {
      organizationSlug: "acme",
      kind: "uptime",
    });
    expect(badKind.isError).toBe(true);
    expect(badKind.content[0]).toMatchObject({
      text: expect.stringMatching(/^Input error: .*kind/),
    });
  });

  it("reports upstream errors", async () => {
    const unknown = await tools.call("find_alert_rules", { organizationSlug: "nope" });
    expect(unknown.content[0]).toMatchObject({ text: expect.stringMatching(/^Not found/) });
    const denied = await failing(/\/workflows\//, 403).call("find_alert_rules", {
      organizationSlug: "acme",
    });
    expect(denied.isError).toBe(true);
    expect(denied.content[0]).toMatchObject({ text: expect.stringMatching(/^Permission denied/) });
    const down = await failing(/\/detectors\//, 500).call("find_alert_rules", {
      organizationSlug: "acme",
      kind: "metric",
    });
    expect(down.content[0]).toMatchObject({ text: expect.stringMatching(/^Sentry error: .*500/) });
  });
});
