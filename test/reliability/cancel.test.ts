/**
 * A cancelled MCP request aborts its upstream requests: the sandbox sees the connection close
 * and gets nothing more for that call.
 */

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { connectInMemory, startTestSandbox } from "../harness.js";

let sandbox: Sandbox;
let mcp: Awaited<ReturnType<typeof connectInMemory>>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  mcp = await connectInMemory(sandbox, { skills: ["inspect", "docs"], retryBudgetMs: 2_000 });
});
afterAll(async () => {
  await mcp.close();
  await sandbox.close();
});
beforeEach(() => sandbox.faults.clear());

async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("cancellation", () => {
  it.each([
    ["get_issue_details", { organizationSlug: "acme", issueId: "BACKEND-1A" }, "/api/0/**"],
    ["search_issues", { organizationSlug: "acme" }, "/api/0/**"],
    ["get_doc", { path: "/platforms/python/" }, "/docs/**"],
  ])("%s: the held upstream request is dropped and nothing follows", async (name, args, path) => {
    sandbox.faults.set({ path, kind: "slow", delayMs: 10_000 });
    const controller = new AbortController();
    const started = Date.now();
    const call = mcp.client
      .callTool({ name, arguments: args }, undefined, { signal: controller.signal })
      .then(
        () => "answered",
        (error: Error) => error.message,
      );
    await until(() => sandbox.faults.hits.length > 0);
    controller.abort("user cancelled");
    expect(await call).toMatch(/cancel|abort/i);
    await until(() => sandbox.faults.hits.every((h) => h.aborted), 2_000);
    const seen = sandbox.requests.length;
    await new Promise((r) => setTimeout(r, 300));
    expect(sandbox.requests.length).toBe(seen);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("also stops a retry that is waiting out a Retry-After", async () => {
    sandbox.faults.set({ path: "/api/0/**", kind: "rate-limit", retryAfter: 1 });
    const controller = new AbortController();
    const call = mcp.client
      .callTool({ name: "find_projects", arguments: { organizationSlug: "acme" } }, undefined, {
        signal: controller.signal,
      })
      .catch((error: Error) => error.message);
    await until(() => sandbox.faults.hits.length > 0);
    controller.abort();
    await call;
    const seen = sandbox.requests.length;
    await new Promise((r) => setTimeout(r, 1_300));
    expect(sandbox.requests.length).toBe(seen);
  });

  it("leaves the session usable", async () => {
    const result = await mcp.client.callTool({
      name: "find_projects",
      arguments: { organizationSlug: "acme" },
    });
    expect(result.isError).toBeFalsy();
  });
});
