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

describe("find_projects", () => {
  it("lists projects", async () => {
    expect(
      await tools.structured("find_projects", { organizationSlug: "acme" }),
    ).toMatchInlineSnapshot(`
      {
        "organization": "acme",
        "projects": [
          {
            "platform": "python",
            "slug": "backend",
          },
          {
            "platform": "javascript-react",
            "slug": "frontend",
          },
          {
            "name": "Mobile App",
            "platform": "android",
            "slug": "mobile-app",
          },
          {
            "platform": "node",
            "slug": "payments",
          },
        ],
      }
    `);
  });

  it("filters by query and uses the pinned org", async () => {
    const pinned = toolCaller(sandbox, { constraints: { organizationSlug: "acme" } });
    const result = (await pinned.structured("find_projects", { query: "pay" })) as {
      projects: Array<{ slug: string }>;
    };
    expect(result.projects.map((p) => p.slug)).toEqual(["payments"]);
  });

  it("reports an unknown org as not found and a bad slug as input error", async () => {
    const missing = await tools.call("find_projects", { organizationSlug: "nope" });
    expect(missing.isError).toBe(true);
    expect(missing.content[0]).toMatchObject({ text: expect.stringMatching(/^Not found: /) });
    const bad = await tools.call("find_projects", { organizationSlug: "a/b" });
    expect(bad.content[0]).toMatchObject({
      text: expect.stringMatching(
        /Invalid arguments for find_projects: organizationSlug: must be an organization slug/,
      ),
    });
    expect(sandbox.requests.some((r) => r.path.includes("a/b") || r.path.includes("a%2Fb"))).toBe(
      false,
    );
  });
});
