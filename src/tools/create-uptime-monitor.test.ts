import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";
import {
  failingFetch,
  readOnlyTokenFetch,
  recordingFetch,
  textOf,
} from "../../test/write-helpers.js";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const json = (value: unknown) => JSON.parse(stable(JSON.stringify(value), sandbox));

describe("create_uptime_monitor", () => {
  it("creates a monitor (owner resolved, secrets not echoed); the next read sees it", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const out = await tools.structured("create_uptime_monitor", {
      organizationSlug: "acme",
      projectSlug: "backend",
      name: "Public API",
      url: "https://api.acme.example/v1/health",
      intervalSeconds: 300,
      headers: [["Authorization", "Bearer token-must-not-echo"]],
      environment: "production",
      owner: "#platform",
    });
    expect(json(out)).toMatchInlineSnapshot(`
      {
        "changed": true,
        "monitor": {
          "downtimeThreshold": 3,
          "environment": "production",
          "hasBody": false,
          "headerNames": [
            "Authorization",
          ],
          "id": "7300202",
          "intervalSeconds": 300,
          "method": "GET",
          "name": "Public API",
          "owner": {
            "id": "4500101",
            "name": "platform",
            "type": "team",
          },
          "project": "backend",
          "recoveryThreshold": 1,
          "responseCaptureEnabled": false,
          "status": "active",
          "target": "https://api.acme.example/v1/health",
          "timeoutMs": 5000,
          "traceSampling": false,
          "uptime": "up",
          "url": "https://sentry.example/organizations/acme/insights/uptime/rules/backend/7300202/details/",
        },
        "organization": "acme",
      }
    `);
    expect(JSON.stringify(out)).not.toContain("token-must-not-echo");
    expect(rec.writes().map((w) => w.body)).toEqual([
      {
        name: "Public API",
        url: "https://api.acme.example/v1/health",
        intervalSeconds: 300,
        timeoutMs: 5000,
        headers: [["Authorization", "Bearer token-must-not-echo"]],
        environment: "production",
        owner: "team:4500101",
      },
    ]);
    const listed = (await tools.structured("find_uptime_monitors", {
      organizationSlug: "acme",
      projectSlug: "backend",
    })) as { monitors: Array<{ name: string }> };
    expect(listed.monitors.map((m) => m.name)).toContain("Public API");
  });

  it("takes the incumbent's fields: team:ID owner, responseCaptureEnabled, method, body, thresholds", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const out = (await tools.structured("create_uptime_monitor", {
      organizationSlug: "acme",
      projectSlug: "backend",
      name: "Webhook probe",
      url: "https://hooks.acme.example/ping",
      intervalSeconds: 600,
      method: "POST",
      body: "{}",
      owner: "team:4500101",
      status: "disabled",
      traceSampling: true,
      responseCaptureEnabled: true,
      recoveryThreshold: 2,
      downtimeThreshold: 5,
    })) as { monitor: Record<string, unknown> };
    expect(rec.writes().map((w) => w.body)).toEqual([
      {
        name: "Webhook probe",
        url: "https://hooks.acme.example/ping",
        intervalSeconds: 600,
        timeoutMs: 5000,
        method: "POST",
        body: "{}",
        owner: "team:4500101",
        status: "disabled",
        traceSampling: true,
        responseCaptureEnabled: true,
        recoveryThreshold: 2,
        downtimeThreshold: 5,
      },
    ]);
    expect(out.monitor).toMatchObject({
      responseCaptureEnabled: true,
      method: "POST",
      hasBody: true,
      status: "disabled",
      owner: { type: "team", id: "4500101" },
    });
  });

  it("validates interval, timeout and URL locally; maps Sentry's 400 and 403", async () => {
    const tools = toolCaller(sandbox);
    const base = {
      organizationSlug: "acme",
      projectSlug: "backend",
      name: "x",
      url: "https://x.example/",
      intervalSeconds: 60,
    };
    expect(
      textOf(await tools.call("create_uptime_monitor", { ...base, intervalSeconds: 45 })),
    ).toMatch(
      /^Input error: Invalid arguments for create_uptime_monitor: intervalSeconds: must be one of 60, 300, 600, 1200, 1800, 3600/,
    );
    expect(
      textOf(await tools.call("create_uptime_monitor", { ...base, timeoutMs: 90_000 })),
    ).toMatch(/timeoutMs/);
    expect(
      textOf(await tools.call("create_uptime_monitor", { ...base, url: "ftp://x.example/" })),
    ).toMatch(/Sentry rejected .*`url`: Enter a valid URL/);
    const upstream = await toolCaller(sandbox, {
      fetch: failingFetch((m) => m === "POST", 400, { url: ["A monitor for this URL exists."] }),
    }).call("create_uptime_monitor", base);
    expect(textOf(upstream)).toBe(
      'Input error: Sentry rejected the request to create uptime monitor "x" in project backend. `url`: A monitor for this URL exists. Pass a full http(s) URL.',
    );
    const denied = await toolCaller(sandbox, { fetch: readOnlyTokenFetch }).call(
      "create_uptime_monitor",
      base,
    );
    expect(textOf(denied)).toMatch(/the token lacks `project:write`/);
  });
});
