import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";
import { textOf } from "../../test/write-helpers.js";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const json = (value: unknown) => JSON.parse(stable(JSON.stringify(value), sandbox));

describe("get_uptime_monitor_details", () => {
  it("shows the configuration with header names only", async () => {
    const result = await toolCaller(sandbox).call("get_uptime_monitor_details", {
      organizationSlug: "acme",
      projectSlug: "payments",
      monitorId: "7300101",
    });
    expect(json(result.structuredContent)).toMatchInlineSnapshot(`
      {
        "monitor": {
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
          "status": "active",
          "target": "https://pay.acme.example/healthz",
          "timeoutMs": 10000,
          "traceSampling": false,
          "uptime": "up",
          "url": "https://sentry.example/organizations/acme/insights/uptime/rules/payments/7300101/details/",
        },
        "organization": "acme",
      }
    `);
    expect(JSON.stringify(result)).not.toContain("sandbox-uptime-secret");
  });

  it("names a wrong project or id, and refuses a malformed id", async () => {
    const tools = toolCaller(sandbox);
    const wrong = await tools.call("get_uptime_monitor_details", {
      organizationSlug: "acme",
      projectSlug: "backend",
      monitorId: "7300101",
    });
    expect(textOf(wrong)).toMatch(/^Not found: /);
    const malformed = await tools.call("get_uptime_monitor_details", {
      organizationSlug: "acme",
      projectSlug: "backend",
      monitorId: "abc",
    });
    expect(textOf(malformed)).toMatch(/monitorId: a numeric uptime monitor ID/);
  });
});
