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

type Block = { type: string; text?: string; data?: string; mimeType?: string };
const PNG = "iVBORw0KGgo";
const errorText = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;
/** The blocks with image data shortened to its PNG signature and length, for snapshots. */
const readable = (content: Block[]) =>
  content.map((b) =>
    b.type === "image"
      ? `[image ${b.mimeType}, ${b.data?.startsWith(PNG) ? "PNG" : "?"}]`
      : stable(b.text ?? "", sandbox),
  );

describe("get_snapshot_image", () => {
  it("returns head, base and diff mask as MCP image content with a caption", async () => {
    const result = await tools.call("get_snapshot_image", {
      organizationSlug: "acme",
      snapshotId: "231949",
      imageIdentifier: "checkout/payment.png",
    });
    expect(result.isError).toBeFalsy();
    expect(readable(result.content as Block[])).toMatchInlineSnapshot(`
      [
        "# Snapshot Image \`checkout/payment.png\` in snapshot \`231949\`

      **Status**: \`changed\`
      **Diff**: 25% of pixels changed
      **Display name**: \`Payment form\`
      **Group**: \`checkout\`
      **Size**: 24×40
      **Resolution**: preview
      **URL**: https://sentry.example/organizations/acme/preprod/snapshots/231949/?selectedSnapshot=checkout%2Fpayment.png",
        "### Head (this build)",
        "[image image/png, PNG]",
        "### Base (compared with)",
        "[image image/png, PNG]",
        "### Diff mask",
        "[image image/png, PNG]",
      ]
    `);
    const detail = sandbox.requests.find((r) => r.path.includes("/images/checkout"));
    expect(detail?.path).toBe(
      "/api/0/organizations/acme/preprodartifacts/snapshots/231949/images/checkout%2Fpayment.png/",
    );
    // Each image is a real PNG, and head and base differ.
    const images = (result.content as Block[]).filter((b) => b.type === "image");
    expect(images).toHaveLength(3);
    for (const i of images)
      expect(Buffer.from(i.data!, "base64").subarray(1, 4).toString()).toBe("PNG");
    expect(images[0].data).not.toBe(images[1].data);
  });

  it("shows a renamed image with its previous name, and a removed one from its base", async () => {
    const renamed = await tools.call("get_snapshot_image", {
      organizationSlug: "acme",
      snapshotId: "231949",
      imageIdentifier: "settings/account-billing.png",
    });
    const text = (renamed.content[0] as Block).text;
    expect(text).toContain("**Status**: `renamed`");
    expect(text).toContain("**Previous name**: `settings/billing.png`");
    const removed = await tools.call("get_snapshot_image", {
      organizationSlug: "acme",
      snapshotId: "231949",
      imageIdentifier: "login.png",
    });
    expect(readable(removed.content as Block[]).slice(1)).toEqual([
      "### Base (compared with)",
      "[image image/png, PNG]",
    ]);
  });

  it("leaves out images over the preview limit and points to full resolution", async () => {
    const big = () =>
      new Response(new Uint8Array(300 * 1024), {
        headers: { "Content-Type": "image/png", "Content-Length": String(300 * 1024) },
      });
    const caller = toolCaller(sandbox, {
      fetch: (input, init) =>
        String(input).includes("/preprodartifacts/images/")
          ? Promise.resolve(big())
          : fetch(input, init),
    });
    const result = await caller.call("get_snapshot_image", {
      organizationSlug: "acme",
      snapshotId: "231961",
      imageIdentifier: "home.png",
    });
    const texts = (result.content as Block[]).map((b) => b.text ?? "");
    expect(texts[1]).toMatch(
      /not included \(300.0 KB, over 256.0 KB\); pass imageResolution: "full"/,
    );
    expect(texts[0]).toContain('imageResolution="full"');
  });

  it("rejects bad input and reports upstream errors", async () => {
    const before = sandbox.requests.length;
    for (const args of [
      { organizationSlug: "acme", snapshotId: "231949", imageIdentifier: "" },
      {
        organizationSlug: "acme",
        snapshotId: "231949",
        imageIdentifier: "a.png",
        imageResolution: "huge",
      },
    ]) {
      expect(errorText(await tools.call("get_snapshot_image", args))).toMatch(/^Input error/);
    }
    expect(sandbox.requests.length).toBe(before);
    const missing = await tools.call("get_snapshot_image", {
      organizationSlug: "acme",
      snapshotId: "231949",
      imageIdentifier: "nope.png",
    });
    expect(errorText(missing)).toMatch(/^Not found/);
    const probe = upstreamProbe([{ path: /\/preprodartifacts\/images\//, status: 500 }]);
    const failing = await toolCaller(sandbox, { fetch: probe.fetch }).call("get_snapshot_image", {
      organizationSlug: "acme",
      snapshotId: "231961",
      imageIdentifier: "home.png",
    });
    expect(failing.isError).toBe(true);
  });
});
