import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";
import { readOnlyTokenFetch, recordingFetch, textOf } from "../../test/write-helpers.js";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const json = (value: unknown) => JSON.parse(stable(JSON.stringify(value), sandbox));
const args = { organizationSlug: "acme", projectSlug: "backend", uptimeMonitorId: "7300103" };

describe("delete_uptime_monitor", () => {
  it("deletes a monitor and answers what it was; it is gone for the next read", async () => {
    const tools = toolCaller(sandbox);
    const out = await tools.structured("delete_uptime_monitor", args);
    expect(json(out)).toMatchInlineSnapshot(`
      {
        "changed": true,
        "deleted": {
          "downtimeThreshold": 3,
          "environment": "staging",
          "hasBody": true,
          "headerNames": [
            "Content-Type",
          ],
          "id": "7300103",
          "intervalSeconds": 600,
          "method": "POST",
          "name": "Status probe (staging)",
          "owner": {
            "id": "100002",
            "name": "Priya Natarajan",
            "type": "user",
          },
          "project": "backend",
          "recoveryThreshold": 1,
          "responseCaptureEnabled": false,
          "status": "disabled",
          "target": "https://api.staging.acme.example/v1/status",
          "timeoutMs": 5000,
          "traceSampling": false,
          "uptime": "up",
          "url": "https://sentry.example/organizations/acme/insights/uptime/rules/backend/7300103/details/",
        },
        "organization": "acme",
        "project": "backend",
        "summary": "Deleted uptime monitor Status probe (staging) (https://api.staging.acme.example/v1/status) from backend.",
      }
    `);
    expect(JSON.stringify(out)).not.toContain("sandbox-probe-secret");
    expect(textOf(await tools.call("get_uptime_monitor_details", args))).toMatch(/^Not found: /);
  });

  it("names a missing monitor without writing", async () => {
    const rec = recordingFetch();
    const result = await toolCaller(sandbox, { fetch: rec.fetch }).call(
      "delete_uptime_monitor",
      args,
    );
    expect(textOf(result)).toBe(
      "Input error: No uptime monitor 7300103 in project backend (wrong ID, or already deleted); find_uptime_monitors lists them.",
    );
    expect(rec.writes()).toEqual([]);
  });

  it("is refused with a read-only token and the monitor stays", async () => {
    const target = {
      organizationSlug: "acme",
      projectSlug: "frontend",
      uptimeMonitorId: "7300102",
    };
    const denied = await toolCaller(sandbox, { fetch: readOnlyTokenFetch }).call(
      "delete_uptime_monitor",
      target,
    );
    expect(textOf(denied)).toMatch(
      /refused to delete uptime monitor 7300102: the token lacks `project:write`/,
    );
    expect(
      (await toolCaller(sandbox).call("get_uptime_monitor_details", target)).isError,
    ).toBeFalsy();
  });
});
