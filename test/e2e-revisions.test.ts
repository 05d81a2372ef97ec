/**
 * Both protocol revisions end to end against the built CLI (stdio, and `serve` over HTTP), with the
 * official clients: the v2 SDK client pinned to 2026-07-28 (server/discover, per-request _meta,
 * input_required sampling) and the v1 SDK client (initialize, 2025-11-25, sampling/createMessage).
 * Each calls a tool, gets a prompt, completes a prompt argument and answers a sampling request
 * (except the v1 client over stateless HTTP, where the server cannot send requests to the client).
 */

import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttp,
} from "@modelcontextprotocol/client";
import { StdioClientTransport as ModernStdio } from "@modelcontextprotocol/client/stdio";
import { Client as LegacyClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as LegacyStdio } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as LegacyHttp } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CreateMessageRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../sandbox/server.js";
import { startTestSandbox, TOKEN } from "./harness.js";

const CLI = new URL("../dist/src/cli/index.js", import.meta.url).pathname;
/** No LLM keys: the `client` agent provider (the client's own model) is the one in use. */
const ENV = { PATH: process.env.PATH ?? "" };

let sandbox: Sandbox;
let serve: ChildProcess;
let mcpUrl: URL;

const cliArgs = () => [
  `--access-token=${TOKEN}`,
  `--host=${sandbox.host}`,
  "--insecure-http",
  "--all-skills",
];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
  const port = await freePort();
  serve = spawn(process.execPath, [CLI, "serve", `--port=${port}`, ...cliArgs()], {
    env: ENV,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  await new Promise<void>((resolve, reject) => {
    serve.stderr?.on("data", (chunk) => {
      stderr += String(chunk);
      if (stderr.includes("listening at")) resolve();
    });
    serve.once("exit", (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
  });
  mcpUrl = new URL(`http://127.0.0.1:${port}/mcp`);
});

afterAll(async () => {
  serve?.kill();
  await sandbox?.close();
});

const MODEL_ANSWER = {
  model: "client-model-1",
  role: "assistant" as const,
  content: {
    type: "text" as const,
    text: '{"query":"is:unresolved assigned:me","sort":"date","period":"24h","explanation":"Assigned to the user in the last day."}',
  },
};
const NATURAL_SEARCH = {
  organizationSlug: "acme",
  naturalLanguageQuery: "what is assigned to me since yesterday",
};

/** What every client does; `sampled` counts the sampling requests the client answered. */
interface Session {
  callTool(name: string, args: Record<string, unknown>): Promise<string>;
  listTools(): Promise<{ tools: Array<{ name: string }> } & Record<string, unknown>>;
  getPrompt(): Promise<string>;
  complete(value: string): Promise<string[]>;
  sampled: string[];
  close(): Promise<void>;
}

const textOf = (result: object) =>
  ((result as { content?: Array<{ text?: string }> }).content ?? [])
    .map((c) => c.text ?? "")
    .join("\n");

async function modern(kind: "stdio" | "http"): Promise<Session> {
  const sampled: string[] = [];
  const client = new ModernClient(
    { name: "e2e-2026", version: "1.0.0" },
    { capabilities: { sampling: {} }, versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  client.setRequestHandler("sampling/createMessage", async (request) => {
    sampled.push(String(request.params.systemPrompt).slice(0, 40));
    return MODEL_ANSWER;
  });
  await client.connect(
    kind === "stdio"
      ? new ModernStdio({ command: process.execPath, args: [CLI, ...cliArgs()], env: ENV })
      : new ModernHttp(mcpUrl),
  );
  return {
    callTool: async (name, args) => textOf(await client.callTool({ name, arguments: args })),
    listTools: async () => (await client.listTools()) as Awaited<ReturnType<Session["listTools"]>>,
    getPrompt: async () =>
      JSON.stringify(
        await client.getPrompt({
          name: "fix_issue",
          arguments: { issueUrl: "https://acme.sentry.io/issues/BACKEND-1A/" },
        }),
      ),
    complete: async (value) =>
      (
        await client.complete({
          ref: { type: "ref/prompt", name: "triage_project" },
          argument: { name: "organizationSlug", value },
        })
      ).completion.values,
    sampled,
    close: () => client.close(),
  };
}

async function legacy(kind: "stdio" | "http"): Promise<Session> {
  const sampled: string[] = [];
  const client = new LegacyClient(
    { name: "e2e-2025", version: "1.0.0" },
    { capabilities: { sampling: {} } },
  );
  client.setRequestHandler(CreateMessageRequestSchema, async (request) => {
    sampled.push(String(request.params.systemPrompt).slice(0, 40));
    return MODEL_ANSWER;
  });
  await client.connect(
    kind === "stdio"
      ? new LegacyStdio({ command: process.execPath, args: [CLI, ...cliArgs()], env: ENV })
      : new LegacyHttp(mcpUrl),
  );
  return {
    callTool: async (name, args) => textOf(await client.callTool({ name, arguments: args })),
    listTools: async () => (await client.listTools()) as Awaited<ReturnType<Session["listTools"]>>,
    getPrompt: async () =>
      JSON.stringify(
        await client.getPrompt({
          name: "fix_issue",
          arguments: { issueUrl: "https://acme.sentry.io/issues/BACKEND-1A/" },
        }),
      ),
    complete: async (value) =>
      (
        await client.complete({
          ref: { type: "ref/prompt", name: "triage_project" },
          argument: { name: "organizationSlug", value },
        })
      ).completion.values,
    sampled,
    close: () => client.close(),
  };
}

const cases = [
  ["v2 client, 2026-07-28, stdio", () => modern("stdio"), true, true],
  ["v2 client, 2026-07-28, HTTP", () => modern("http"), true, true],
  ["v1 client, 2025-11-25, stdio", () => legacy("stdio"), false, true],
  ["v1 client, 2025-11-25, HTTP", () => legacy("http"), false, false],
] as const;

describe.each(cases)("%s", (_name, open, isModern, canSample) => {
  let session: Session;
  beforeAll(async () => {
    session = await open();
  });
  afterAll(() => session?.close());

  it("lists tools (with caching hints in 2026-07-28) and calls one", async () => {
    const list = await session.listTools();
    expect(list.tools.map((t) => t.name)).toContain("find_organizations");
    if (isModern) expect(list).toMatchObject({ ttlMs: 300_000, cacheScope: "private" });
    else expect(list.ttlMs).toBeUndefined();
    expect(await session.callTool("find_organizations", {})).toContain("acme");
  });

  it("gets a prompt and completes its arguments", async () => {
    expect(await session.getPrompt()).toContain("BACKEND-1A");
    expect(await session.complete("ac")).toEqual(["acme"]);
  });

  it(
    canSample
      ? "answers the server's sampling request with the client's model"
      : "searches with the built-in rules (stateless 2025 HTTP cannot ask the client)",
    async () => {
      const text = await session.callTool("search_issues", NATURAL_SEARCH);
      if (canSample) {
        expect(session.sampled).toHaveLength(1);
        expect(text).toContain("model `client-model-1`");
        expect(text).toContain("is:unresolved assigned:me");
      } else {
        expect(session.sampled).toEqual([]);
        expect(text).not.toContain("client-model-1");
      }
    },
  );
});
