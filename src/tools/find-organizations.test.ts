import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { startTestSandbox, toolCaller } from "../../test/harness.js";

let sandbox: Sandbox;
let tools: ReturnType<typeof toolCaller>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tools = toolCaller(sandbox);
});
afterAll(() => sandbox.close());

describe("find_organizations", () => {
  it("lists orgs with their URLs", async () => {
    const result = (await tools.structured("find_organizations")) as {
      organizations: Array<{ url: string }>;
    };
    const normalized = JSON.parse(JSON.stringify(result).replaceAll(sandbox.url, "SANDBOX"));
    expect(normalized).toMatchInlineSnapshot(`
      {
        "organizations": [
          {
            "name": "Acme Corp",
            "slug": "acme",
            "url": "SANDBOX",
          },
          {
            "name": "Globex",
            "slug": "globex",
            "url": "SANDBOX",
          },
        ],
      }
    `);
  });

  it("is hidden under an organization pin", async () => {
    const pinned = toolCaller(sandbox, { constraints: { organizationSlug: "acme" } });
    const result = await pinned.call("find_organizations");
    expect(result.isError).toBe(true);
    expect(result.content[0]).toMatchObject({
      text: expect.stringMatching(/not available in this session: the session is pinned/),
    });
  });
});
