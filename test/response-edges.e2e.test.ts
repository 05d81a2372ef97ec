/**
 * Response edges through the built CLI over stdio (run `npm run build` first): emoji-dense
 * upstream text cut at `--response-budget` must reach the client without a lone surrogate,
 * in a markdown answer and in structuredContent alike.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../sandbox/server.js";
import { startTestSandbox, TOKEN } from "./harness.js";

const CLI = new URL("../dist/src/cli/index.js", import.meta.url).pathname;
const EMOJI = "😀🚀🔥 ";
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

let sandbox: Sandbox;
let client: Client;
/** Every JSON-RPC line the server wrote, as received (escapes intact). */
const wire: string[] = [];

/** All strings anywhere in a value. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      CLI,
      `--access-token=${TOKEN}`,
      `--host=${sandbox.host}`,
      "--insecure-http",
      "--all-skills",
      "--response-budget=1500",
    ],
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "error" },
    stderr: "pipe",
  });
  client = new Client({ name: "edges-e2e", version: "1.0.0" });
  await client.connect(transport);
  const original = transport.onmessage;
  transport.onmessage = (message) => {
    wire.push(JSON.stringify(message));
    original?.(message);
  };
});

afterAll(async () => {
  await client?.close();
  await sandbox?.close();
});

describe("budget cut on emoji-dense text (built CLI over stdio)", () => {
  it("structuredContent and its JSON text stay well-formed at every cut phase", async () => {
    const reports = sandbox.store.userReports.filter((r) => r.comments);
    expect(reports.length).toBeGreaterThan(0);
    const issueId = sandbox.store.issues.find((i) => i.id === reports[0]!.groupId)!.shortId;
    for (let offset = 0; offset < EMOJI.length; offset++) {
      for (const report of reports) report.comments = `${"x".repeat(offset)}${EMOJI.repeat(400)}`;
      const result = await client.callTool({
        name: "execute_sentry_tool",
        arguments: {
          name: "get_issue_user_reports",
          arguments: { organizationSlug: "acme", issueId },
        },
      });
      const text = strings(result.content).join("");
      expect(result.isError, text).toBeFalsy();
      expect(text).toContain("more characters");
      for (const value of [...strings(result.content), ...strings(result.structuredContent)])
        expect(value).not.toMatch(LONE_SURROGATE);
    }
    expect(wire.join("\n")).not.toMatch(/\\ud[89a-f][0-9a-f]{2}/i);
  });

  it("a markdown answer stays well-formed at every cut phase", async () => {
    for (let offset = 0; offset < EMOJI.length; offset++) {
      for (const issue of sandbox.store.issues)
        issue.title = `${"x".repeat(offset)}${EMOJI.repeat(120)}`;
      const result = await client.callTool({
        name: "search_issues",
        arguments: { organizationSlug: "acme", query: "is:unresolved", limit: 10 },
      });
      expect(result.isError).toBeFalsy();
      const text = strings(result.content).join("");
      expect(text).toContain("Response cut at 1500 characters");
      expect(text).not.toMatch(LONE_SURROGATE);
    }
    expect(wire.join("\n")).not.toMatch(/\\ud[89a-f][0-9a-f]{2}/i);
  });
});
