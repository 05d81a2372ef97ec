import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";
import { recordingFetch, textOf } from "../../test/write-helpers.js";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

describe("find_metric_monitors", () => {
  it("lists a project's metric monitors with query and thresholds", async () => {
    const rec = recordingFetch();
    const out = await toolCaller(sandbox, { fetch: rec.fetch }).text("find_metric_monitors", {
      organizationSlug: "acme",
      projectSlug: "backend",
    });
    expect(stable(out, sandbox)).toMatchInlineSnapshot(`
      "# Metric Monitors in **\`acme/backend\`**

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

      - Full configuration and who is notified: \`get_metric_monitor_details(organizationSlug="acme", monitorId="70012")\` via \`execute_sentry_tool\`."
    `);
    const list = rec.sent.find((r) => r.path === "/api/0/organizations/acme/detectors/");
    expect(new URLSearchParams(list?.query)).toEqual(
      new URLSearchParams("project=4500011&type=metric_issue&per_page=10"),
    );
  });

  it("searches every project by name and pages with a cursor", async () => {
    const tools = toolCaller(sandbox);
    const all = await tools.text("find_metric_monitors", {
      organizationSlug: "acme",
      projectSlug: "all",
      limit: 2,
    });
    expect(all.match(/^### /gm)).toHaveLength(2);
    const cursor = /cursor: "([^"]+)"/.exec(all)?.[1];
    expect(cursor).toBeDefined();
    const next = await tools.text("find_metric_monitors", {
      organizationSlug: "acme",
      limit: 2,
      cursor,
    });
    expect(next).not.toContain(all.split("### ")[1].split("\n")[0]);
    const named = await tools.text("find_metric_monitors", {
      organizationSlug: "acme",
      query: "checkout",
    });
    expect(named).toContain("Checkout error spike");
    expect(named).not.toContain("Mobile crash anomalies");
  });

  it("keeps a project-pinned session to its project and says when a Sentry predates monitors", async () => {
    const rec = recordingFetch();
    const pinned = await toolCaller(sandbox, {
      fetch: rec.fetch,
      constraints: { organizationSlug: "acme", projectSlug: "frontend" },
    }).text("find_metric_monitors", {});
    expect(pinned).toContain("# Metric Monitors in **`acme/frontend`**");
    expect(pinned).not.toContain("Checkout error spike");
    const legacy = await toolCaller(sandbox).call("find_metric_monitors", {
      organizationSlug: "globex",
    });
    expect(textOf(legacy)).toMatch(/does not have metric monitors \(it predates them\)/);
  });
});
