import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../sandbox/server.js";
import { startTestSandbox, TOKEN } from "./harness.js";

const CLI = new URL("../dist/src/cli/index.js", import.meta.url).pathname;

let sandbox: Sandbox;
let client: Client;
let stderr = "";

async function connect(args: string[]): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, ...args],
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "debug" },
    stderr: "pipe",
  });
  transport.stderr?.on("data", (chunk) => {
    stderr += String(chunk);
  });
  const c = new Client({ name: "e2e", version: "1.0.0" });
  await c.connect(transport);
  return c;
}

function textOf(result: Awaited<ReturnType<Client["callTool"]>>): string {
  return (result.content as Array<{ type: string; text?: string }>)
    .map((c) => c.text ?? "")
    .join("\n");
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
  client = await connect([
    `--access-token=${TOKEN}`,
    `--host=${sandbox.host}`,
    "--insecure-http",
    "--all-skills",
  ]);
});

afterAll(async () => {
  await client?.close();
  await sandbox?.close();
});

describe("stdio end to end (built CLI, real SDK client, sandbox over HTTP)", () => {
  it("lists the direct surface", async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "whoami",
        "find_organizations",
        "search_issues",
        "get_issue_details",
        "search_sentry_tools",
        "execute_sentry_tool",
      ]),
    );
    expect(tools.length).toBeLessThanOrEqual(10);
  });

  it("whoami", async () => {
    const result = await client.callTool({ name: "whoami", arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ id: expect.any(String) });
  });

  it("find_organizations, find_projects and find_teams (via execute)", async () => {
    const orgs = await client.callTool({ name: "find_organizations", arguments: {} });
    expect(
      (orgs.structuredContent as { organizations: Array<{ slug: string }> }).organizations.map(
        (o) => o.slug,
      ),
    ).toContain("acme");
    const projects = await client.callTool({
      name: "find_projects",
      arguments: { organizationSlug: "acme" },
    });
    expect(
      (projects.structuredContent as { projects: unknown[] }).projects.length,
    ).toBeGreaterThanOrEqual(3);
    const teams = await client.callTool({
      name: "execute_sentry_tool",
      arguments: { toolName: "find_teams", arguments: { organizationSlug: "acme" } },
    });
    expect(teams.isError).toBeFalsy();
    expect((teams.structuredContent as { teams: unknown[] }).teams.length).toBeGreaterThanOrEqual(
      2,
    );
  });

  it("search_issues then get_issue_details on the first hit", async () => {
    const list = await client.callTool({
      name: "search_issues",
      arguments: { organizationSlug: "acme", query: "is:unresolved", limit: 5 },
    });
    const text = textOf(list);
    expect(list.isError).toBeFalsy();
    const shortId = /\*\*([A-Z0-9-]+-[A-Z0-9]+)\*\*/.exec(text)?.[1];
    expect(shortId).toBeTruthy();
    const details = await client.callTool({
      name: "get_issue_details",
      arguments: { organizationSlug: "acme", issueId: shortId },
    });
    expect(details.isError).toBeFalsy();
    expect(textOf(details)).toContain(`# Issue ${shortId}`);
  });

  it("turns bad input into an isError result, not a protocol error", async () => {
    const result = await client.callTool({
      name: "get_issue_details",
      arguments: { organizationSlug: "acme", issueId: "../../x" },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/not an issue ID/);
  });

  it("never writes the token to stderr", () => {
    expect(stderr).not.toContain(TOKEN);
  });
});

describe("CLI errors", () => {
  it("exits 1 with one line for a bad flag", async () => {
    const { spawnSync } = await import("node:child_process");
    const run = spawnSync(process.execPath, [CLI, "--nope"], {
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "" },
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    const noToken = spawnSync(process.execPath, [CLI], {
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "" },
    });
    expect(noToken.status).toBe(1);
    expect(noToken.stderr).toMatch(/No access token/);
  });
});
