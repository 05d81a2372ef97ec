/**
 * End to end over stdio (the built CLI): the triage writes of issue 21 — bulk triage with its
 * dry run, ticket links and new tickets — each read back through the MCP tools. Run
 * `npm run build` first.
 */

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../sandbox/server.js";
import { startTestSandbox, TOKEN } from "./harness.js";

const CLI = new URL("../dist/src/cli/index.js", import.meta.url).pathname;

let sandbox: Sandbox;
let client: Client;

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
    ],
    env: { PATH: process.env.PATH ?? "" },
    stderr: "pipe",
  });
  client = new Client({ name: "e2e-triage", version: "1.0.0" });
  await client.connect(transport);
});

afterAll(async () => {
  await client?.close();
  await sandbox?.close();
});

type Result = Awaited<ReturnType<Client["callTool"]>>;
const textOf = (r: Result) =>
  (r.content as Array<{ type: string; text?: string }>).map((c) => c.text ?? "").join("\n");

async function run(toolName: string, args: Record<string, unknown>) {
  const result = await client.callTool({
    name: "execute_sentry_tool",
    arguments: { toolName, arguments: { organizationSlug: "acme", ...args } },
  });
  if (result.isError) throw new Error(`${toolName}: ${textOf(result)}`);
  // biome-ignore lint/suspicious/noExplicitAny: structured payloads are read loosely here
  return result.structuredContent as any;
}

describe("triage writes over stdio", () => {
  it("bulk: a dry run changes nothing; the real run shows in search_issues", async () => {
    const args = { query: "is:unresolved project:mobile-app", limit: 2, status: "ignored" };
    const dry = await run("bulk_update_issues", args);
    expect(dry.dryRun).toBe(true);
    expect(dry.changing).toBe(2);
    const ids: string[] = dry.issues.map((i: { shortId: string }) => i.shortId);
    const before = await client.callTool({
      name: "search_issues",
      arguments: { organizationSlug: "acme", query: "is:ignored project:mobile-app" },
    });
    for (const id of ids) expect(textOf(before)).not.toContain(id);
    const done = await run("bulk_update_issues", {
      issueIds: ids,
      status: "ignored",
      dryRun: false,
    });
    expect(done.applied).toBe(true);
    const after = await client.callTool({
      name: "search_issues",
      arguments: { organizationSlug: "acme", query: "is:ignored project:mobile-app" },
    });
    for (const id of ids) expect(textOf(after)).toContain(id);
  });

  it("tickets: create a Jira ticket, link a GitHub issue, unlink it; the links show each step", async () => {
    const created = await run("create_external_issue", {
      issueId: "PAYMENTS-3",
      integrationId: "3100001",
      fields: { project: "PAY" },
    });
    expect(created.created).toBe(true);
    expect(created.ticket.key).toMatch(/^PAY-\d+$/);
    const url = "https://github.com/acme-corp/payments-service/issues/31";
    expect((await run("link_issue", { issueId: "PAYMENTS-3", externalIssueUrl: url })).status).toBe(
      "linked",
    );
    const again = await run("link_issue", { issueId: "PAYMENTS-3", externalIssueUrl: url });
    expect(again.status).toBe("already_linked");
    const unlinked = await run("unlink_issue", { issueId: "PAYMENTS-3", externalIssueUrl: url });
    expect(unlinked.summary).toBe(
      "Unlinked acme-corp/payments-service#31 from PAYMENTS-3; the ticket itself is unchanged.",
    );
    const gone = await run("unlink_issue", { issueId: "PAYMENTS-3", externalIssueUrl: url });
    expect(gone.summary).toBe(`Nothing to change: PAYMENTS-3 is not linked to ${url}.`);
    // the Jira ticket stays linked: creating again reports it as linked before
    const dry = await run("create_external_issue", {
      issueId: "PAYMENTS-3",
      integrationId: "3100001",
      dryRun: true,
    });
    expect(dry.alreadyLinked).toEqual([created.ticket.key]);
  });
});
