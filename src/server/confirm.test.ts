/**
 * Destructive tools ask the user first when the client can ask: elicitation/create for 2025-era
 * clients (v1 SDK client in memory), an input_required elicitation for 2026-07-28 clients (v2 SDK
 * client over the HTTP app). Accepted runs the write, declined changes nothing and says so, and a
 * client without elicitation keeps the plain behaviour.
 */
import {
  Client as ModernClient,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { connectInMemory, startTestSandbox, TOKEN } from "../../test/harness.js";
import { recordingFetch } from "../../test/write-helpers.js";
import { defaultConfig } from "../config.js";
import { createHttpApp } from "../http/app.js";
import { openSqliteStore } from "../http/store/sqlite.js";

// The sandbox keeps writes: a fresh one per test, so every test starts from an unresolved issue.
let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await startTestSandbox();
});
afterEach(() => sandbox.close());

const RESOLVE = { organizationSlug: "acme", issueId: "BACKEND-1K", status: "resolved" };
type Answer = {
  action: "accept" | "decline" | "cancel";
  content?: Record<string, string | number | boolean>;
};
const textOf = (result: object) =>
  ((result as { content: Array<{ text?: string }> }).content ?? [])
    .map((c) => c.text ?? "")
    .join("\n");
const issueWrites = (rec: ReturnType<typeof recordingFetch>) =>
  rec.writes().filter((w) => w.path.includes("/issues/"));

/** 2025: the v1 client in memory; `answer` undefined = no elicitation capability. */
async function call2025(answer: Answer | undefined, tool = "update_issue", args: object = RESOLVE) {
  const rec = recordingFetch();
  const asked: Array<{ message: string; requestedSchema: unknown }> = [];
  const session = await connectInMemory(sandbox, {
    fetch: rec.fetch,
    skills: ["inspect", "triage"],
    ...(answer ? { clientCapabilities: { elicitation: {} } } : {}),
  });
  if (answer)
    session.client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params as (typeof asked)[number]);
      return answer;
    });
  const result = await session.client.callTool({ name: tool, arguments: { ...args } });
  await session.close();
  return { result, asked, writes: issueWrites(rec) };
}

/** 2026-07-28: the v2 client, pinned to the revision, against the HTTP app in process. */
async function call2026(answer: Answer | undefined, tool = "update_issue", args: object = RESOLVE) {
  const rec = recordingFetch();
  const app = createHttpApp({
    config: defaultConfig({ sentryUrl: sandbox.url, skills: ["inspect", "triage"] }),
    allowedHosts: new Set(["mcp.test"]),
    service: { store: openSqliteStore(":memory:", { sweepMs: 0 }) },
    fetch: rec.fetch,
  });
  const asked: Array<{ message: string }> = [];
  const client = new ModernClient(
    { name: "e2e-2026", version: "1.0.0" },
    {
      capabilities: answer ? { elicitation: { form: {} } } : {},
      versionNegotiation: { mode: { pin: "2026-07-28" } },
    },
  );
  if (answer)
    client.setRequestHandler("elicitation/create", async (request) => {
      asked.push(request.params as { message: string });
      return answer;
    });
  const transport = new StreamableHTTPClientTransport(
    new URL("http://mcp.test/mcp?skills=inspect,triage"),
    {
      fetch: (input, init) => {
        const headers = new Headers(init?.headers);
        headers.set("host", "mcp.test");
        return Promise.resolve(app.request(String(input), { ...init, headers }));
      },
      requestInit: { headers: { authorization: `Sentry-Bearer ${TOKEN}` } },
    },
  );
  await client.connect(transport);
  const result = await client.callTool({ name: tool, arguments: { ...args } });
  await client.close();
  return { result, asked, writes: issueWrites(rec) };
}

const revisions = [
  ["2025-11-25", call2025],
  ["2026-07-28", call2026],
] as const;

describe.each(revisions)("confirming destructive tools (%s)", (_revision, call) => {
  it("asks, and runs the write once the user accepts", async () => {
    const { result, asked, writes } = await call({ action: "accept", content: { confirm: true } });
    expect(result.isError).toBeFalsy();
    expect(asked).toHaveLength(1);
    expect(asked[0].message).toBe(
      'Sentry: Update Issue: Resolve, Assign or Ignore (update_issue) changes data in Sentry. Run it with {"organizationSlug":"acme","issueId":"BACKEND-1K","status":"resolved"}?',
    );
    expect(writes.map((w) => w.method)).toEqual(["PUT"]);
  });

  it("changes nothing and says so when the user declines", async () => {
    const { result, asked, writes } = await call({ action: "decline" });
    expect(asked).toHaveLength(1);
    expect(writes).toEqual([]);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      "Not run: the user did not confirm update_issue. Nothing was changed in Sentry. Ask the user before trying again.",
    );
  });

  it("treats an accepted form without the box ticked as a no", async () => {
    const { result, writes } = await call({ action: "accept", content: { confirm: false } });
    expect(writes).toEqual([]);
    expect(textOf(result)).toMatch(/^Not run: the user did not confirm update_issue\./);
  });

  it("keeps today's behaviour for a client without elicitation", async () => {
    const { result, asked, writes } = await call(undefined);
    expect(result.isError).toBeFalsy();
    expect(asked).toEqual([]);
    expect(writes.map((w) => w.method)).toEqual(["PUT"]);
  });

  it("asks about the tool execute_sentry_tool runs, and never about read-only ones", async () => {
    const declined = await call({ action: "decline" }, "execute_sentry_tool", {
      toolName: "update_issue",
      arguments: RESOLVE,
    });
    expect(declined.asked.map((a) => a.message.split(" changes")[0])).toEqual([
      "Sentry: Update Issue: Resolve, Assign or Ignore (update_issue)",
    ]);
    expect(declined.writes).toEqual([]);
    const read = await call({ action: "decline" }, "find_organizations", {});
    expect(read.asked).toEqual([]);
    expect(read.result.isError).toBeFalsy();
  });
});
