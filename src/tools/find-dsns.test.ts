import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";
import { readOnlyTokenFetch, textOf } from "../../test/write-helpers.js";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const json = (value: unknown) => JSON.parse(stable(JSON.stringify(value), sandbox));

describe("find_dsns", () => {
  it("lists keys with public DSN, state and rate limit, never the secret", async () => {
    const result = await toolCaller(sandbox).call("find_dsns", {
      organizationSlug: "acme",
      projectSlug: "backend",
    });
    expect(json(result.structuredContent)).toMatchInlineSnapshot(`
      {
        "keys": [
          {
            "active": true,
            "dateCreated": "2024-09-12T12:00:00.000Z",
            "dsn": "https://49dfe08cbf16ffe67558616ba4e38684@o4500001.ingest.sandbox.invalid/4500011",
            "id": "49dfe08cbf16ffe67558616ba4e38684",
            "name": "Default",
            "rateLimit": null,
          },
          {
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
        ],
        "nextCursor": null,
        "organization": "acme",
        "project": "backend",
        "url": "https://sentry.example/settings/acme/projects/backend/keys/",
      }
    `);
    const secrets = sandbox.store.projectKeys.map((k) => k.secret);
    const text = JSON.stringify(result);
    for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it("filters by active state; works with a read-only token and under a project pin", async () => {
    const inactive = (await toolCaller(sandbox, { fetch: readOnlyTokenFetch }).structured(
      "find_dsns",
      { organizationSlug: "acme", projectSlug: "mobile-app", active: false },
    )) as { keys: Array<{ name: string; active: boolean }> };
    expect(inactive.keys).toEqual([
      expect.objectContaining({ name: "Legacy Android 2.x", active: false }),
    ]);
    const pinned = toolCaller(sandbox, {
      constraints: { organizationSlug: "acme", projectSlug: "payments" },
      skills: ["inspect"],
    });
    const keys = (await pinned.structured("find_dsns", {})) as { project: string };
    expect(keys.project).toBe("payments");
  });

  it("names an unknown project", async () => {
    const result = await toolCaller(sandbox).call("find_dsns", {
      organizationSlug: "acme",
      projectSlug: "nope",
    });
    expect(textOf(result)).toMatch(/^Not found: /);
  });
});
