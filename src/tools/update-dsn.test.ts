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
const PAYMENTS = "4500014";
const firstKey = (projectId: string) =>
  sandbox.store.projectKeys.find((k) => k.projectId === projectId && k.seq === 1)!.id;
const keyOf = (name: string, projectId = "4500011") =>
  sandbox.store.projectKeys.find((k) => k.name === name && k.projectId === projectId)!.id;

describe("update_dsn", () => {
  it("switches a key off and removes its rate limit, answering before → after", async () => {
    const tools = toolCaller(sandbox);
    const out = await tools.structured("update_dsn", {
      organizationSlug: "acme",
      projectSlug: "backend",
      keyId: keyOf("Celery workers"),
      isActive: false,
      disableRateLimit: true,
    });
    expect(json(out)).toMatchInlineSnapshot(`
      {
        "after": {
          "active": false,
          "browserSdkVersion": "9.x",
          "dateCreated": "2026-07-04T12:00:00.000Z",
          "dsn": "https://308b9cf70e94b55c412d823b36a9665b@o4500001.ingest.sandbox.invalid/4500011",
          "id": "308b9cf70e94b55c412d823b36a9665b",
          "loader": {
            "hasDebug": false,
            "hasFeedback": false,
            "hasLogsAndMetrics": false,
            "hasPerformance": true,
            "hasReplay": true,
          },
          "name": "Celery workers",
          "rateLimit": null,
        },
        "before": {
          "active": true,
          "browserSdkVersion": "9.x",
          "dateCreated": "2026-07-04T12:00:00.000Z",
          "dsn": "https://308b9cf70e94b55c412d823b36a9665b@o4500001.ingest.sandbox.invalid/4500011",
          "id": "308b9cf70e94b55c412d823b36a9665b",
          "loader": {
            "hasDebug": false,
            "hasFeedback": false,
            "hasLogsAndMetrics": false,
            "hasPerformance": true,
            "hasReplay": true,
          },
          "name": "Celery workers",
          "rateLimit": {
            "count": 1000,
            "window": 60,
          },
        },
        "changed": true,
        "changes": [
          "active: true → false",
          "rateLimit: 1000 per 60s → none",
        ],
        "organization": "acme",
        "project": "backend",
        "summary": "Updated key Celery workers: active: true → false; rateLimit: 1000 per 60s → none.",
        "url": "https://sentry.example/settings/acme/projects/backend/keys/308b9cf70e94b55c412d823b36a9665b/",
      }
    `);
    const keys = (await tools.structured("find_dsns", {
      organizationSlug: "acme",
      projectSlug: "backend",
      active: false,
    })) as { keys: Array<{ name: string; rateLimit: unknown }> };
    expect(keys.keys).toEqual([
      expect.objectContaining({ name: "Celery workers", rateLimit: null }),
    ]);
  });

  it("sends only what differs and reports values already set", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const args = {
      organizationSlug: "acme",
      projectSlug: "payments",
      keyId: firstKey(PAYMENTS),
    };
    const renamed = (await tools.structured("update_dsn", {
      ...args,
      name: "Payments API",
      isActive: true,
      rateLimitWindow: 60,
      rateLimitCount: 100,
    })) as { changes: string[] };
    expect(rec.writes().map((w) => w.body)).toEqual([
      { name: "Payments API", rateLimit: { count: 100, window: 60 } },
    ]);
    expect(renamed.changes).toEqual([
      "name: Default → Payments API",
      "rateLimit: none → 100 per 60s",
    ]);
    const again = (await tools.structured("update_dsn", { ...args, name: "Payments API" })) as {
      changed: boolean;
      summary: string;
    };
    expect(again).toMatchObject({
      changed: false,
      summary: "Nothing to change: key Payments API already has these values.",
    });
    expect(rec.writes()).toHaveLength(1);
  });

  it("sets the JavaScript loader's SDK version and options; 0 or disableRateLimit removes a limit", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const args = { organizationSlug: "acme", projectSlug: "backend", keyId: keyOf("Default") };
    const out = (await tools.structured("update_dsn", {
      ...args,
      browserSdkVersion: "8.x",
      loaderHasReplay: false,
      loaderHasPerformance: true,
      loaderHasDebug: true,
      loaderHasFeedback: true,
      loaderHasLogsAndMetrics: true,
    })) as { changes: string[]; after: { browserSdkVersion: string; loader: object } };
    expect(rec.writes().map((w) => w.body)).toEqual([
      {
        browserSdkVersion: "8.x",
        dynamicSdkLoaderOptions: {
          hasReplay: false,
          hasDebug: true,
          hasFeedback: true,
          hasLogsAndMetrics: true,
        },
      },
    ]);
    expect(out.changes).toEqual([
      "browserSdkVersion: 9.x → 8.x",
      "loader hasReplay: true → false",
      "loader hasDebug: false → true",
      "loader hasFeedback: false → true",
      "loader hasLogsAndMetrics: false → true",
    ]);
    expect(out.after).toMatchObject({
      browserSdkVersion: "8.x",
      loader: {
        hasReplay: false,
        hasPerformance: true,
        hasDebug: true,
        hasFeedback: true,
        hasLogsAndMetrics: true,
      },
    });
    await tools.structured("update_dsn", { ...args, rateLimitWindow: 60, rateLimitCount: 5 });
    const zero = (await tools.structured("update_dsn", {
      ...args,
      rateLimitWindow: 0,
      rateLimitCount: 0,
    })) as { changes: string[] };
    expect(zero.changes).toEqual(["rateLimit: 5 per 60s → none"]);
    expect(rec.writes().at(-1)?.body).toEqual({ rateLimit: { count: null, window: null } });
    const half = await tools.call("update_dsn", { ...args, rateLimitWindow: 60 });
    expect(textOf(half)).toBe(
      "Input error: rateLimitWindow and rateLimitCount go together; pass both.",
    );
    const both = await tools.call("update_dsn", {
      ...args,
      rateLimitWindow: 60,
      rateLimitCount: 5,
      disableRateLimit: true,
    });
    expect(textOf(both)).toBe(
      "Input error: Pass either a rate limit or disableRateLimit: true, not both.",
    );
    const badVersion = await tools.call("update_dsn", { ...args, browserSdkVersion: "4.x" });
    expect(textOf(badVersion)).toMatch(/Sentry rejected .*`browserSdkVersion`/);
  });

  it("refuses no change, a malformed or unknown key, and a 403 token", async () => {
    const tools = toolCaller(sandbox);
    const base = { organizationSlug: "acme", projectSlug: "payments" };
    expect(textOf(await tools.call("update_dsn", { ...base, keyId: firstKey(PAYMENTS) }))).toBe(
      "Input error: Pass at least one of name, isActive, rateLimitWindow with rateLimitCount, disableRateLimit, browserSdkVersion, loaderHasReplay, loaderHasPerformance, loaderHasDebug, loaderHasFeedback, loaderHasLogsAndMetrics.",
    );
    expect(textOf(await tools.call("update_dsn", { ...base, keyId: "xyz", name: "a" }))).toMatch(
      /keyId: a key ID: 32 hexadecimal characters/,
    );
    expect(
      textOf(await tools.call("update_dsn", { ...base, keyId: "0".repeat(32), name: "a" })),
    ).toBe(
      "Input error: No client key 00000000000000000000000000000000 in project payments; find_dsns lists the keys.",
    );
    const denied = await toolCaller(sandbox, { fetch: readOnlyTokenFetch }).call("update_dsn", {
      ...base,
      keyId: firstKey(PAYMENTS),
      isActive: false,
    });
    expect(textOf(denied)).toMatch(
      /refused to update client key [0-9a-f]{32}: the token lacks `project:write`/,
    );
  });
});
