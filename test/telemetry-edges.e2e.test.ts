/**
 * Telemetry of the embedded agent, prompts and HTTP authentication through the built CLI (run
 * `npm run build` first): a user's own LLM mistakes are not reported, the agent's model calls
 * are `mcp.client/{target}` spans of the session, prompts are traced, and failed MCP
 * authentication still leaves a trace.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CreateMessageRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../sandbox/server.js";
import { type EnvelopeSink, type SpanRecord, startEnvelopeSink } from "./envelope-sink.js";
import { type FakeLlm, startFakeLlm } from "./fake-llm.js";
import { startTestSandbox, TOKEN } from "./harness.js";

const CLI = new URL("../dist/src/cli/index.js", import.meta.url).pathname;
const LLM_KEY = "sk-agent-e2e-key-0123456789";

let sink: EnvelopeSink;
let sandbox: Sandbox;
let llm: FakeLlm;

beforeAll(async () => {
  [sink, sandbox, llm] = await Promise.all([
    startEnvelopeSink(),
    startTestSandbox(),
    startFakeLlm(),
  ]);
});

afterAll(async () => {
  await Promise.all([sink?.close(), sandbox?.close(), llm?.close()]);
});

function env(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    LOG_LEVEL: "error",
    SENTRY_ENVIRONMENT: "e2e",
    SENTRY_TRACES_SAMPLE_RATE: "1",
    ...extra,
  };
}

function textOf(result: Awaited<ReturnType<Client["callTool"]>>): string {
  return (result.content as Array<{ text?: string }>).map((c) => c.text ?? "").join("\n");
}

async function stdio(
  extraEnv: Record<string, string>,
  capabilities: Record<string, unknown> = {},
): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      CLI,
      `--access-token=${TOKEN}`,
      `--host=${sandbox.host}`,
      "--insecure-http",
      "--all-skills",
      `--sentry-dsn=${sink.dsn}`,
    ],
    env: env(extraEnv),
    stderr: "pipe",
  });
  const client = new Client({ name: "agent-e2e", version: "1.0.0" }, { capabilities });
  await client.connect(transport);
  return client;
}

const toolSpans = (name: string): SpanRecord[] =>
  sink.spans().filter((s) => s.description === `tools/call ${name}`);

describe("embedded agent failures (built CLI over stdio, fake provider)", () => {
  let client: Client;
  const results: Record<number, string> = {};

  beforeAll(async () => {
    sink.reset();
    client = await stdio({
      OPENAI_API_KEY: LLM_KEY,
      OPENAI_BASE_URL: `${llm.url}/v1`,
      OPENAI_MODEL: "fake-gpt",
    });
    for (const status of [401, 403, 404, 429, 500]) {
      llm.replies.push({ status, error: `provider says ${status}` });
      const result = await client.callTool({
        name: "search_issues",
        arguments: { organizationSlug: "acme", naturalLanguageQuery: "unresolved errors" },
      });
      expect(result.isError).toBe(true);
      results[status] = textOf(result);
    }
    await client.close();
    await sink.waitFor(() => toolSpans("search_issues").length === 5);
  });

  it("a refused key (401/403) and an unknown model (404) are the user's: no event", () => {
    for (const status of [401, 403, 404])
      expect(results[status]).not.toContain("reported as event");
    const types = toolSpans("search_issues").map((s) => s.data["error.type"]);
    expect(types.filter((t) => t === "llm_auth")).toHaveLength(2);
    expect(types.filter((t) => t === "llm_model_not_found")).toHaveLength(1);
  });

  it("429 and 5xx stay reported", () => {
    const reported = [429, 500].map(
      (status) => /reported as event ([0-9a-f]{32})/.exec(results[status] ?? "")?.[1],
    );
    expect(reported.every(Boolean)).toBe(true);
    expect(
      sink
        .errors()
        .map((e) => e.event_id)
        .sort(),
    ).toEqual([...reported].sort());
  });

  it("each model call is an `mcp.client/agent` span of the session", () => {
    const tool = toolSpans("search_issues")[0]!;
    const agent = sink
      .spans()
      .find((s) => s.description === "mcp.client/agent" && s.trace_id === tool.trace_id);
    expect(agent?.data).toMatchObject({
      "mcp.session.id": tool.data["mcp.session.id"],
      "mcp.transport": "stdio",
      "network.transport": "pipe",
      "gen_ai.system": "openai",
      "gen_ai.request.model": "fake-gpt",
      "gen_ai.operation.name": "chat",
      "service.version": expect.any(String),
    });
    expect(tool.data["organization.slug"]).toBe("acme");
  });
});

describe("client sampling (built CLI over stdio)", () => {
  it("a user who declines sampling is not reported; the span says why", async () => {
    sink.reset();
    const client = await stdio({}, { sampling: {} });
    client.setRequestHandler(CreateMessageRequestSchema, async () => {
      throw new McpError(-1, "User rejected sampling request");
    });
    const result = await client.callTool({
      name: "search_issues",
      arguments: { organizationSlug: "acme", naturalLanguageQuery: "unresolved errors" },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).not.toContain("reported as event");
    const prompt = await client.getPrompt({
      name: "triage_project",
      arguments: { organizationSlug: "acme", projectSlug: "backend" },
    });
    expect(prompt.messages.length).toBeGreaterThan(0);
    await client.close();
    await sink.waitFor(
      () =>
        toolSpans("search_issues").length === 1 &&
        sink.spans().some((s) => s.description === "prompts/get triage_project"),
    );
    const tool = toolSpans("search_issues")[0]!;
    expect(tool.data["error.type"]).toBe("sampling_declined");
    expect(sink.errors()).toHaveLength(0);
    const sampling = sink.spans().find((s) => s.description === "mcp.client/sampling");
    expect(sampling?.data).toMatchObject({
      "mcp.session.id": tool.data["mcp.session.id"],
      "mcp.transport": "stdio",
      "network.transport": "pipe",
    });
    const promptSpan = sink.spans().find((s) => s.description === "prompts/get triage_project");
    expect(promptSpan?.data).toMatchObject({
      "mcp.method.name": "prompts/get",
      "mcp.prompt.name": "triage_project",
      "mcp.session.id": tool.data["mcp.session.id"],
      "mcp.transport": "stdio",
    });
  });
});

describe("suspect commit lookup failures (built CLI over stdio, sandbox faults)", () => {
  it("a 500 or an unreadable answer leaves the details intact and is reported; a 404 is not", async () => {
    sink.reset();
    const issueId = [...sandbox.store.committers.keys()][0]!;
    const shortId = sandbox.store.issues.find((i) => i.id === issueId)!.shortId;
    const client = await stdio({});
    const details = async () => {
      const result = await client.callTool({
        name: "get_issue_details",
        arguments: { organizationSlug: "acme", issueId: shortId },
      });
      expect(result.isError).toBeFalsy();
      return textOf(result);
    };
    const healthy = await details();
    expect(healthy).toContain("## Suspect Commit");
    const path = "/api/0/projects/acme/*/events/*/committers/";
    const outcomes: Record<string, string> = {};
    for (const [label, fault] of [
      ["500", { path, kind: "status", status: 500 }],
      ["invalid", { path, kind: "wrong-shape" }],
      ["404", { path, kind: "status", status: 404 }],
    ] as const) {
      sandbox.faults.clear();
      sandbox.faults.set(fault);
      outcomes[label] = await details();
    }
    sandbox.faults.clear();
    await client.close();
    // The same issue, only without the section.
    const withoutSection = healthy.replace(/## Suspect Commit\n[\s\S]*?\n(?=## )/, "");
    for (const text of Object.values(outcomes)) {
      expect(text).not.toContain("## Suspect Commit");
      expect(text).toBe(withoutSection);
    }
    await sink.waitFor(() => sink.errors().length >= 2);
    await sink.waitFor(() => toolSpans("get_issue_details").length === 4);
    const errors = sink.errors();
    expect(errors).toHaveLength(2);
    for (const event of errors) {
      expect(event.tags).toMatchObject({
        "error.context": "suspect_commit",
        "mcp.tool.name": "get_issue_details",
        "organization.slug": "acme",
      });
    }
  });
});

/** Starts `serve` on a random port; resolves with its MCP URL once it listens. */
function startServe(args: string[]): Promise<{ url: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, "serve", "--port=0", ...args], {
      env: env({ LOG_LEVEL: "info" }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${stderr}`)), 15_000);
    child.stderr?.on("data", (chunk) => {
      stderr += String(chunk);
      const url = /listening at (http:\/\/\S+\/mcp)/.exec(stderr)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ url, child });
      }
    });
    child.on("exit", (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
  });
}

describe("HTTP (built CLI `serve`)", () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill("SIGTERM");
  });

  it("failed authentication on /mcp arrives as `mcp.auth/none` and a failed `mcp.auth/oauth`", async () => {
    sink.reset();
    const served = await startServe([
      `--host=${sandbox.host}`,
      "--insecure-http",
      `--sentry-dsn=${sink.dsn}`,
    ]);
    child = served.child;
    const initialize = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "auth-e2e", version: "1" },
      },
    });
    const post = (headers: Record<string, string>) =>
      fetch(served.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...headers,
        },
        body: initialize,
      });
    expect((await post({})).status).toBe(401);
    expect((await post({ authorization: "Bearer not-a-real-token-1234567890" })).status).toBe(401);
    await sink.waitFor(
      () =>
        sink.spans().some((s) => s.description === "mcp.auth/none") &&
        sink.spans().some((s) => s.description === "mcp.auth/oauth"),
    );
    for (const name of ["mcp.auth/none", "mcp.auth/oauth"]) {
      const span = sink.spans().find((s) => s.description === name)!;
      expect(span.status).not.toBe("ok");
      expect(span.data["error.type"]).toBe("auth");
      const root = sink.spans().find((s) => s.span_id === span.parent_span_id);
      expect(root).toMatchObject({
        description: "POST /mcp",
        data: expect.objectContaining({ "http.response.status_code": 401 }),
      });
    }
  });

  it("tool spans carry the request's MCP session id and the organization", async () => {
    sink.reset();
    const served = await startServe([
      `--access-token=${TOKEN}`,
      `--host=${sandbox.host}`,
      "--insecure-http",
      `--sentry-dsn=${sink.dsn}`,
    ]);
    child?.kill("SIGTERM");
    child = served.child;
    const session = "191c4850af6c49e08843a3f6c80e5046";
    const client = new Client({ name: "http-e2e", version: "1" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${served.url}/acme`), {
        requestInit: { headers: { "mcp-session-id": session } },
      }),
    );
    const result = await client.callTool({ name: "find_projects", arguments: {} });
    expect(result.isError).toBeFalsy();
    await client.close();
    await sink.waitFor(() => toolSpans("find_projects").length === 1);
    const tool = toolSpans("find_projects")[0]!;
    expect(tool.data).toMatchObject({
      "mcp.session.id": session,
      "mcp.transport": "http",
      "organization.slug": "acme",
    });
  });
});
