import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { startTestSandbox, toolCaller } from "../../test/harness.js";
import { recordingFetch, textOf } from "../../test/write-helpers.js";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const base = { organizationSlug: "acme", projectSlug: "backend", filterId: "7710001" };

describe("update_custom_inbound_filter", () => {
  it("widens the patterns and pauses the filter, sending only what changes", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const out = await tools.structured("update_custom_inbound_filter", {
      ...base,
      name: "Ignore flaky connection errors",
      active: false,
      conditions: [
        { type: "error_type", value: ["ConnectionResetError", "TimeoutError", "BrokenPipeError"] },
      ],
    });
    expect(out).toMatchInlineSnapshot(`
      {
        "after": {
          "active": false,
          "conditions": [
            {
              "type": "error_type",
              "value": [
                "ConnectionResetError",
                "TimeoutError",
                "BrokenPipeError",
              ],
            },
          ],
          "dataType": "error",
          "id": "7710001",
          "name": "Ignore flaky connection errors",
        },
        "before": {
          "active": true,
          "conditions": [
            {
              "type": "error_type",
              "value": [
                "ConnectionResetError",
                "TimeoutError",
              ],
            },
          ],
          "dataType": "error",
          "id": "7710001",
          "name": "Ignore flaky connection errors",
        },
        "changed": true,
        "changes": [
          "active: true → false",
          "conditions: error_type in [ConnectionResetError, TimeoutError] → error_type in [ConnectionResetError, TimeoutError, BrokenPipeError]",
        ],
        "organization": "acme",
        "project": "backend",
        "summary": "Updated filter Ignore flaky connection errors: active: true → false; conditions: error_type in [ConnectionResetError, TimeoutError] → error_type in [ConnectionResetError, TimeoutError, BrokenPipeError].",
      }
    `);
    expect(rec.writes().map((w) => [w.method, w.path, w.body])).toEqual([
      [
        "PUT",
        "/api/0/projects/acme/backend/custom-inbound-filters/7710001/",
        {
          active: false,
          conditions: [
            {
              type: "error_type",
              value: ["ConnectionResetError", "TimeoutError", "BrokenPipeError"],
            },
          ],
        },
      ],
    ]);
    const list = await tools.text("find_custom_inbound_filters", {
      organizationSlug: "acme",
      projectSlug: "backend",
    });
    expect(list).toContain("`BrokenPipeError`");
  });

  it("reports an already-applied change without writing", async () => {
    const rec = recordingFetch();
    const out = await toolCaller(sandbox, { fetch: rec.fetch }).structured(
      "update_custom_inbound_filter",
      { ...base, active: false },
    );
    expect(out).toMatchObject({
      changed: false,
      summary: "Nothing to change: filter Ignore flaky connection errors already has these values.",
    });
    expect(rec.writes()).toEqual([]);
  });

  it("refuses bad input before writing", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    expect(textOf(await tools.call("update_custom_inbound_filter", base))).toBe(
      "Input error: Pass at least one field to change: name, active, dataType, conditions.",
    );
    // The stored error_type condition does not fit a log filter.
    expect(
      textOf(await tools.call("update_custom_inbound_filter", { ...base, dataType: "log" })),
    ).toBe(
      "Input error: A filter on log data cannot use the error_type condition; it accepts log_message, release, ip_address.",
    );
    expect(
      textOf(
        await tools.call("update_custom_inbound_filter", {
          ...base,
          projectSlug: "frontend",
          active: true,
        }),
      ),
    ).toBe(
      "Input error: No custom inbound filter 7710001 in this project (wrong ID or project, or already deleted); find_custom_inbound_filters lists them.",
    );
    expect(rec.writes()).toEqual([]);
  });
});
