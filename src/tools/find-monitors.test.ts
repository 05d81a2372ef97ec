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

describe("find_monitors", () => {
  it("lists cron monitors, failing first, with schedules and environments in words", async () => {
    const text = await tools.text("find_monitors", { organizationSlug: "acme" });
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Cron Monitors in **\`acme\`**

      ### Daily push digest

      **Slug**: \`push-digest\` · **Project**: \`mobile-app\` · **Owner**: \`#mobile\` · **Muted**: yes
      **Schedule**: every day at 09:00 (\`0 9 * * *\`), \`Asia/Tokyo\`
      **Environment**: \`production\`: failing, since 2026-10-31 00:00 UTC, muted, last check-in 2026-11-01 00:00 UTC, next expected 2026-11-02 00:00 UTC
      **URL**: https://sentry.example/organizations/acme/crons/mobile-app/push-digest/

      ### Nightly ledger reconcile

      **Slug**: \`nightly-ledger-reconcile\` · **Project**: \`backend\` · **Owner**: \`#platform\`
      **Schedule**: every day at 02:00 (\`0 2 * * *\`), \`UTC\`
      **Environments**:
      - \`production\`: failing, since 2026-10-31 02:00 UTC, last check-in 2026-10-30 02:00 UTC, next expected 2026-11-02 02:00 UTC
      - \`staging\`: ok, last check-in 2026-11-01 02:00 UTC, next expected 2026-11-02 02:00 UTC
      **URL**: https://sentry.example/organizations/acme/crons/backend/nightly-ledger-reconcile/

      ### Hourly cache warm-up

      **Slug**: \`hourly-cache-warmup\` · **Project**: \`backend\` · **Owner**: \`Kenji Watanabe\`
      **Schedule**: every hour
      **Environment**: \`production\`: ok, last check-in 2026-11-01 12:00 UTC, next expected 2026-11-01 13:00 UTC
      **URL**: https://sentry.example/organizations/acme/crons/backend/hourly-cache-warmup/

      ### Merchant payout batch

      **Slug**: \`payout-batch\` · **Project**: \`payments\` · **Owner**: \`#platform\`
      **Schedule**: every 15 minutes (\`*/15 * * * *\`), \`America/New_York\`
      **Environment**: \`production\`: ok, last check-in 2026-11-01 12:00 UTC, next expected 2026-11-01 12:15 UTC
      **URL**: https://sentry.example/organizations/acme/crons/payments/payout-batch/

      ## Response Notes

      - Check-ins and stats of a monitor: \`get_monitor_details(organizationSlug="acme", monitorSlug="push-digest")\` via \`execute_sentry_tool\`."
    `);
    expect(text).not.toMatch(/schedule_type|checkin_margin|null|undefined|\[1,/);
  });

  it("filters by project, name and environment", async () => {
    const backend = await tools.text("find_monitors", {
      organizationSlug: "acme",
      projectSlug: "backend",
      query: "cache",
    });
    expect(backend).toContain("### Hourly cache warm-up");
    expect(backend).not.toContain("Nightly ledger reconcile");
    const staging = await tools.text("find_monitors", {
      organizationSlug: "acme",
      environment: "staging",
    });
    expect(staging).toContain("**Environment**: `staging`: ok");
    expect(staging).not.toContain("`production`");
  });

  it("filters by owner as Sentry's owner parameter", async () => {
    const titles = async (owner: string) => {
      const text = await tools.text("find_monitors", { organizationSlug: "acme", owner });
      const sent = sandbox.requests.findLast((r) => r.path.endsWith("/acme/monitors/"));
      expect(new URLSearchParams(sent?.query).getAll("owner")).toEqual([owner]);
      return [...text.matchAll(/^### (.+)$/gm)].map((m) => m[1]);
    };
    expect(await titles("team:4500101")).toEqual([
      "Nightly ledger reconcile",
      "Merchant payout batch",
    ]);
    expect(await titles("user:100005")).toEqual(["Hourly cache warm-up"]);
    expect(await titles("myteams")).toEqual(await titles("team:4500101"));
    expect(await titles("unassigned")).toEqual([]);
  });

  it("pages with a cursor and says when nothing matches", async () => {
    const first = await tools.text("find_monitors", { organizationSlug: "acme", limit: 1 });
    expect(first).toContain('cursor: "0:1:0"');
    const none = await tools.text("find_monitors", { organizationSlug: "acme", query: "zzz" });
    expect(none).toBe("# Cron Monitors in **`acme`**\n\nNo cron monitors found.");
  });

  it("rejects bad input and reports upstream errors", async () => {
    const bad = await tools.call("find_monitors", { organizationSlug: "acme", limit: 0 });
    expect(bad.content[0]).toMatchObject({ text: expect.stringMatching(/^Input error: .*limit/) });
    const unknown = await tools.call("find_monitors", { organizationSlug: "nope" });
    expect(unknown.content[0]).toMatchObject({ text: expect.stringMatching(/^Not found/) });
    const broken = toolCaller(sandbox, {
      fetch: (() =>
        Promise.resolve(Response.json({ detail: "down" }, { status: 502 }))) as typeof fetch,
    });
    const down = await broken.call("find_monitors", { organizationSlug: "acme" });
    expect(down.content[0]).toMatchObject({ text: expect.stringMatching(/^Sentry error: .*502/) });
  });
});
