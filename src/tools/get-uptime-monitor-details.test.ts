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

/** The query of the latest checks request. */
const checksQuery = () =>
  Object.fromEntries(
    new URLSearchParams(sandbox.requests.findLast((r) => r.path.endsWith("/checks/"))?.query ?? ""),
  );

describe("get_uptime_monitor_details", () => {
  it("shows the configuration with header names only", async () => {
    const result = await toolCaller(sandbox).call("get_uptime_monitor_details", {
      organizationSlug: "acme",
      projectSlug: "payments",
      uptimeMonitorId: "7300101",
      checkLimit: 3,
    });
    expect(checksQuery()).toEqual({ per_page: "3", statsPeriod: "24h" });
    expect(json(result.structuredContent)).toMatchInlineSnapshot(`
      {
        "checks": [
          {
            "durationMs": 199,
            "httpStatus": 200,
            "reason": null,
            "region": "Europe West",
            "status": "success",
            "time": "2026-11-01T11:59:01.200Z",
          },
          {
            "durationMs": 180,
            "httpStatus": 200,
            "reason": null,
            "region": "US East",
            "status": "success",
            "time": "2026-11-01T11:58:01.200Z",
          },
          {
            "durationMs": 409,
            "httpStatus": 200,
            "reason": null,
            "region": "Europe West",
            "status": "success",
            "time": "2026-11-01T11:57:01.200Z",
          },
        ],
        "checksRange": "last 24h",
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
          "responseCaptureEnabled": false,
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

  it("reads checks over period or start and end, as Sentry's statsPeriod/start/end", async () => {
    const tools = toolCaller(sandbox);
    const args = { organizationSlug: "acme", projectSlug: "frontend", uptimeMonitorId: "7300102" };
    const down = (await tools.structured("get_uptime_monitor_details", {
      ...args,
      period: "1h",
    })) as { checks: Array<{ status: string; reason: string | null }>; checksRange: string };
    expect(checksQuery()).toEqual({ per_page: "10", statsPeriod: "1h" });
    expect(down.checksRange).toBe("last 1h");
    expect(down.checks.map((c) => c.status)).toEqual([
      "failure_incident",
      "failure_incident",
      "failure_incident",
      "failure_incident",
      "success",
      "success",
      "success",
      "success",
      "success",
      "success",
    ]);
    const window = (await tools.structured("get_uptime_monitor_details", {
      ...args,
      start: "2026-10-31T00:00:00Z",
      end: "2026-10-31T00:20:00Z",
    })) as { checks: Array<{ time: string }>; checksRange: string };
    expect(checksQuery()).toEqual({
      per_page: "10",
      start: "2026-10-31T00:00:00Z",
      end: "2026-10-31T00:20:00Z",
    });
    expect(window.checks.map((c) => c.time)).toEqual([
      "2026-10-31T00:15:01.200Z",
      "2026-10-31T00:10:01.200Z",
      "2026-10-31T00:05:01.200Z",
      "2026-10-31T00:00:01.200Z",
    ]);
    const both = await tools.call("get_uptime_monitor_details", {
      ...args,
      period: "1h",
      start: "2026-10-31T00:00:00Z",
    });
    expect(textOf(both)).toBe("Input error: Pass either period or start and end, not both.");
  });

  it("names a wrong project or id, and refuses a malformed id", async () => {
    const tools = toolCaller(sandbox);
    const wrong = await tools.call("get_uptime_monitor_details", {
      organizationSlug: "acme",
      projectSlug: "backend",
      uptimeMonitorId: "7300101",
    });
    expect(textOf(wrong)).toMatch(/^Not found: /);
    const malformed = await tools.call("get_uptime_monitor_details", {
      organizationSlug: "acme",
      projectSlug: "backend",
      uptimeMonitorId: "abc",
    });
    expect(textOf(malformed)).toMatch(/uptimeMonitorId: a numeric uptime monitor ID/);
  });
});
