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

describe("find_teams", () => {
  it("lists teams with members and projects", async () => {
    expect(
      await tools.structured("find_teams", { organizationSlug: "acme" }),
    ).toMatchInlineSnapshot(`
      {
        "organization": "acme",
        "teams": [
          {
            "id": "4500103",
            "members": 2,
            "name": "Mobile",
            "projects": [
              "mobile-app",
            ],
            "slug": "mobile",
          },
          {
            "id": "4500101",
            "members": 3,
            "name": "Platform",
            "projects": [
              "backend",
              "payments",
            ],
            "slug": "platform",
          },
          {
            "id": "4500102",
            "members": 3,
            "name": "Web",
            "projects": [
              "frontend",
            ],
            "slug": "web",
          },
        ],
      }
    `);
  });
});
