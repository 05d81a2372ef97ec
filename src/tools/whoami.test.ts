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
