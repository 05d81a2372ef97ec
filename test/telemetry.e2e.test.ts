/**
 * Telemetry end to end through the built CLI (run `npm run build` first): the real SDK in a
 * child process sends envelopes to a local sink. stdio with the SDK's StdioClientTransport and
 * `serve` with StreamableHTTPClientTransport, against a tiny fake upstream.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EnvelopeSink, type SpanRecord, startEnvelopeSink } from "./envelope-sink.js";
import {
  CANARY_BEARER,
  CANARY_LLM_KEY,
  CANARY_TOKEN,
  type FakeUpstream,
  startFakeUpstream,
} from "./telemetry-upstream.js";

const CLI = new URL("../dist/src/cli/index.js", import.meta.url).pathname;
const SANDBOX_BUILT = existsSync(new URL("../dist/sandbox/server.js", import.meta.url));

let sink: EnvelopeSink;
let upstream: FakeUpstream;

beforeAll(async () => {
  sink = await startEnvelopeSink();
  upstream = await startFakeUpstream();
});

afterAll(async () => {
  await upstream?.close();
  await sink?.close();
});

function baseEnv(): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    LOG_LEVEL: "info",
    SENTRY_ENVIRONMENT: "e2e",
    SENTRY_TRACES_SAMPLE_RATE: "1",
  };
}

function textOf(result: Awaited<ReturnType<Client["callTool"]>>): string {
  return (result.content as Array<{ text?: string }>).map((c) => c.text ?? "").join("\n");
}

function spanNamed(
  name: string,
  where: (s: SpanRecord) => boolean = () => true,
): SpanRecord | undefined {
  return sink.spans().find((s) => s.description === name && where(s));
}

describe("telemetry over stdio (built CLI)", () => {
  let client: Client;
  let stderr = "";

  beforeAll(async () => {
    sink.reset();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        CLI,
        `--access-token=${CANARY_TOKEN}`,
        `--host=${upstream.host}`,
        "--insecure-http",
        `--sentry-dsn=${sink.dsn}`,
      ],
      env: baseEnv(),
      stderr: "pipe",
    });
    transport.stderr?.on("data", (chunk) => {
      stderr += String(chunk);
    });
    client = new Client({ name: "telemetry-e2e", version: "1.2.3" });
    await client.connect(transport);
  });

  afterAll(async () => {
    await client?.close();
  });

  it("sends `mcp.connect/stdio` and `tools/call {tool}` spans with MCP attributes", async () => {
    const result = await client.callTool({
      name: "find_organizations",
      arguments: { query: "acme" },
    });
    expect(result.isError).toBeFalsy();
    await sink.waitFor(() => spanNamed("tools/call find_organizations") !== undefined);
    const connect = spanNamed("mcp.connect/stdio");
    expect(connect?.data).toMatchObject({
      "mcp.transport": "stdio",
      "network.transport": "pipe",
      "service.version": expect.any(String),
    });
    const tool = spanNamed("tools/call find_organizations")!;
    expect(tool.op).toBe("mcp.server");
    expect(tool.data).toMatchObject({
      "mcp.method.name": "tools/call",
      "mcp.tool.name": "find_organizations",
      "mcp.request.id": expect.any(String),
      "mcp.session.id": connect?.data["mcp.session.id"],
      "mcp.transport": "stdio",
      "network.transport": "pipe",
      "user_agent.original": "telemetry-e2e/1.2.3",
      "service.version": expect.any(String),
      "mcp.request.argument.query": "acme",
    });
    const child = sink.spans().find((s) => s.parent_span_id === tool.span_id);
    expect(child).toMatchObject({ op: "http.client", description: "GET /api/0/organizations/" });
    expect(sink.errors()).toHaveLength(0);
  });

  it("reports an upstream 500 (event id in the result) but not a 404", async () => {
    const notFound = await client.callTool({
      name: "find_projects",
      arguments: { organizationSlug: "missing" },
    });
    expect(notFound.isError).toBe(true);
    expect(textOf(notFound)).not.toContain("reported as event");
    const failed = await client.callTool({
      name: "find_projects",
      arguments: { organizationSlug: "boom" },
    });
    expect(failed.isError).toBe(true);
    const eventId = /\(reported as event ([0-9a-f]{32})\)/.exec(textOf(failed))?.[1];
    expect(eventId).toBeDefined();
    await sink.waitFor(() => sink.errors().length > 0);
    await sink.waitFor(
      () =>
        sink.transactions().filter((t) => t.transaction === "tools/call find_projects").length ===
        2,
    );
    expect(sink.errors().map((e) => e.event_id)).toEqual([eventId]);
    const statuses = sink
      .spans()
      .filter((s) => s.description === "GET /api/0/organizations/{org}/projects/")
      .map((s) => s.data["http.response.status_code"])
      .sort();
    expect(statuses).toEqual([404, 500]);
  });

  it("sends no canary (access token, LLM key, Sentry-Bearer token) in any envelope byte", async () => {
    await client.callTool({
      name: "find_organizations",
      arguments: { query: `${CANARY_LLM_KEY} ${CANARY_BEARER} ${CANARY_TOKEN}` },
    });
    await sink.waitFor(() => sink.transactions().length >= 4);
    const bytes = sink.allBytes().toString("utf8");
    for (const canary of [CANARY_TOKEN, CANARY_LLM_KEY, "canarybearertoken42"])
      expect(bytes).not.toContain(canary);
    expect(stderr).not.toContain(CANARY_TOKEN);
  });
});

/** A stdio server (built CLI) with telemetry, for the exit tests. */
async function stdioClient(): Promise<{ client: Client; transport: StdioClientTransport }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      CLI,
      `--access-token=${CANARY_TOKEN}`,
      `--host=${upstream.host}`,
      "--insecure-http",
      `--sentry-dsn=${sink.dsn}`,
    ],
    env: baseEnv(),
    stderr: "pipe",
  });
  const client = new Client({ name: "exit-e2e", version: "1.0.0" });
  await client.connect(transport);
  return { client, transport };
}

/** Calls a tool whose upstream answers 500 and returns the reported event id. */
async function reportedFailure(client: Client): Promise<string> {
  const failed = await client.callTool({
    name: "find_projects",
    arguments: { organizationSlug: "boom" },
  });
  const eventId = /\(reported as event ([0-9a-f]{32})\)/.exec(textOf(failed))?.[1];
  expect(eventId).toBeDefined();
  return eventId!;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

describe("events reported just before exit still arrive (built CLI)", () => {
  const received = (id: string) => sink.errors().some((e) => e.event_id === id);

  it("stdio: the client disconnects right after a tool error (stdin closes)", async () => {
    const { client } = await stdioClient();
    const eventId = await reportedFailure(client);
    await client.close();
    await sink.waitFor(() => received(eventId), 5_000);
  });

  it("stdio: SIGINT right after a tool error", async () => {
    const { client, transport } = await stdioClient();
    const eventId = await reportedFailure(client);
    process.kill(transport.pid!, "SIGINT");
    await sink.waitFor(() => received(eventId), 5_000);
    await client.close();
  });

  it("serve: SIGTERM right after a tool error", async () => {
    const served = await startServe([
      `--access-token=${CANARY_TOKEN}`,
      `--host=${upstream.host}`,
      "--insecure-http",
      `--sentry-dsn=${sink.dsn}`,
    ]);
    const client = new Client({ name: "exit-e2e", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(served.url)));
    const eventId = await reportedFailure(client);
    served.child.kill("SIGTERM");
    await exited(served.child);
    await sink.waitFor(() => received(eventId), 5_000);
  });
});

/** Starts `serve` on a random port; resolves with its MCP URL once it listens. */
function startServe(args: string[]): Promise<{ url: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, "serve", "--port=0", ...args], {
      env: baseEnv(),
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

describe("telemetry over HTTP (built CLI `serve`)", () => {
  let child: ChildProcess | undefined;

  afterAll(() => {
    child?.kill("SIGTERM");
  });

  it("sends `POST /mcp` with connect and tool child spans", async () => {
    sink.reset();
    const served = await startServe([
      `--access-token=${CANARY_TOKEN}`,
      `--host=${upstream.host}`,
      "--insecure-http",
      `--sentry-dsn=${sink.dsn}`,
    ]);
    child = served.child;
    const transport = new StreamableHTTPClientTransport(new URL(served.url), {
      requestInit: { headers: { "user-agent": "http-e2e/9.9" } },
    });
    const client = new Client({ name: "http-e2e", version: "9.9" });
    await client.connect(transport);
    const result = await client.callTool({ name: "find_organizations", arguments: {} });
    expect(result.isError).toBeFalsy();
    const failed = await client.callTool({
      name: "find_projects",
      arguments: { organizationSlug: "boom" },
    });
    expect(textOf(failed)).toMatch(/reported as event [0-9a-f]{32}/);
    await client.close();

    await sink.waitFor(
      () => spanNamed("tools/call find_organizations") !== undefined && sink.errors().length > 0,
    );
    const tool = spanNamed("tools/call find_organizations")!;
    expect(tool.data).toMatchObject({
      "mcp.method.name": "tools/call",
      "mcp.tool.name": "find_organizations",
      "mcp.transport": "http",
      "network.transport": "tcp",
      "user_agent.original": "http-e2e/9.9",
    });
    const root = sink.spans().find((s) => s.span_id === tool.parent_span_id);
    expect(root).toMatchObject({
      op: "http.server",
      description: "POST /mcp",
      data: expect.objectContaining({
        "http.response.status_code": 200,
        "network.transport": "tcp",
      }),
    });
    const siblings = sink.spans().filter((s) => s.parent_span_id === root?.span_id);
    expect(siblings.map((s) => s.description)).toContain("mcp.connect/http");
    const bytes = sink.allBytes().toString("utf8");
    for (const canary of [CANARY_TOKEN, CANARY_LLM_KEY, "canarybearertoken42"])
      expect(bytes).not.toContain(canary);
  });
});

describe.skipIf(!SANDBOX_BUILT)("telemetry with --demo (embedded sandbox)", () => {
  it("traces a tool call against the sandbox", async () => {
    sink.reset();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, "--demo", `--sentry-dsn=${sink.dsn}`],
      env: baseEnv(),
      stderr: "pipe",
    });
    const client = new Client({ name: "demo-e2e", version: "1.0.0" });
    await client.connect(transport);
    const result = await client.callTool({ name: "find_organizations", arguments: {} });
    expect(result.isError).toBeFalsy();
    await sink.waitFor(() => spanNamed("tools/call find_organizations") !== undefined);
    await client.close();
    expect(sink.allBytes().toString("utf8")).not.toContain("demo-sandbox-token");
  });
});
