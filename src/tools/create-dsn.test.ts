import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";
import { failingFetch, readOnlyTokenFetch, textOf } from "../../test/write-helpers.js";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const json = (value: unknown) => JSON.parse(stable(JSON.stringify(value), sandbox));

describe("create_dsn", () => {
  it("creates a rate-limited key; find_dsns lists it next", async () => {
    const tools = toolCaller(sandbox);
    const out = await tools.structured("create_dsn", {
      organizationSlug: "acme",
      projectSlug: "frontend",
      name: "Marketing site",
      rateLimit: { count: 500, window: 60 },
    });
    expect(json(out)).toMatchInlineSnapshot(`
      {
        "changed": true,
        "key": {
          "active": true,
          "dateCreated": "2026-11-01T12:00:00.000Z",
          "dsn": "https://39e563b5e22bdb187d628b21a89a9253@o4500001.ingest.sandbox.invalid/4500012",
          "id": "39e563b5e22bdb187d628b21a89a9253",
          "name": "Marketing site",
          "rateLimit": {
            "count": 500,
            "window": 60,
          },
        },
        "organization": "acme",
        "project": "frontend",
        "url": "https://sentry.example/settings/acme/projects/frontend/keys/39e563b5e22bdb187d628b21a89a9253/",
      }
    `);
    expect(JSON.stringify(out)).not.toContain(sandbox.store.projectKeys.at(-1)!.secret);
    const keys = (await tools.structured("find_dsns", {
      organizationSlug: "acme",
      projectSlug: "frontend",
    })) as { keys: Array<{ name: string }> };
    expect(keys.keys.map((k) => k.name)).toEqual(["Default", "Marketing site"]);
  });

  it("validates the rate limit locally and maps Sentry's 400 and 403", async () => {
    const tools = toolCaller(sandbox);
    expect(
      textOf(
        await tools.call("create_dsn", {
          organizationSlug: "acme",
          projectSlug: "frontend",
          name: "x",
          rateLimit: { count: 5, window: 100_000 },
        }),
      ),
    ).toMatch(/^Input error: Invalid arguments for create_dsn: rateLimit\.window: /);
    const upstream = await toolCaller(sandbox, {
      fetch: failingFetch((m) => m === "POST", 400, { rateLimit: ["window: too large"] }),
    }).call("create_dsn", { organizationSlug: "acme", projectSlug: "frontend", name: "y" });
    expect(textOf(upstream)).toBe(
      "Input error: Sentry rejected the request to create a client key in project frontend. `rateLimit`: window: too large. Pass rateLimit as {count, window}: count ≥ 0 events per window of 1 to 86400 seconds.",
    );
    const denied = await toolCaller(sandbox, { fetch: readOnlyTokenFetch }).call("create_dsn", {
      organizationSlug: "acme",
      projectSlug: "frontend",
      name: "z",
    });
    expect(textOf(denied)).toMatch(/the token lacks `project:write`/);
  });
});
