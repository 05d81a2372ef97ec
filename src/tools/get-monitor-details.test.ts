import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { NOW, stable, startTestSandbox, toolCaller } from "../../test/harness.js";

let sandbox: Sandbox;
let tools: ReturnType<typeof toolCaller>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tools = toolCaller(sandbox);
});
afterAll(() => sandbox.close());
// The stats endpoint takes absolute times, so the tool's clock must match the sandbox's.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe("get_monitor_details", () => {
  it("reports schedule, environments, recent check-ins and stats", async () => {
    const text = await tools.text("get_monitor_details", {
      organizationSlug: "acme",
      monitorSlug: "nightly-ledger-reconcile",
      checkInLimit: 6,
    });
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Cron Monitor in **\`acme\`**

      ## Nightly ledger reconcile

      **Slug**: \`nightly-ledger-reconcile\`
      **Project**: \`backend\`
      **Owner**: \`#platform\`
      **Status**: active
      **Schedule**: every day at 02:00 (\`0 2 * * *\`), \`UTC\`
      **Tolerances**: a check-in may be 10 minutes late; a run may take 60 minutes; 2 failed runs in a row open an issue; 1 good run resolves it
      **URL**: https://sentry.example/organizations/acme/crons/backend/nightly-ledger-reconcile/

      ### Environments

      - \`production\`: failing, since 2026-10-31 02:00 UTC, last check-in 2026-10-30 02:00 UTC, next expected 2026-11-02 02:00 UTC
      - \`staging\`: ok, last check-in 2026-11-01 02:00 UTC, next expected 2026-11-02 02:00 UTC

      ### Recent Check-ins (last 24 hours)

      - 2026-11-01 02:00 UTC: missed (\`production\`)
      - 2026-11-01 02:00 UTC: ok, 6 min 58 s (\`staging\`)

      ### Stats (last 24 hours)

      - 1 ok, 1 missed; average run 6 min 58 s

      ## Response Notes

      - Issues from this monitor: \`search_issues(organizationSlug="acme", query="monitor.slug:nightly-ledger-reconcile")\` via \`execute_sentry_tool\`."
    `);
    expect(text).not.toMatch(/schedule_type|checkin_margin|null|undefined/);
  });

  it("narrows to one environment and period; interval schedules read in words", async () => {
    const text = await tools.text("get_monitor_details", {
      organizationSlug: "acme",
      monitorSlug: "hourly-cache-warmup",
      environment: "production",
      period: "24h",
    });
    expect(text).toContain("**Schedule**: every hour");
    expect(text).toContain("timed out, 15 min");
    expect(text).toMatch(/### Stats \(last 24 hours\)\n\n- \d+ ok, 1 timed out; average run/);
    expect(text).not.toContain("(`production`)");
  });

  it("sends start/end, rollupSeconds and includeStats the way Sentry takes them", async () => {
    const query = (suffix: string) =>
      Object.fromEntries(
        new URLSearchParams(sandbox.requests.findLast((r) => r.path.endsWith(suffix))?.query),
      );
    const before = sandbox.requests.length;
    const text = await tools.text("get_monitor_details", {
      organizationSlug: "acme",
      monitorSlug: "nightly-ledger-reconcile",
      start: "2026-10-29T00:00:00Z",
      end: "2026-10-31T00:00:00Z",
      rollupSeconds: 43200,
    });
    expect(query("/checkins/")).toMatchObject({
      start: "2026-10-29T00:00:00Z",
      end: "2026-10-31T00:00:00Z",
    });
    expect(query("/stats/")).toEqual({
      since: String(Date.parse("2026-10-29T00:00:00Z") / 1000),
      until: String(Date.parse("2026-10-31T00:00:00Z") / 1000),
      resolution: "43200s",
    });
    expect(text).toContain("### Recent Check-ins (2026-10-29T00:00:00Z – 2026-10-31T00:00:00Z)");
    expect(text).toContain("### Stats (2026-10-29T00:00:00Z – 2026-10-31T00:00:00Z)");
    const noStats = await tools.text("get_monitor_details", {
      organizationSlug: "acme",
      monitorSlug: "nightly-ledger-reconcile",
      includeStats: false,
    });
    expect(query("/checkins/").statsPeriod).toBe("24h");
    expect(noStats).not.toContain("### Stats");
    expect(sandbox.requests.slice(before).filter((r) => r.path.endsWith("/stats/"))).toHaveLength(
      1,
    );
    const both = await tools.call("get_monitor_details", {
      organizationSlug: "acme",
      monitorSlug: "nightly-ledger-reconcile",
      period: "7d",
      start: "2026-10-29T00:00:00Z",
      end: "2026-10-31T00:00:00Z",
    });
    expect(both.content[0]).toMatchObject({
      text: "Input error: Pass either period or start and end, not both.",
    });
  });

  it("accepts the monitor's project and refuses another", async () => {
    const ok = await tools.text("get_monitor_details", {
      organizationSlug: "acme",
      monitorSlug: "payout-batch",
      projectSlugOrId: "payments",
    });
    expect(ok).toContain("## Merchant payout batch");
    const wrong = await tools.call("get_monitor_details", {
      organizationSlug: "acme",
      monitorSlug: "payout-batch",
      projectSlugOrId: "backend",
    });
    expect(wrong.content[0]).toMatchObject({
      text: "Input error: Monitor payout-batch belongs to project payments, not backend.",
    });
  });

  it("respects a project pin", async () => {
    const pinned = toolCaller(sandbox, {
      constraints: { organizationSlug: "acme", projectSlug: "backend" },
    });
    // The pin is injected as projectSlugOrId, so the monitor's own project must match it.
    const result = await pinned.call("get_monitor_details", { monitorSlug: "payout-batch" });
    expect(result.isError).toBe(true);
    expect(result.content[0]).toMatchObject({
      text: expect.stringMatching(/belongs to project payments, not backend/),
    });
    const inside = await pinned.text("get_monitor_details", { monitorSlug: "hourly-cache-warmup" });
    expect(inside).toContain("## Hourly cache warm-up");
  });

  it("still answers when stats fail", async () => {
    const noStats = toolCaller(sandbox, {
      fetch: ((url: string | URL, init?: RequestInit) =>
        String(url).includes("/stats/")
          ? Promise.resolve(Response.json({ detail: "boom" }, { status: 500 }))
          : fetch(url, init)) as typeof fetch,
    });
    const text = await noStats.text("get_monitor_details", {
      organizationSlug: "acme",
      monitorSlug: "push-digest",
    });
    expect(text).toContain("### Recent Check-ins");
    expect(text).not.toContain("### Stats");
  });

  it("rejects bad input and reports unknown monitors and upstream errors", async () => {
    const bad = await tools.call("get_monitor_details", {
      organizationSlug: "acme",
      monitorSlug: "../x",
    });
    expect(bad.content[0]).toMatchObject({ text: expect.stringMatching(/monitor slug/) });
    const badPeriod = await tools.call("get_monitor_details", {
      organizationSlug: "acme",
      monitorSlug: "push-digest",
      period: "a week",
    });
    expect(badPeriod.isError).toBe(true);
    const unknown = await tools.call("get_monitor_details", {
      organizationSlug: "acme",
      monitorSlug: "nope",
    });
    expect(unknown.content[0]).toMatchObject({ text: expect.stringMatching(/^Not found/) });
    const denied = toolCaller(sandbox, {
      fetch: (() =>
        Promise.resolve(Response.json({ detail: "no" }, { status: 403 }))) as typeof fetch,
    });
    const result = await denied.call("get_monitor_details", {
      organizationSlug: "acme",
      monitorSlug: "push-digest",
    });
    expect(result.content[0]).toMatchObject({ text: expect.stringMatching(/^Permission denied/) });
  });
});
