import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { ClientCapabilities } from "@modelcontextprotocol/sdk/types.js";
import { type Sandbox, startSandbox } from "../sandbox/server.js";
import { createProviderRunner } from "../src/agents/providers.js";
import type { AgentSettings } from "../src/agents/types.js";
import { ALL_TOOLS } from "../src/catalog/index.js";
import { defaultConfig } from "../src/config.js";
import { buildServer, createSessionCatalog } from "../src/server/build-server.js";
import { createClient } from "../src/server/session.js";
import {
  type Constraints,
  type DocsEndpoints,
  type SeerPolling,
  SKILLS,
  type Skill,
  type ToolCallResult,
  type ToolContext,
} from "../src/tools/types.js";

/** Fixed clock for seeded data, so snapshots are byte-stable. */
export const NOW = new Date("2026-11-01T12:00:00Z");
export const TOKEN = "test-canary-token-sntryu_0000000000canary";

export async function startTestSandbox(options: { delayMs?: number } = {}): Promise<Sandbox> {
  return startSandbox({ port: 0, now: NOW, tokens: [TOKEN], ...options });
}

export interface CallerOptions {
  skills?: Skill[];
  readOnly?: boolean;
  experimental?: boolean;
  constraints?: Constraints;
  responseBudget?: number;
  fetch?: typeof fetch;
  /** Docs endpoints; default: the sandbox's own docs site and search (sandboxDocs). */
  docs?: DocsEndpoints;
  /** Seer polling bounds; default: the tool's own. */
  seer?: SeerPolling;
  /** Embedded agent settings (config.agent); default: none (direct parameters and rules). */
  agent?: AgentSettings;
  /** connectInMemory: the test client's capabilities, e.g. `{ sampling: {} }`. */
  clientCapabilities?: ClientCapabilities;
  /** Sentry GET retry budget; default 0 (no retries) so failures show at once. */
  retryBudgetMs?: number;
  /** Upstream request timeout; default the config's (30 s). */
  timeoutMs?: number;
}

/** Retry and timeout settings of a test session: no retries unless a test asks. */
function clientSettings(options: CallerOptions) {
  return {
    retryBudgetMs: options.retryBudgetMs ?? 0,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  };
}

/** The sandbox's docs search and pages (see sandbox/routes/docs.ts). */
export function sandboxDocs(sandbox: { url: string }): DocsEndpoints {
  return { searchUrl: `${sandbox.url}/api/search`, baseUrl: `${sandbox.url}/docs` };
}

/**
 * Calls tools through the session catalog (argument validation, pins, filters, formatting)
 * without an MCP transport: fast unit tests against the real sandbox over HTTP.
 */
export function toolCaller(sandbox: { url: string }, options: CallerOptions = {}) {
  const config = defaultConfig({
    sentryUrl: sandbox.url,
    accessToken: TOKEN,
    responseBudget: options.responseBudget ?? 25_000,
    ...clientSettings(options),
  });
  const client = createClient(config, TOKEN, options.fetch);
  const policy = {
    skills: options.skills ?? [...SKILLS],
    readOnly: options.readOnly ?? false,
    experimental: options.experimental ?? false,
    constraints: options.constraints ?? {},
  };
  const catalog = createSessionCatalog({ client, policy, responseBudget: config.responseBudget });
  const callable = new Set(catalog.tools().map((t) => t.name));
  // Without a transport there is no client to sample from: only a key provider applies.
  const agent = options.agent?.selection
    ? createProviderRunner(options.agent.selection)
    : undefined;
  const progress: Array<{ progress: number; total?: number; message?: string }> = [];
  const makeCtx = (signal: AbortSignal): ToolContext => ({
    client,
    constraints: policy.constraints,
    signal,
    responseBudget: config.responseBudget,
    experimental: policy.experimental,
    docs: options.docs ?? sandboxDocs(sandbox),
    seer: options.seer,
    agent,
    catalog,
    canCall: (n) => callable.has(n),
    isDirect: () => false,
    progress: async (p, total, message) => {
      progress.push({ progress: p, total, message });
    },
  });
  const call = async (
    name: string,
    args: Record<string, unknown> = {},
    signal = new AbortController().signal,
  ): Promise<ToolCallResult> => {
    const result = await catalog.call(name, args, makeCtx(signal));
    checkStructuredOutput(name, args, result);
    return result;
  };
  /** The text of a successful result; throws with the text when the result is an error. */
  const text = async (name: string, args: Record<string, unknown> = {}): Promise<string> => {
    const result = await call(name, args);
    const body = result.content.map((c) => (c.type === "text" ? c.text : `[${c.type}]`)).join("\n");
    if (result.isError) throw new Error(`tool error: ${body}`);
    return body;
  };
  const structured = async (name: string, args: Record<string, unknown> = {}) => {
    const result = await call(name, args);
    if (result.isError) throw new Error(`tool error: ${JSON.stringify(result.content)}`);
    return result.structuredContent;
  };
  return { call, text, structured, catalog, client, progress };
}

/**
 * The structured-output guard every tool test runs through (as the SDK validates tools/call):
 * a successful result of a tool with an outputSchema must carry structuredContent matching it,
 * and a tool without one must not return structuredContent. Error results are skipped;
 * execute_sentry_tool is checked as the tool it ran.
 */
export function checkStructuredOutput(
  name: string,
  args: Record<string, unknown>,
  result: ToolCallResult,
): void {
  if (result.isError) return;
  // `toolName` is execute_sentry_tool's old, still-accepted name for `name`.
  const ran = typeof args.name === "string" ? args.name : args.toolName;
  if (name === "execute_sentry_tool" && typeof ran === "string") {
    const inner = args.arguments;
    checkStructuredOutput(
      ran,
      inner && typeof inner === "object" ? (inner as Record<string, unknown>) : {},
      result,
    );
    return;
  }
  const tool = ALL_TOOLS.find((t) => t.name === name);
  if (!tool) return;
  if (!tool.outputSchema) {
    if (result.structuredContent !== undefined)
      throw new Error(`${name} has no outputSchema but returned structuredContent`);
    return;
  }
  if (result.structuredContent === undefined)
    throw new Error(`${name} declares an outputSchema but returned no structuredContent`);
  const check = tool.outputSchema.safeParse(result.structuredContent);
  if (!check.success) {
    const issue = check.error.issues[0];
    throw new Error(
      `${name} returned structuredContent that breaks its outputSchema at ${issue?.path.join(".")}: ${issue?.message}`,
    );
  }
}

/** A real MCP client connected in memory to a server built like a session's. */
export async function connectInMemory(sandbox: { url: string }, options: CallerOptions = {}) {
  const config = defaultConfig({
    sentryUrl: sandbox.url,
    accessToken: TOKEN,
    ...clientSettings(options),
  });
  const server = buildServer({
    client: createClient(config, TOKEN, options.fetch),
    responseBudget: options.responseBudget ?? config.responseBudget,
    docs: options.docs ?? sandboxDocs(sandbox),
    seer: options.seer,
    agent: options.agent,
    policy: {
      skills: options.skills ?? config.skills,
      readOnly: options.readOnly ?? false,
      experimental: options.experimental ?? false,
      constraints: options.constraints ?? {},
    },
  });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client(
    { name: "test", version: "1.0.0" },
    options.clientCapabilities ? { capabilities: options.clientCapabilities } : undefined,
  );
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  return { client, server, close: () => client.close() };
}

/** Replaces the sandbox's random origin so snapshots are stable. */
export function stable(value: string, sandbox: { url: string }): string {
  return value.replaceAll(sandbox.url, "https://sentry.example");
}
