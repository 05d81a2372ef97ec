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

describe("whoami", () => {
  it("returns the token's user", async () => {
    expect(await tools.structured("whoami")).toMatchInlineSnapshot(`
      {
        "email": "dana.reyes@acme.example",
        "id": "100001",
        "name": "Dana Reyes",
        "username": "dana.reyes",
      }
    `);
  });

  it("reports a rejected token as an auth error", async () => {
    const bad = toolCaller(sandbox, {
      fetch: ((url: string | URL, init?: RequestInit) =>
        fetch(url, {
          ...init,
          headers: { ...(init?.headers as object), Authorization: "Bearer wrong" },
        })) as typeof fetch,
    });
    const result = await bad.call("whoami");
    expect(result.isError).toBe(true);
    expect(result.content[0]).toMatchObject({
      text: expect.stringMatching(/^Authentication failed: Invalid token/),
    });
  });
});

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
