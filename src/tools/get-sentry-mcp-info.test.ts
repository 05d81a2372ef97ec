import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { startTestSandbox, toolCaller } from "../../test/harness.js";
import { recordingFetch } from "../../test/write-helpers.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

describe("get_sentry_mcp_info", () => {
  it("names the server and what a read-only, pinned session may do, without calling Sentry", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, {
      readOnly: true,
      fetch: rec.fetch,
      constraints: { organizationSlug: "acme", projectSlug: "backend" },
    });
    const out = (await tools.structured("get_sentry_mcp_info")) as {
      capabilities: { tools: number };
    };
    expect(out.capabilities.tools).toBe(tools.catalog.tools().length);
    // the count moves as tools are added; the snapshot shows the rest
    expect({
      ...out,
      capabilities: { ...out.capabilities, tools: "<count>" },
    }).toMatchInlineSnapshot(`
      {
        "capabilities": {
          "experimental": false,
          "organizationPin": "acme",
          "projectPin": "backend",
          "readOnly": true,
          "tools": "<count>",
          "writeTools": [],
        },
        "name": "Sentry MCP",
        "version": "0.1.0",
      }
    `);
    expect(rec.sent).toEqual([]);
  });

  it("lists the write tools a session with every skill may call", async () => {
    const out = (await toolCaller(sandbox).structured("get_sentry_mcp_info")) as {
      capabilities: { readOnly: boolean; writeTools: string[] };
    };
    expect(out.capabilities.readOnly).toBe(false);
    expect(out.capabilities.writeTools).toEqual(
      expect.arrayContaining([
        "bulk_update_issues",
        "link_issue",
        "update_issue",
        "create_project",
      ]),
    );
    const inspect = (await toolCaller(sandbox, { skills: ["inspect"] }).structured(
      "get_sentry_mcp_info",
    )) as { capabilities: { writeTools: string[] } };
    // onboarding_status_update writes (onboarding progress) and comes with every skill, as upstream.
    expect(inspect.capabilities.writeTools).toEqual(["onboarding_status_update"]);
  });
});
