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

describe("get_snapshot", () => {
  it("summarises a diff snapshot: branch, PR, approval and the changes by kind", async () => {
    const text = await tools.text("get_snapshot", {
      organizationSlug: "acme",
      snapshotId: "231949",
    });
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Snapshot \`231949\` in **\`acme\`**

      **App**: \`acme-web\` (\`web\`)
      **Type**: \`diff\`
      **State**: \`completed\`
      **Repository**: \`acme/web\`
      **Head**: \`feature/checkout-redesign\` (\`9a1b2c3d\`)
      **Base**: \`main\` (\`4f9c2e1a\`)
      **PR**: #482
      **Approval**: \`requires_approval\`
      **Images**: 6 total (2 changed, 1 added, 1 removed, 1 renamed, 1 unchanged, 1 skipped, 0 errored)
      **URL**: https://sentry.example/organizations/acme/preprod/snapshots/231949/

      ## Changes

      ### Changed (2)

      - \`checkout/payment.png\` · \`Payment form\` · group \`checkout\` · 24×40 · 25% of pixels changed
      - \`checkout/payment-dark.png\` · \`Payment form (dark)\` · group \`checkout\` · 24×40 · 0.31% of pixels changed

      ### Added (1)

      - \`checkout/apple-pay.png\` · \`Apple Pay sheet\` · group \`checkout\` · 24×40

      ### Removed (1)

      - \`login.png\` · \`Login\` · group \`auth\` · 24×40

      ### Renamed (1)

      - \`settings/account-billing.png\` · \`Billing\` · group \`settings\` · 24×40 · was \`settings/billing.png\`

      Pass \`showUnmodified: true\` to list the 2 unchanged and skipped images.

      ## Response Notes

      - One image (head, base and diff mask): \`get_snapshot_image(organizationSlug="acme", snapshotId="231949", imageIdentifier="checkout/payment.png")\` via \`execute_sentry_tool\` with its file name."
    `);
    const req = sandbox.requests.at(-1);
    expect(req?.path).toBe("/api/0/organizations/acme/preprodartifacts/snapshots/231949/");
    expect(new URLSearchParams(req?.query).get("compact_metadata")).toBe("true");
  });

  it("lists unchanged and skipped images only with showUnmodified", async () => {
    const quiet = await tools.text("get_snapshot", {
      organizationSlug: "acme",
      snapshotId: "231955",
    });
    expect(quiet).toContain("No image changed against the base.");
    expect(quiet).toContain(
      "Pass `showUnmodified: true` to list the 6 unchanged and skipped images.",
    );
    expect(quiet).not.toContain("### Unchanged");
    const all = await tools.text("get_snapshot", {
      organizationSlug: "acme",
      snapshotId: "231955",
      showUnmodified: true,
    });
    expect(all).toContain("### Unchanged (6)");
    expect(all).toContain("- `login.png` · `Login` · group `auth` · 24×40");
  });

  it("lists every image of a solo snapshot", async () => {
    const text = await tools.text("get_snapshot", {
      organizationSlug: "acme",
      snapshotId: "231961",
    });
    expect(text).toContain("**Type**: `solo`");
    expect(text).toContain("## Images (2)");
    expect(text).toContain("- `home.png` · `Home` · group `main` · 20×36");
  });

  it("rejects bad input and reports upstream errors", async () => {
    const before = sandbox.requests.length;
    for (const args of [
      { organizationSlug: "acme", snapshotId: "" },
      { organizationSlug: "acme", snapshotId: "../1" },
      { snapshotId: "231949" },
    ]) {
      expect(errorText(await tools.call("get_snapshot", args))).toMatch(/^Input error/);
    }
    expect(sandbox.requests.length).toBe(before);
    const missing = await tools.call("get_snapshot", { organizationSlug: "acme", snapshotId: "9" });
    expect(errorText(missing)).toMatch(/^Not found/);
    const probe = upstreamProbe([{ path: /snapshots/, status: 403 }]);
    const denied = await toolCaller(sandbox, { fetch: probe.fetch }).call("get_snapshot", {
      organizationSlug: "acme",
      snapshotId: "231949",
    });
    expect(errorText(denied)).toMatch(/^Permission denied/);
  });
});
