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

describe("get_alert_rule", () => {
  it("shows an issue alert's triggers, filters and actions in words", async () => {
    const text = await tools.text("get_alert_rule", {
      organizationSlug: "acme",
      kind: "issue",
      ruleIdOrName: "81004",
    });
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Issue Alert in **\`acme\`**

      ## Mobile crash spike to Discord

      **Kind**: Issue alert
      **ID**: 81004
      **Status**: enabled
      **Projects**: \`mobile-app\`
      **Environment**: \`production\`
      **Owner**: \`#mobile\`
      **Action interval**: at most once every 1 hour per issue
      **Created**: 2026-10-12 12:00 UTC by Sofia Lindqvist
      **Last triggered**: 2026-10-30 12:00 UTC
      **URL**: https://sentry.example/organizations/acme/monitors/alerts/81004/

      ### Triggers (any of)

      - An archived issue reappears

      ### Filters (any of)

      - Event unique user frequency count: more than 50 users in 15 minutes where \`os.name\` equals \`Android\`
      - Event frequency percent: 200% higher in 1 hour than 1 day earlier

      ### Actions

      - Discord \`mobile-crashes\` (tags: \`device,os\`)

      ### Connected Monitors

      - Mobile crash anomalies (metric monitor, ID 70015)

      ## Response Notes

      - Use these details to inspect alert conditions, filters, routing, and notification actions before changing the rule in Sentry."
    `);
    expect(text).not.toMatch(/99\d{4}|conditionResult|comparison_interval|null|undefined|\{"/);
  });

  it("shows a metric alert with its thresholds and notifications", async () => {
    const text = await tools.text("get_alert_rule", {
      organizationSlug: "acme",
      kind: "metric",
      ruleIdOrName: "70012",
    });
    expect(text).toContain("# Metric Alert in **`acme`**");
    expect(text).toContain("- High priority when above `500`");
    expect(text).toContain("- Notify checkout owners on metric alerts (alert ID 81002)");
  });

  it("reads legacy rules on Sentry without the workflow API", async () => {
    const issue = await tools.text("get_alert_rule", {
      organizationSlug: "globex",
      kind: "issue",
      ruleIdOrName: "3101",
      projectSlug: "storefront",
    });
    expect(stable(issue, sandbox)).toMatchInlineSnapshot(`
      "# Issue Alert in **\`globex\`**

      ## Notify core on new storefront errors

      **Kind**: Issue alert
      **ID**: 3101
      **Status**: enabled
      **Projects**: \`storefront\`
      **Environment**: \`production\`
      **Owner**: \`#core\`
      **Action interval**: at most once every 30 minutes per issue
      **Created**: 2026-06-14 12:00 UTC by Lena Brandt
      **Last triggered**: 2026-11-01 07:00 UTC
      **URL**: https://sentry.example/organizations/globex/alerts/rules/storefront/3101/details/

      ### Triggers (all of)

      - A new issue is created

      ### Filters (all of)

      - Level is at least error

      ### Actions

      - Email team \`#core\`

      ## Response Notes

      - Use these details to inspect alert conditions, filters, routing, and notification actions before changing the rule in Sentry."
    `);
    const metric = await tools.text("get_alert_rule", {
      organizationSlug: "globex",
      kind: "metric",
      ruleIdOrName: "5601",
    });
    expect(stable(metric, sandbox)).toMatchInlineSnapshot(`
      "# Metric Alert in **\`globex\`**

      ## Storefront checkout p95 latency

      **Kind**: Metric alert
      **ID**: 5601
      **Status**: enabled
      **Projects**: \`storefront\`
      **Owner**: \`#core\`
      **Dataset**: transactions
      **Aggregate**: \`p95(transaction.duration)\`
      **Query**: \`transaction:/checkout\`
      **Interval**: 15 minutes
      **Environment**: \`production\`
      **Last changed**: 2026-10-22 12:00 UTC
      **URL**: https://sentry.example/organizations/globex/alerts/rules/details/5601/

      ### Thresholds

      - Critical when above \`1500\`
      - Warning when above \`1000\`
      - Resolved when at or below \`800\`

      ### Actions

      - Critical: Email team \`#core\`
      - Warning: Slack \`#storefront-alerts\`

      ## Response Notes

      - Use these details to inspect alert conditions, filters, routing, and notification actions before changing the rule in Sentry."
    `);
  });

  it("needs the project for a legacy issue alert rule", async () => {
    const result = await tools.call("get_alert_rule", {
      organizationSlug: "globex",
      kind: "issue",
      ruleIdOrName: "3101",
    });
    expect(result.isError).toBe(true);
    expect(result.content[0]).toMatchObject({ text: expect.stringMatching(/pass projectSlug/) });
  });

  it("refuses monitors that are not metric alerts", async () => {
    const result = await tools.call("get_alert_rule", {
      organizationSlug: "acme",
      kind: "metric",
      ruleIdOrName: "70001",
    });
    expect(result.content[0]).toMatchObject({
      text: "Input error: Monitor 70001 is not a metric monitor (it is an error monitor).",
    });
  });

  it("finds a rule by exact name or by ID in both kinds when kind is omitted", async () => {
    const before = sandbox.requests.length;
    const byName = await tools.text("get_alert_rule", {
      organizationSlug: "acme",
      ruleIdOrName: "mobile crash spike to discord",
    });
    expect(byName).toContain("# Issue Alert in **`acme`**");
    expect(byName).toContain("**ID**: 81004");
    const sent = sandbox.requests.slice(before);
    const workflowSearch = sent.find(
      (r) => r.path.endsWith("/acme/workflows/") && r.query.includes("query="),
    );
    expect(new URLSearchParams(workflowSearch?.query).get("query")).toBe(
      "mobile crash spike to discord",
    );
    const detectorSearch = sent.find(
      (r) => r.path.endsWith("/acme/detectors/") && r.query.includes("query="),
    );
    expect(new URLSearchParams(detectorSearch?.query).get("query")).toBe(
      "type:metric_issue mobile crash spike to discord",
    );
    const metricByName = await tools.text("get_alert_rule", {
      organizationSlug: "acme",
      kind: "all",
      ruleIdOrName: "Checkout error spike",
    });
    expect(metricByName).toContain("# Metric Alert in **`acme`**");
    const metricById = await tools.text("get_alert_rule", {
      organizationSlug: "acme",
      ruleIdOrName: "70012",
    });
    expect(metricById).toBe(metricByName);
    const issueById = await tools.text("get_alert_rule", {
      organizationSlug: "acme",
      ruleIdOrName: "81004",
    });
    expect(issueById).toBe(byName);
    const legacyByName = await tools.text("get_alert_rule", {
      organizationSlug: "globex",
      ruleIdOrName: "Storefront checkout p95 latency",
    });
    expect(legacyByName).toContain("**ID**: 5601");
  });

  it("rejects bad input and reports unknown rules", async () => {
    const noName = await tools.call("get_alert_rule", {
      organizationSlug: "acme",
      kind: "issue",
      ruleIdOrName: "rule-1",
    });
    expect(noName.content[0]).toMatchObject({
      text: 'Input error: No alert rule has the ID or name "rule-1". find_alert_rules lists them.',
    });
    const badKind = await tools.call("get_alert_rule", {
      organizationSlug: "acme",
      kind: "uptime",
      ruleIdOrName: "1",
    });
    expect(badKind.content[0]).toMatchObject({ text: expect.stringMatching(/kind/) });
    const unknown = await tools.call("get_alert_rule", {
      organizationSlug: "acme",
      kind: "issue",
      ruleIdOrName: "12345",
    });
    expect(unknown.content[0]).toMatchObject({ text: expect.stringMatching(/^Not found/) });
  });

  it("respects a project pin", async () => {
    const pinned = toolCaller(sandbox, {
      constraints: { organizationSlug: "acme", projectSlug: "frontend" },
    });
    const result = await pinned.call("get_alert_rule", { kind: "issue", ruleIdOrName: "81001" });
    expect(result.content[0]).toMatchObject({
      text: expect.stringMatching(/limited to project "frontend"/),
    });
  });

  it("reports upstream failures", async () => {
    const broken = toolCaller(sandbox, {
      fetch: ((url: string | URL, init?: RequestInit) =>
        /\/workflows\/81001\//.test(String(url))
          ? Promise.resolve(Response.json({ detail: "boom" }, { status: 500 }))
          : fetch(url, init)) as typeof fetch,
    });
    const result = await broken.call("get_alert_rule", {
      organizationSlug: "acme",
      kind: "issue",
      ruleIdOrName: "81001",
    });
    expect(result.content[0]).toMatchObject({
      text: expect.stringMatching(/^Sentry error: .*500/),
    });
  });
});
