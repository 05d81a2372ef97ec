import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { startTestSandbox, toolCaller } from "../../test/harness.js";
import { textOf } from "../../test/write-helpers.js";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

describe("find_custom_inbound_filters", () => {
  it("lists what a project drops at ingest", async () => {
    const out = await toolCaller(sandbox).text("find_custom_inbound_filters", {
      organizationSlug: "acme",
      projectSlug: "backend",
    });
    expect(out).toMatchInlineSnapshot(`
      "# Custom Inbound Filters in **\`acme/backend\`**

      ## Ignore flaky connection errors

      **ID**: 7710001 · **Status**: active (drops matching data) · **Data**: \`error\`
      - \`error_type\` matches \`ConnectionResetError\` or \`TimeoutError\`

      ## Load-test traffic

      **ID**: 7710002 · **Status**: inactive (drops nothing) · **Data**: \`all\`
      - \`ip_address\` matches \`10.20.0.0/16\`
      - \`release\` matches \`backend@load-*\`

      All conditions of a filter must match; the values of one condition are alternatives."
    `);
  });

  it("says when a project has none, and when the organization lacks the feature", async () => {
    const tools = toolCaller(sandbox);
    expect(
      await tools.text("find_custom_inbound_filters", {
        organizationSlug: "acme",
        projectSlug: "payments",
      }),
    ).toContain("No custom inbound filters: nothing is dropped by custom rules.");
    const globex = await tools.call("find_custom_inbound_filters", {
      organizationSlug: "globex",
      projectSlug: "storefront",
    });
    expect(textOf(globex)).toBe(
      "Input error: Custom inbound filters are not enabled for this organization. The built-in inbound filters (Project Settings > Inbound Filters) still apply.",
    );
  });
});
