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
const base = { organizationSlug: "acme", projectSlug: "payments", uptimeMonitorId: "7300101" };

describe("update_uptime_monitor", () => {
  it("pauses a monitor and slows it down, answering before → after", async () => {
    const tools = toolCaller(sandbox);
    const out = await tools.structured("update_uptime_monitor", {
      ...base,
      status: "disabled",
      intervalSeconds: 300,
      owner: "me",
    });
    expect(json(out)).toMatchInlineSnapshot(`
      {
        "after": {
          "downtimeThreshold": 3,
          "environment": "production",
          "hasBody": false,
          "headerNames": [
            "Accept",
            "Authorization",
          ],
          "id": "7300101",
          "intervalSeconds": 300,
          "method": "GET",
          "name": "Payments API health",
          "owner": {
            "id": "100001",
            "name": "Dana Reyes",
            "type": "user",
          },
          "project": "payments",
          "recoveryThreshold": 1,
          "responseCaptureEnabled": false,
          "status": "disabled",
          "target": "https://pay.acme.example/healthz",
          "timeoutMs": 10000,
          "traceSampling": false,
          "uptime": "up",
          "url": "https://sentry.example/organizations/acme/insights/uptime/rules/payments/7300101/details/",
        },
        "before": {
          "downtimeThreshold": 3,
          "environment": "production",
          "hasBody": false,
          "headerNames": [
            "Accept",
            "Authorization",
          ],
          "id": "7300101",
          "intervalSeconds": 60,
          "method": "GET",
          "name": "Payments API health",
          "owner": {
            "id": "4500101",
            "name": "platform",
            "type": "team",
          },
          "project": "payments",
          "recoveryThreshold": 1,
          "responseCaptureEnabled": false,
          "status": "active",
          "target": "https://pay.acme.example/healthz",
          "timeoutMs": 10000,
          "traceSampling": false,
          "uptime": "up",
          "url": "https://sentry.example/organizations/acme/insights/uptime/rules/payments/7300101/details/",
        },
        "changed": true,
        "changes": [
          "intervalSeconds: 60 → 300",
          "status: active → disabled",
          "owner: #platform → Dana Reyes",
        ],
        "organization": "acme",
        "summary": "Updated uptime monitor Payments API health: intervalSeconds: 60 → 300; status: active → disabled; owner: #platform → Dana Reyes.",
      }
    `);
    const read = (await tools.structured("get_uptime_monitor_details", base)) as {
      monitor: { status: string; intervalSeconds: number };
    };
    expect(read.monitor).toMatchObject({ status: "disabled", intervalSeconds: 300 });
  });

  it("clears owner and environment with null and sets responseCaptureEnabled", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const out = (await tools.structured("update_uptime_monitor", {
      organizationSlug: "acme",
      projectSlug: "frontend",
      uptimeMonitorId: "7300102",
      owner: null,
      environment: null,
      responseCaptureEnabled: true,
    })) as { changes: string[] };
    expect(rec.writes().map((w) => w.body)).toEqual([
      { owner: null, environment: null, responseCaptureEnabled: true },
    ]);
    expect(out.changes).toEqual([
      "environment: production → none",
      "owner: #web → none",
      "responseCaptureEnabled: false → true",
    ]);
  });

  it("replaces headers without showing values; values already set are not sent", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const headers = (await tools.structured("update_uptime_monitor", {
      ...base,
      headers: [
        ["Accept", "application/json"],
        ["Authorization", "Bearer rotated-secret"],
      ],
    })) as { changes: string[] };
    expect(headers.changes).toEqual(["headers: values replaced"]);
    expect(JSON.stringify(headers)).not.toContain("rotated-secret");
    const same = (await tools.structured("update_uptime_monitor", {
      ...base,
      status: "disabled",
      timeoutMs: 10_000,
    })) as { changed: boolean; summary: string };
    expect(same).toMatchObject({
      changed: false,
      summary: "Nothing to change: uptime monitor Payments API health already has these values.",
    });
    expect(rec.writes()).toHaveLength(1);
  });

  it("needs a change; maps 403 and unknown owners", async () => {
    const tools = toolCaller(sandbox);
    expect(textOf(await tools.call("update_uptime_monitor", base))).toMatch(
      /^Input error: Pass at least one field to change: name, url, /,
    );
    expect(textOf(await tools.call("update_uptime_monitor", { ...base, owner: "#nope" }))).toMatch(
      /No team "nope"/,
    );
    const denied = await toolCaller(sandbox, { fetch: readOnlyTokenFetch }).call(
      "update_uptime_monitor",
      { ...base, status: "active" },
    );
    expect(textOf(denied)).toMatch(
      /refused to update uptime monitor 7300101: the token lacks `project:write`/,
    );
  });
});
