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
      active: false,
      rateLimit: null,
    });
    expect(json(out)).toMatchInlineSnapshot(`
      {
        "after": {
          "active": false,
          "dateCreated": "2026-07-04T12:00:00.000Z",
          "dsn": "https://308b9cf70e94b55c412d823b36a9665b@o4500001.ingest.sandbox.invalid/4500011",
          "id": "308b9cf70e94b55c412d823b36a9665b",
          "name": "Celery workers",
          "rateLimit": null,
        },
        "before": {
          "active": true,
          "dateCreated": "2026-07-04T12:00:00.000Z",
          "dsn": "https://308b9cf70e94b55c412d823b36a9665b@o4500001.ingest.sandbox.invalid/4500011",
          "id": "308b9cf70e94b55c412d823b36a9665b",
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
      active: true,
      rateLimit: { count: 100, window: 60 },
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

  it("refuses no change, a malformed or unknown key, and a 403 token", async () => {
    const tools = toolCaller(sandbox);
    const base = { organizationSlug: "acme", projectSlug: "payments" };
    expect(textOf(await tools.call("update_dsn", { ...base, keyId: firstKey(PAYMENTS) }))).toBe(
      "Input error: Pass at least one of name, active or rateLimit (null removes it).",
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
      active: false,
    });
    expect(textOf(denied)).toMatch(
      /refused to update client key [0-9a-f]{32}: the token lacks `project:write`/,
    );
  });
});
