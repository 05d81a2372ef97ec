/**
 * The real @sentry/node SDK, in process, sending to a local envelope sink: span names and
 * attributes for tool calls (in-memory MCP client and the Streamable HTTP app), error
 * classification end to end, and canaries that must appear in no envelope byte.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type EnvelopeSink, type SpanRecord, startEnvelopeSink } from "../../test/envelope-sink.js";
import {
  CANARY_BEARER,
  CANARY_LLM_KEY,
  CANARY_TOKEN,
  type FakeUpstream,
  startFakeUpstream,
} from "../../test/telemetry-upstream.js";
import { defaultConfig, VERSION } from "../config.js";
import { createHttpApp } from "../http/app.js";
import { createLogger } from "../log.js";
import { createSession } from "../server/session.js";
import {
  closeTelemetry,
  flushTelemetry,
  initTelemetry,
  withAgentSpan,
  withAuthSpan,
  withConnectSpan,
} from "./index.js";

let sink: EnvelopeSink;
let upstream: FakeUpstream;
let client: Client;

beforeAll(async () => {
  sink = await startEnvelopeSink();
  upstream = await startFakeUpstream();
  const enabled = await initTelemetry({
    dsn: sink.dsn,
    transport: "stdio",
    accessToken: CANARY_TOKEN,
    env: { SENTRY_ENVIRONMENT: "test", SENTRY_TRACES_SAMPLE_RATE: "1" },
  });
  expect(enabled).toBe(true);
  const config = defaultConfig({
    sentryUrl: upstream.url,
    accessToken: CANARY_TOKEN,
    skills: ["inspect"],
  });
  const { server } = await createSession(config);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await withConnectSpan("stdio", () => server.connect(serverSide));
  client = new Client({ name: "telemetry-test", version: "2.0.0" });
  await client.connect(clientSide);
});

afterAll(async () => {
  await client?.close();
  await closeTelemetry();
  await upstream?.close();
  await sink?.close();
});

beforeEach(async () => {
  await flushTelemetry();
  sink.reset();
});

function textOf(result: Awaited<ReturnType<Client["callTool"]>>): string {
  return (result.content as Array<{ text?: string }>).map((c) => c.text ?? "").join("\n");
}

async function spanNamed(name: string): Promise<SpanRecord> {
  await flushTelemetry();
  await sink.waitFor(() => sink.spans().some((s) => s.description === name));
  return sink.spans().find((s) => s.description === name)!;
}

function childrenOf(span: SpanRecord): SpanRecord[] {
  return sink.spans().filter((s) => s.parent_span_id === span.span_id);
}

describe("telemetry with the real SDK (in process)", () => {
  it("records a tool call as `tools/call {tool}` with MCP attributes and an upstream child span", async () => {
    const result = await client.callTool({
      name: "find_organizations",
      arguments: { query: "acme" },
    });
    expect(result.isError).toBeFalsy();
    const span = await spanNamed("tools/call find_organizations");
    expect(span.op).toBe("mcp.server");
    expect(span.data).toMatchObject({
      "mcp.method.name": "tools/call",
      "mcp.tool.name": "find_organizations",
      "mcp.request.id": expect.any(String),
      "mcp.session.id": expect.stringMatching(/^[0-9a-f]{32}$/),
      "mcp.transport": "stdio",
      "network.transport": "pipe",
      "user_agent.original": "telemetry-test/2.0.0",
      "service.version": VERSION,
      "mcp.request.argument.query": "acme",
    });
    const upstreamSpan = childrenOf(span).find((s) => s.op === "http.client");
    expect(upstreamSpan).toMatchObject({
      description: "GET /api/0/organizations/",
      data: expect.objectContaining({
        "http.request.method": "GET",
        "http.response.status_code": 200,
        "url.template": "/api/0/organizations/",
      }),
    });
    const tx = sink.transactions().find((t) => t.transaction === "tools/call find_organizations")!;
    expect(tx.tags).toMatchObject({
      "mcp.tool.name": "find_organizations",
      "mcp.transport": "stdio",
    });
    expect(sink.errors()).toHaveLength(0);
  });

  it("reports a 500 from upstream and names the event in the tool result", async () => {
    const result = await client.callTool({
      name: "find_projects",
      arguments: { organizationSlug: "boom" },
    });
    expect(result.isError).toBe(true);
    const eventId = /\(reported as event ([0-9a-f]{32})\)/.exec(textOf(result))?.[1];
    expect(eventId).toBeDefined();
    await flushTelemetry();
    await sink.waitFor(() => sink.errors().length > 0);
    const [event] = sink.errors();
    expect(event.event_id).toBe(eventId);
    expect(event.tags).toMatchObject({
      "error.type": "upstream",
      "mcp.tool.name": "find_projects",
    });
    const span = await spanNamed("tools/call find_projects");
    expect(span.status).toBe("internal_error");
    expect(span.data["error.type"]).toBe("upstream");
    expect(event.contexts?.trace?.trace_id).toBe(span.trace_id);
    const upstreamSpan = childrenOf(span).find((s) => s.op === "http.client");
    expect(upstreamSpan?.description).toBe("GET /api/0/organizations/{org}/projects/");
    expect(upstreamSpan?.data["http.response.status_code"]).toBe(500);
  });

  it("reports a 429", async () => {
    const result = await client.callTool({
      name: "find_projects",
      arguments: { organizationSlug: "limited" },
    });
    expect(textOf(result)).toMatch(/reported as event [0-9a-f]{32}/);
    await flushTelemetry();
    await sink.waitFor(() => sink.errors().length === 1);
  });

  it("does not report a 404 or bad input", async () => {
    const missing = await client.callTool({
      name: "find_projects",
      arguments: { organizationSlug: "missing" },
    });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).not.toContain("reported as event");
    const bad = await client.callTool({
      name: "find_projects",
      arguments: { organizationSlug: 42 },
    });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).not.toContain("reported as event");
    const span = await spanNamed("tools/call find_projects");
    expect(span.status).not.toBe("internal_error");
    expect(sink.spans().some((s) => s.data["error.type"] === "not_found")).toBe(true);
    expect(sink.spans().some((s) => s.data["error.type"] === "user_input")).toBe(true);
    expect(sink.errors()).toHaveLength(0);
  });

  it("records embedded-agent calls with gen_ai attributes and token usage", async () => {
    const value = await withAgentSpan(
      { system: "anthropic", model: "claude-test", maxTokens: 500 },
      async () => ({
        text: "ok",
        usage: { inputTokens: 150, outputTokens: 42 },
      }),
    );
    expect(value.text).toBe("ok");
    const span = await spanNamed("mcp.client/agent");
    expect(span.op).toBe("gen_ai.chat");
    expect(span.data).toMatchObject({
      "mcp.session.id": expect.stringMatching(/^[0-9a-f]{32}$/),
      "mcp.transport": "stdio",
      "network.transport": "pipe",
      "gen_ai.system": "anthropic",
      "gen_ai.request.model": "claude-test",
      "gen_ai.operation.name": "chat",
      "gen_ai.request.max_tokens": 500,
      "gen_ai.usage.input_tokens": 150,
      "gen_ai.usage.output_tokens": 42,
    });
    sink.reset();
    await withAgentSpan(
      { system: "openai", model: "gpt-test", operation: "chat" },
      async (agent) => {
        agent.recordUsage({ inputTokens: 1, outputTokens: 2 });
        return "done";
      },
    );
    expect((await spanNamed("mcp.client/agent")).data["gen_ai.usage.output_tokens"]).toBe(2);
  });

  it("records auth spans without secrets", async () => {
    await withAuthSpan("oauth", async () => "granted", {
      "oauth.client_secret": "shh-secret",
      "oauth.grant": "code",
    });
    const span = await spanNamed("mcp.auth/oauth");
    expect(span.op).toBe("mcp.auth");
    expect(span.data).toMatchObject({
      "oauth.client_secret": "[redacted]",
      "oauth.grant": "code",
      "mcp.transport": "http",
    });
  });

  it("records the connect span", async () => {
    // sent during beforeAll; connect again to observe it here
    const other = await createSession(
      defaultConfig({ sentryUrl: upstream.url, accessToken: CANARY_TOKEN }),
    );
    const [, serverSide] = InMemoryTransport.createLinkedPair();
    await withConnectSpan("stdio", () => other.server.connect(serverSide));
    const span = await spanNamed("mcp.connect/stdio");
    expect(span.op).toBe("mcp.connect");
    expect(span.data).toMatchObject({
      "mcp.transport": "stdio",
      "network.transport": "pipe",
      "mcp.session.id": expect.stringMatching(/^[0-9a-f]{32}$/),
      "service.version": VERSION,
    });
    await other.server.close();
  });

  it("records HTTP requests: `POST /mcp/{org}` with connect and tool children", async () => {
    const app = createHttpApp({
      config: defaultConfig({
        sentryUrl: upstream.url,
        accessToken: CANARY_TOKEN,
        skills: ["inspect"],
      }),
      allowedHosts: new Set(["mcp.test"]),
    });
    const transport = new StreamableHTTPClientTransport(new URL("http://mcp.test/mcp/acme"), {
      requestInit: { headers: { "user-agent": "http-test/3.1" } },
      fetch: async (input, init) => {
        const request = new Request(input, init);
        request.headers.set("host", "mcp.test");
        return app.fetch(request);
      },
    });
    const httpClient = new Client({ name: "http-test", version: "3.1" });
    await httpClient.connect(transport);
    const result = await httpClient.callTool({ name: "find_projects", arguments: {} });
    expect(result.isError).toBeFalsy();
    await httpClient.close();

    const tool = await spanNamed("tools/call find_projects");
    expect(tool.data).toMatchObject({
      "mcp.transport": "http",
      "network.transport": "tcp",
      "user_agent.original": "http-test/3.1",
    });
    // the pinned organization comes from the URL, not from the caller's arguments
    expect(tool.data["mcp.request.argument.organizationSlug"]).toBeUndefined();
    const root = sink.spans().find((s) => s.span_id === tool.parent_span_id)!;
    expect(root).toMatchObject({
      description: "POST /mcp/{org}",
      op: "http.server",
      data: expect.objectContaining({
        "http.request.method": "POST",
        "http.route": "/mcp/{org}",
        "http.response.status_code": 200,
        "mcp.transport": "http",
        "network.transport": "tcp",
        "user_agent.original": "http-test/3.1",
      }),
    });
    expect(childrenOf(root).map((s) => s.description)).toContain("mcp.connect/http");
    // No Authorization header: the server-held token is used, recorded as method "none".
    expect(childrenOf(root).map((s) => s.description)).toContain("mcp.auth/none");
    expect(childrenOf(tool).map((s) => s.description)).toContain(
      "GET /api/0/organizations/{org}/projects/",
    );
  });

  it("never sends the access token, LLM keys or bearer tokens (canary)", async () => {
    const log = createLogger("info", () => {});
    log.info(`canary log ${CANARY_TOKEN}`, {
      authorization: `Bearer ${CANARY_TOKEN}`,
      key: CANARY_LLM_KEY,
    });
    console.warn(`canary breadcrumb ${CANARY_TOKEN} ${CANARY_BEARER}`);
    await client.callTool({
      name: "find_organizations",
      arguments: { query: `${CANARY_LLM_KEY} ${CANARY_BEARER} ${CANARY_TOKEN}` },
    });
    // upstream 500 whose body echoes all three canaries into the error message
    await client.callTool({ name: "find_projects", arguments: { organizationSlug: "boom" } });
    await withAgentSpan({ system: "openai", model: CANARY_LLM_KEY }, async () => "x");
    await flushTelemetry();
    await sink.waitFor(() => sink.errors().length > 0 && sink.items("log").length > 0);
    const bytes = sink.allBytes().toString("utf8");
    expect(bytes.length).toBeGreaterThan(1000);
    for (const canary of [CANARY_TOKEN, CANARY_LLM_KEY, "canarybearertoken42"]) {
      expect(bytes).not.toContain(canary);
    }
    expect(bytes).toContain("canary breadcrumb [redacted]");
  });
});
