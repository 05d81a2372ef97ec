import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { startTestSandbox, toolCaller } from "../../test/harness.js";
import { recordingFetch, textOf } from "../../test/write-helpers.js";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const args = { organizationSlug: "acme", projectSlug: "frontend", filterId: "7710003" };

describe("delete_custom_inbound_filter", () => {
  it("deletes the filter, answers what it was, and the list no longer has it", async () => {
    const tools = toolCaller(sandbox);
    const out = await tools.structured("delete_custom_inbound_filter", args);
    expect(out).toMatchInlineSnapshot(`
      {
        "changed": true,
        "deleted": {
          "active": true,
          "conditions": [
            {
              "type": "error_message",
              "value": [
                "*chrome-extension://*",
              ],
            },
          ],
          "dataType": "error",
          "id": "7710003",
          "name": "Browser extension noise",
        },
        "organization": "acme",
        "project": "frontend",
        "summary": "Deleted filter Browser extension noise (ID 7710003) from frontend: error data where error_message matching *chrome-extension://* is ingested again.",
      }
    `);
    const list = await tools.text("find_custom_inbound_filters", {
      organizationSlug: "acme",
      projectSlug: "frontend",
    });
    expect(list).not.toContain("Browser extension noise");
  });

  it("names a missing filter without writing", async () => {
    const rec = recordingFetch();
    const out = await toolCaller(sandbox, { fetch: rec.fetch }).call(
      "delete_custom_inbound_filter",
      args,
    );
    expect(textOf(out)).toBe(
      "Input error: No custom inbound filter 7710003 in this project (wrong ID or project, or already deleted); find_custom_inbound_filters lists them.",
    );
    expect(rec.writes()).toEqual([]);
  });
});
