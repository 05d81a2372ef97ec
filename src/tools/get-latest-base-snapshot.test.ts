import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";
import { upstreamProbe } from "../../test/upstream-probe.js";

let sandbox: Sandbox;
let tools: ReturnType<typeof toolCaller>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tools = toolCaller(sandbox);
});
afterAll(() => sandbox.close());

const errorText = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;
const lastQuery = () => new URLSearchParams(sandbox.requests.at(-1)?.query);

describe("get_latest_base_snapshot", () => {
  it("lists the app's current reference images on its main branch", async () => {
    const text = await tools.text("get_latest_base_snapshot", {
      organizationSlug: "acme",
      appId: "acme-web",
    });
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Latest Base Snapshot of \`acme-web\` in **\`acme\`**

      **Snapshot ID**: \`231940\`
      **App**: \`Acme Web\`
      **Platform**: \`web\`
      **Branch**: \`main\` (\`4f9c2e1a\`)
      **URL**: https://sentry.example/organizations/acme/preprod/snapshots/231940/

      ## Images (6)

      - \`checkout/cart.png\` · \`Cart\` · group \`checkout\` · 24×40
      - \`checkout/payment.png\` · \`Payment form\` · group \`checkout\` · 24×40
      - \`checkout/payment-dark.png\` · \`Payment form (dark)\` · group \`checkout\` · 24×40
      - \`settings/profile.png\` · \`Profile\` · group \`settings\` · 24×40
      - \`settings/billing.png\` · \`Billing\` · group \`settings\` · 24×40
      - \`login.png\` · \`Login\` · group \`auth\` · 24×40

      ## Response Notes

      - View one: \`get_snapshot_image(organizationSlug="acme", snapshotId="231940", imageIdentifier="checkout/cart.png")\` via \`execute_sentry_tool\` with its file name."
    `);
    expect(sandbox.requests.at(-1)?.path).toBe(
      "/api/0/organizations/acme/preprodartifacts/snapshots/latest-base/",
    );
    expect(Object.fromEntries(lastQuery())).toEqual({
      app_id: "acme-web",
      compact_metadata: "true",
    });
  });

  it("sends branch, and project as projectSlug (slug) or project (numeric ID)", async () => {
    await tools.text("get_latest_base_snapshot", {
      organizationSlug: "acme",
      appId: "com.acme.shop",
      branch: "main",
      project: "mobile-app",
    });
    expect(lastQuery().get("branch")).toBe("main");
    expect(lastQuery().get("projectSlug")).toBe("mobile-app");
    const text = await tools.text("get_latest_base_snapshot", {
      organizationSlug: "acme",
      appId: "com.acme.shop",
      project: "4500013",
    });
    expect(lastQuery().get("project")).toBe("4500013");
    expect(lastQuery().has("projectSlug")).toBe(false);
    expect(text).toContain("## Images (2)");
    // Filters reach Sentry: the web app has no base in the mobile project.
    const wrong = await tools.call("get_latest_base_snapshot", {
      organizationSlug: "acme",
      appId: "acme-web",
      project: "4500013",
    });
    expect(errorText(wrong)).toMatch(/^Not found/);
  });

  it("rejects bad input and reports upstream errors", async () => {
    const before = sandbox.requests.length;
    for (const args of [{ organizationSlug: "acme" }, { organizationSlug: "acme", appId: "" }]) {
      expect(errorText(await tools.call("get_latest_base_snapshot", args))).toMatch(/^Input error/);
    }
    expect(sandbox.requests.length).toBe(before);
    const none = await tools.call("get_latest_base_snapshot", {
      organizationSlug: "acme",
      appId: "acme-web",
      branch: "feature/nope",
    });
    expect(errorText(none)).toMatch(/^Not found/);
    const probe = upstreamProbe([{ path: /latest-base/, status: 403 }]);
    const denied = await toolCaller(sandbox, { fetch: probe.fetch }).call(
      "get_latest_base_snapshot",
      { organizationSlug: "acme", appId: "acme-web" },
    );
    expect(errorText(denied)).toMatch(/^Permission denied/);
  });
});
