import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const json = (value: unknown) => JSON.parse(stable(JSON.stringify(value), sandbox));

describe("find_uptime_monitors", () => {
  it("lists an organization's monitors without header values or bodies", async () => {
    const result = await toolCaller(sandbox).call("find_uptime_monitors", {
      organizationSlug: "acme",
    });
    expect(json(result.structuredContent)).toMatchInlineSnapshot(`
      {
        "monitors": [
          {
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
          {
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
          {
            "downtimeThreshold": 3,
            "environment": "production",
            "hasBody": false,
            "headerNames": [],
            "id": "7300102",
            "intervalSeconds": 300,
            "method": "GET",
            "name": "Web app home",
            "owner": {
              "id": "4500102",
              "name": "web",
              "type": "team",
            },
            "project": "frontend",
            "recoveryThreshold": 1,
            "responseCaptureEnabled": false,
            "status": "active",
            "target": "https://app.acme.example/",
            "timeoutMs": 5000,
            "traceSampling": true,
            "uptime": "down",
            "url": "https://sentry.example/organizations/acme/insights/uptime/rules/frontend/7300102/details/",
          },
        ],
        "nextCursor": null,
        "organization": "acme",
      }
    `);
    const text = JSON.stringify(result);
    expect(text).not.toContain("sandbox-uptime-secret");
    expect(text).not.toContain("sandbox-probe-secret");
  });

  it("filters by project (also through a pin), environment and query", async () => {
    const tools = toolCaller(sandbox);
    const names = async (args: Record<string, unknown>, caller = tools) =>
      (
        (await caller.structured("find_uptime_monitors", {
          organizationSlug: "acme",
          ...args,
        })) as {
          monitors: Array<{ name: string }>;
        }
      ).monitors.map((m) => m.name);
    expect(await names({ projectSlug: "payments" })).toEqual(["Payments API health"]);
    expect(await names({ environment: "staging" })).toEqual(["Status probe (staging)"]);
    expect(await names({ query: "app.acme" })).toEqual(["Web app home"]);
    const pinned = toolCaller(sandbox, {
      constraints: { organizationSlug: "acme", projectSlug: "frontend" },
    });
    expect(await names({}, pinned)).toEqual(["Web app home"]);
  });

  it("filters by owner and pages with limit, as Sentry's owner and per_page", async () => {
    const tools = toolCaller(sandbox);
    const call = (args: Record<string, unknown>) =>
      tools.structured("find_uptime_monitors", { organizationSlug: "acme", ...args }) as Promise<{
        monitors: Array<{ name: string }>;
        nextCursor: string | null;
      }>;
    const sent = () =>
      Object.fromEntries(new URLSearchParams(sandbox.requests.at(-1)?.query ?? ""));
    const mine = await call({ owner: "myteams" });
    expect(sent()).toMatchObject({ owner: "myteams", per_page: "25" });
    expect(mine.monitors.map((m) => m.name)).toEqual(["Payments API health", "Web app home"]);
    expect((await call({ owner: "user:100002" })).monitors.map((m) => m.name)).toEqual([
      "Status probe (staging)",
    ]);
    expect((await call({ owner: "unassigned" })).monitors).toEqual([]);
    const first = await call({ limit: 1 });
    expect(sent()).toMatchObject({ per_page: "1" });
    expect(first.monitors).toHaveLength(1);
    expect(first.nextCursor).toBe("0:1:0");
  });
});
