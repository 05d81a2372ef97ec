/**
 * Span helpers. Each one runs its callback unchanged when telemetry is off (`state.sdk` unset),
 * so call sites need no conditionals. Names follow `{mcp.method.name} {target}`; attribute
 * names follow the OpenTelemetry MCP, HTTP and GenAI conventions (see docs/telemetry.md).
 */
import type { Span } from "@sentry/node";
import type { MiddlewareHandler } from "hono";
import { VERSION } from "../version.js";
import { classify } from "./classify.js";
import { templateApiPath, templateMcpRoute } from "./routes.js";
import { argumentAttributes, safeName, scrubAttributes } from "./scrub.js";
import { type McpTransport, state, transportAttributes } from "./state.js";

const SPAN_STATUS_ERROR = 2;

type Headers = Record<string, string | string[] | undefined>;

/** The parts of the MCP SDK's request handler `extra` that telemetry reads. */
export interface RequestExtraLike {
  requestId: string | number;
  sessionId?: string;
  requestInfo?: { headers: Headers; url?: URL };
}

export interface ToolRequestLike {
  params: { name: string; arguments?: unknown };
}

function header(headers: Headers | undefined, name: string): string | undefined {
  const value = headers?.[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The MCP session, transport and client of one request, as span attributes. */
function requestAttributes(
  extra: RequestExtraLike,
  client: { name: string; version: string } | undefined,
): { transport: McpTransport; attributes: Record<string, unknown> } {
  const headers = extra.requestInfo?.headers;
  const transport: McpTransport = headers ? "http" : state.transport;
  const userAgent =
    header(headers, "user-agent") ?? (client ? `${client.name}/${client.version}` : undefined);
  const sessionId =
    extra.sessionId ??
    header(headers, "mcp-session-id") ??
    (transport === "stdio" ? state.sessionId : undefined);
  return {
    transport,
    attributes: {
      "mcp.request.id": String(extra.requestId),
      "mcp.session.id": sessionId,
      ...transportAttributes(transport),
      "user_agent.original": userAgent,
      "service.version": VERSION,
    },
  };
}

/** The organization a tool call is about: its `organizationSlug`, else the `/mcp/{org}` pin. */
function organizationOf(args: unknown, extra: RequestExtraLike): string | undefined {
  const fromArgs = (args as { organizationSlug?: unknown } | undefined)?.organizationSlug;
  if (typeof fromArgs === "string" && fromArgs.trim()) return safeName(fromArgs.trim());
  const path = extra.requestInfo?.url?.pathname;
  const pinned = path ? /^\/mcp\/([^/]+)/.exec(path)?.[1] : undefined;
  return pinned ? safeName(decodeURIComponent(pinned)) : undefined;
}

/**
 * `tools/call {tool}`: one span per tool call, the root of its own trace over stdio and a child
 * of the HTTP request span over HTTP. Errors are reported from the dispatcher (reportToolError).
 */
export function withToolSpan<T>(
  request: ToolRequestLike,
  extra: RequestExtraLike,
  client: { name: string; version: string } | undefined,
  fn: () => Promise<T>,
): Promise<T> {
  const sdk = state.sdk;
  if (!sdk) return fn();
  const tool = safeName(request.params.name);
  const { transport, attributes: common } = requestAttributes(extra, client);
  const organization = organizationOf(request.params.arguments, extra);
  const attributes = scrubAttributes({
    "mcp.method.name": "tools/call",
    "mcp.tool.name": tool,
    ...common,
    "organization.slug": organization,
    ...argumentAttributes(request.params.arguments),
  });
  const run = () =>
    sdk.withScope((scope) => {
      // Tags on the scope the span starts in reach both the transaction and captured errors.
      scope.setTags({ "mcp.tool.name": tool, "mcp.transport": transport });
      if (organization) scope.setTag("organization.slug", organization);
      return sdk.startSpan({ name: `tools/call ${tool}`, op: "mcp.server", attributes }, () =>
        fn(),
      );
    });
  return sdk.getActiveSpan() ? run() : sdk.startNewTrace(run);
}

/**
 * `prompts/get {prompt}`: one span per prompt request, like a tool call's. A failure marks the
 * span; one that is ours to fix is reported.
 */
export function withPromptSpan<T>(
  name: unknown,
  extra: RequestExtraLike,
  client: { name: string; version: string } | undefined,
  fn: () => Promise<T>,
): Promise<T> {
  const sdk = state.sdk;
  if (!sdk) return fn();
  const prompt = safeName(name);
  const { transport, attributes: common } = requestAttributes(extra, client);
  const attributes = scrubAttributes({
    "mcp.method.name": "prompts/get",
    "mcp.prompt.name": prompt,
    ...common,
  });
  const run = () =>
    sdk.withScope((scope) => {
      scope.setTags({ "mcp.prompt.name": prompt, "mcp.transport": transport });
      return sdk.startSpan(
        { name: `prompts/get ${prompt}`, op: "mcp.server", attributes },
        async (span) => {
          try {
            return await fn();
          } catch (error) {
            const { report, type } = classify(error);
            span.setAttribute("error.type", type);
            if (report) {
              span.setStatus({ code: SPAN_STATUS_ERROR, message: "internal_error" });
              sdk.captureException(error, { tags: { "error.type": type } });
            }
            throw error;
          }
        },
      );
    });
  return sdk.getActiveSpan() ? run() : sdk.startNewTrace(run);
}

/**
 * `mcp.connect/{transport}`: the server attaching to a transport. The span is not made active,
 * so work that later runs on the connection is not parented to it.
 */
export async function withConnectSpan<T>(
  transport: McpTransport,
  fn: () => Promise<T>,
): Promise<T> {
  const sdk = state.sdk;
  if (!sdk) return fn();
  const span = sdk.startInactiveSpan({
    name: `mcp.connect/${transport}`,
    op: "mcp.connect",
    attributes: scrubAttributes({
      ...transportAttributes(transport),
      "mcp.session.id": transport === "stdio" ? state.sessionId : undefined,
      "service.version": VERSION,
    }),
  });
  try {
    return await fn();
  } catch (error) {
    span.setStatus({ code: SPAN_STATUS_ERROR, message: "internal_error" });
    throw error;
  } finally {
    span.end();
  }
}

/**
 * `mcp.auth/{method}` (oauth, token, ...): for the HTTP/OAuth code. Failures mark the span but
 * are not reported; pass only non-secret attributes (they are scrubbed regardless).
 */
export function withAuthSpan<T>(
  method: string,
  fn: () => Promise<T>,
  attributes: Record<string, unknown> = {},
): Promise<T> {
  const sdk = state.sdk;
  if (!sdk) return fn();
  const name = `mcp.auth/${safeName(method)}`;
  return sdk.startSpan(
    {
      name,
      op: "mcp.auth",
      attributes: scrubAttributes({
        ...transportAttributes("http"),
        "service.version": VERSION,
        ...attributes,
      }),
    },
    async (span) => {
      const result = await fn();
      // An authentication answer `{ ok: false, status }` is a failed attempt: mark the span.
      const outcome = result as { ok?: unknown; status?: unknown } | undefined;
      if (outcome && typeof outcome === "object" && outcome.ok === false) {
        const status = typeof outcome.status === "number" ? outcome.status : undefined;
        span.setAttribute("error.type", status === 403 ? "permission" : "auth");
        if (status !== undefined) span.setAttribute("http.response.status_code", status);
        span.setStatus({ code: SPAN_STATUS_ERROR, message: "unauthenticated" });
      }
      return result;
    },
  );
}

/**
 * An upstream Sentry API request as an `http.client` child span named with ids templated.
 * Only recorded inside another span (a tool call), never as a trace of its own.
 */
export function withUpstreamSpan<T>(method: string, url: URL, fn: () => Promise<T>): Promise<T> {
  const sdk = state.sdk;
  if (!sdk) return fn();
  const template = templateApiPath(url.pathname);
  const attributes = scrubAttributes({
    "http.request.method": method,
    "url.template": template,
    "url.full": `${url.origin}${url.pathname}`,
    "server.address": url.hostname,
    "server.port": url.port ? Number(url.port) : undefined,
  });
  return sdk.startSpan(
    { name: `${method} ${template}`, op: "http.client", onlyIfParent: true, attributes },
    async (span) => {
      try {
        const result = await fn();
        const status = (result as { status?: unknown } | undefined)?.status;
        if (typeof status === "number") {
          span.setAttribute("http.response.status_code", status);
          sdk.setHttpStatus(span, status);
        }
        return result;
      } catch (error) {
        span.setAttribute("error.type", (error as Error)?.name ?? "Error");
        span.setStatus({ code: SPAN_STATUS_ERROR, message: "internal_error" });
        throw error;
      }
    },
  );
}

export interface AgentSpanOptions {
  /** Provider, e.g. "openai", "anthropic". */
  system: string;
  model: string;
  /** e.g. "chat" (default), "text_completion", "embeddings". */
  operation?: string;
  maxTokens?: number;
  /** The span's `mcp.client/{target}`: "agent" (default) or "sampling". */
  target?: string;
}

export interface AgentSpan {
  recordUsage(usage: { inputTokens?: number; outputTokens?: number }): void;
}

interface UsageLike {
  inputTokens?: unknown;
  outputTokens?: unknown;
  promptTokens?: unknown;
  completionTokens?: unknown;
}

/** Token counts from an AI SDK result (`totalUsage` or `usage`), when the callback returns one. */
function usageOf(result: unknown): { inputTokens?: number; outputTokens?: number } | undefined {
  if (!result || typeof result !== "object") return undefined;
  const r = result as { totalUsage?: UsageLike; usage?: UsageLike };
  const usage = r.totalUsage ?? r.usage;
  if (!usage || typeof usage !== "object") return undefined;
  const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
  const inputTokens = num(usage.inputTokens) ?? num(usage.promptTokens);
  const outputTokens = num(usage.outputTokens) ?? num(usage.completionTokens);
  return inputTokens === undefined && outputTokens === undefined
    ? undefined
    : { inputTokens, outputTokens };
}

const NO_OP_AGENT_SPAN: AgentSpan = { recordUsage: () => {} };

/** The MCP session and transport of the tool call an agent call runs in (its root span). */
function sessionAttributes(sdk: NonNullable<typeof state.sdk>): Record<string, unknown> {
  const active = sdk.getActiveSpan();
  const data = {
    ...(active ? sdk.spanToJSON(sdk.getRootSpan(active)).data : {}),
    ...(active ? sdk.spanToJSON(active).data : {}),
  } as Record<string, unknown>;
  const transport = data["mcp.transport"] === "http" ? "http" : state.transport;
  return {
    "mcp.session.id":
      data["mcp.session.id"] ?? (transport === "stdio" ? state.sessionId : undefined),
    ...transportAttributes(transport),
  };
}

/**
 * An embedded-agent model call (a provider's LLM or the client's model through sampling) as
 * `mcp.client/{target}` with gen_ai.* attributes and the session's MCP attributes. Token usage
 * is taken from `recordUsage` or, failing that, from the callback's AI SDK result. Prompts and
 * completions are never recorded.
 */
export function withAgentSpan<T>(
  options: AgentSpanOptions,
  fn: (span: AgentSpan) => Promise<T>,
): Promise<T> {
  const sdk = state.sdk;
  if (!sdk) return fn(NO_OP_AGENT_SPAN);
  const operation = safeName(options.operation ?? "chat");
  const model = safeName(options.model);
  const target = safeName(options.target ?? "agent");
  const attributes = scrubAttributes({
    ...sessionAttributes(sdk),
    "gen_ai.system": options.system,
    "gen_ai.request.model": model,
    "gen_ai.operation.name": operation,
    "gen_ai.request.max_tokens": options.maxTokens,
    "service.version": VERSION,
  });
  return sdk.startSpan(
    { name: `mcp.client/${target}`, op: `gen_ai.${operation}`, attributes },
    async (span) => {
      let recorded = false;
      const record = (usage: { inputTokens?: number; outputTokens?: number }) => {
        recorded = true;
        setUsage(span, usage);
      };
      const result = await fn({ recordUsage: record });
      if (!recorded) {
        const usage = usageOf(result);
        if (usage) setUsage(span, usage);
      }
      return result;
    },
  );
}

function setUsage(span: Span, usage: { inputTokens?: number; outputTokens?: number }): void {
  if (usage.inputTokens !== undefined)
    span.setAttribute("gen_ai.usage.input_tokens", usage.inputTokens);
  if (usage.outputTokens !== undefined)
    span.setAttribute("gen_ai.usage.output_tokens", usage.outputTokens);
}

/**
 * Hono middleware: one `http.server` span per MCP HTTP request (`POST /mcp/{org}`), in its own
 * isolation scope and trace; tool spans of the request become its children.
 */
export function httpTelemetry(): MiddlewareHandler {
  return async (c, next) => {
    const sdk = state.sdk;
    if (!sdk) return next();
    const request = c.req.raw;
    const url = new URL(request.url);
    const route = templateMcpRoute(url.pathname);
    const attributes = scrubAttributes({
      "http.request.method": request.method,
      "http.route": route,
      "url.path": route,
      "user_agent.original": request.headers.get("user-agent") ?? undefined,
      "mcp.session.id": request.headers.get("mcp-session-id") ?? undefined,
      ...transportAttributes("http"),
      "service.version": VERSION,
    });
    await sdk.withIsolationScope(() =>
      sdk.startNewTrace(() =>
        sdk.startSpan(
          {
            name: `${request.method} ${route}`,
            op: "http.server",
            forceTransaction: true,
            attributes,
          },
          async (span) => {
            await next();
            span.setAttribute("http.response.status_code", c.res.status);
            sdk.setHttpStatus(span, c.res.status);
            if (c.error && classify(c.error).report) sdk.captureException(c.error);
          },
        ),
      ),
    );
  };
}
