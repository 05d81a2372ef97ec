import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { startTestSandbox, toolCaller } from "../../test/harness.js";
import { recordingFetch, textOf } from "../../test/write-helpers.js";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

/** "stop ingesting errors from this noisy bot": its IP range on every data type. */
const bot = {
  organizationSlug: "acme",
  projectSlug: "backend",
  name: "Noisy crawler",
  dataType: "all",
  conditions: [{ type: "ip_address", value: ["203.0.113.0/24"] }],
};

describe("create_custom_inbound_filter", () => {
  it("creates a filter with Sentry's body, and the list shows it", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const out = await tools.structured("create_custom_inbound_filter", bot);
    expect(out).toMatchInlineSnapshot(`
      {
        "changed": true,
        "filter": {
          "active": true,
          "conditions": [
            {
              "type": "ip_address",
              "value": [
                "203.0.113.0/24",
              ],
            },
          ],
          "dataType": "all",
          "id": "7710004",
          "name": "Noisy crawler",
        },
        "organization": "acme",
        "project": "backend",
        "summary": "Created filter Noisy crawler (ID 7710004) in backend: now drops all data where ip_address matching 203.0.113.0/24.",
      }
    `);
    expect(rec.writes().map((w) => [w.method, w.path, w.body])).toEqual([
      [
        "POST",
        "/api/0/projects/acme/backend/custom-inbound-filters/",
        {
          name: "Noisy crawler",
          active: true,
          dataType: "all",
          conditions: [{ type: "ip_address", value: ["203.0.113.0/24"] }],
        },
      ],
    ]);
    const list = await tools.text("find_custom_inbound_filters", {
      organizationSlug: "acme",
      projectSlug: "backend",
    });
    expect(list).toContain("## Noisy crawler");
  });

  it("reports a filter that already exists instead of creating a twin", async () => {
    const rec = recordingFetch();
    const out = await toolCaller(sandbox, { fetch: rec.fetch }).structured(
      "create_custom_inbound_filter",
      { ...bot, name: "Crawler again" },
    );
    expect(out).toMatchObject({
      changed: false,
      summary: expect.stringMatching(
        /^Already exists: filter Noisy crawler \(ID \d+\) drops all data where ip_address matching 203.0.113.0\/24; nothing created\.$/,
      ),
    });
    expect(rec.writes()).toEqual([]);
  });

  it("stores an inactive filter and refuses a condition the data type cannot take", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const inactive = await tools.structured("create_custom_inbound_filter", {
      ...bot,
      name: "Debug logs",
      dataType: "log",
      conditions: [{ type: "log_message", value: ["*DEBUG*"] }],
      active: false,
    });
    expect(inactive).toMatchObject({ filter: { active: false, dataType: "log" } });
    const wrong = await tools.call("create_custom_inbound_filter", {
      ...bot,
      dataType: "span",
      conditions: [{ type: "error_message", value: ["*boom*"] }],
    });
    expect(textOf(wrong)).toBe(
      "Input error: A filter on span data cannot use the error_message condition; it accepts release, ip_address.",
    );
    expect(rec.writes()).toHaveLength(1);
  });

  it("names the field and the fix when Sentry rejects a condition value", async () => {
    const out = await toolCaller(sandbox).call("create_custom_inbound_filter", {
      ...bot,
      name: "Typo",
      conditions: [{ type: "ip_address", value: ["10.0.0.300"] }],
    });
    expect(textOf(out)).toMatchInlineSnapshot(
      `"Input error: Sentry rejected the request to create inbound filter "Typo" in backend. \`conditions\`: 10.0.0.300 is not an IP address or CIDR range. Each data type takes its own conditions: all: release, ip_address; error: error_type, error_message, release, ip_address; log: log_message, release, ip_address; metric: metric_name, release, ip_address; span: release, ip_address. ip_address values must be IP addresses or CIDR ranges."`,
    );
  });
});
