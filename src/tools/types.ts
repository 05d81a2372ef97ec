import type { z } from "zod";
import type { AgentRunner } from "../agents/types.js";
import type { SentryClient } from "../sentry-api/client.js";

/** Skills group tools by what they let an agent do; each implies Sentry scopes. */
export const SKILLS = ["inspect", "seer", "docs", "triage", "project-management"] as const;
export type Skill = (typeof SKILLS)[number];

export type Scope =
  | "org:read"
  | "project:read"
  | "team:read"
  | "event:read"
  | "event:write"
  | "project:write"
  | "team:write"
  | "alerts:write";

export type Capability = "profiles" | "replays" | "traces" | "logs";

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  openWorldHint: boolean;
  idempotentHint?: boolean;
}

/** The session's pins: pinned parameters vanish from schemas and are injected at call time. */
export interface Constraints {
  organizationSlug?: string;
  projectSlug?: string;
}

/** What a tool handler gets besides its parameters. */
export interface ToolContext {
  client: SentryClient;
  constraints: Constraints;
  signal: AbortSignal;
  /** Server-wide cap on one response's size in characters. */
  responseBudget: number;
  /** True when the session may call this tool (directly or through execute_sentry_tool). */
  canCall(toolName: string): boolean;
  /** True when the tool is in the direct `tools/list` surface. */
  isDirect(toolName: string): boolean;
  /** Reports progress to the client when it asked for it; a no-op otherwise. */
  progress(progress: number, total?: number, message?: string): Promise<void>;
  /** The session's other tools, for the catalog meta-tools. */
  catalog: SessionCatalog;
  experimental: boolean;
  /** The session is read-only: a tool that reads may not start work upstream (Seer runs). */
  readOnly?: boolean;
  /** Where search_docs and get_doc read from (config.docs); the public docs when absent. */
  docs?: DocsEndpoints;
  /** Seer polling bounds for analyze_issue_with_seer; the tool's defaults when absent. */
  seer?: SeerPolling;
  /** The embedded agent for search repair (src/agents); absent when no LLM is available. */
  agent?: AgentRunner;
  /**
   * Asks the user to confirm a destructive call (MCP elicitation); absent when the client
   * cannot ask. Resolves false when the user declined.
   */
  confirm?: (tool: AnyTool, params: Record<string, unknown>) => Promise<boolean>;
}

export interface DocsEndpoints {
  /** POST endpoint of the docs search service */
  searchUrl: string;
  /** origin (and optional path prefix) of the docs site; pages are `{baseUrl}{path}.md` */
  baseUrl: string;
}

export interface SeerPolling {
  /** total time to wait for an analysis in one call */
  timeoutMs: number;
  /** time between polls */
  pollIntervalMs: number;
}

export interface SessionCatalog {
  /** Every tool this session may call, after skills, read-only, constraints and capabilities. */
  tools(): readonly AnyTool[];
  /** Calls a tool by name with unvalidated arguments; returns the MCP result. */
  call(name: string, args: unknown, ctx: ToolContext): Promise<ToolCallResult>;
}

export interface StructuredResult<T> {
  readonly kind: "structured";
  readonly payload: T;
}

/** Raw MCP content blocks, for the few tools that return images or files. */
export interface RawContentResult {
  readonly kind: "content";
  readonly content: Array<
    { type: "text"; text: string } | { type: "image"; data: string; mimeType: string }
  >;
}

/** Another tool's finished MCP result, returned unchanged (execute_sentry_tool). */
export interface PassthroughResult {
  readonly kind: "passthrough";
  readonly result: ToolCallResult;
}

export type HandlerResult<O> = O extends z.ZodType
  ? StructuredResult<z.output<O>>
  : // A structured answer only in experimental sessions (experimentalOutputSchema), or passed on.
    string | RawContentResult | PassthroughResult | StructuredResult<Record<string, unknown>>;

export interface ToolSpec<I extends z.ZodRawShape, O extends z.ZodType | undefined> {
  name: string;
  title: string;
  /** What the model reads to pick the tool: keep it short, it is paid on every turn. */
  description: string;
  inputSchema: I;
  outputSchema?: O;
  /**
   * The tool answers structured only in experimental sessions: this schema becomes its
   * outputSchema there (listed and enforced), and stable sessions keep the markdown answer.
   */
  experimentalOutputSchema?: z.ZodType;
  annotations: ToolAnnotations;
  skills: readonly Skill[];
  requiredScopes: readonly Scope[];
  requiredCapabilities?: readonly Capability[];
  experimental?: boolean;
  hideInExperimentalMode?: boolean;
  /** Catalog plumbing (execute_sentry_tool): exempt from the read-only filter, which it enforces itself. */
  meta?: boolean;
  /** Hidden when the session is pinned to an organization (or a project): the tool is moot. */
  hideWhenPinned?: "organization" | "project";
  /** Old parameter names still accepted, never listed: `{ oldName: "currentName" }`. */
  aliases?: Readonly<Record<string, string>>;
  handler(params: z.output<z.ZodObject<I>>, ctx: ToolContext): Promise<HandlerResult<O>>;
}

/** A tool with its types erased, as the registry holds it. */
export interface AnyTool {
  name: string;
  title: string;
  description: string;
  inputSchema: z.ZodRawShape;
  outputSchema?: z.ZodType;
  experimentalOutputSchema?: z.ZodType;
  annotations: ToolAnnotations;
  skills: readonly Skill[];
  requiredScopes: readonly Scope[];
  requiredCapabilities?: readonly Capability[];
  experimental?: boolean;
  hideInExperimentalMode?: boolean;
  hideWhenPinned?: "organization" | "project";
  aliases?: Readonly<Record<string, string>>;
  meta?: boolean;
  // biome-ignore lint/suspicious/noExplicitAny: erased at the registry boundary
  handler(params: any, ctx: ToolContext): Promise<unknown>;
}

/** The MCP CallToolResult shape we produce. */
export interface ToolCallResult {
  [key: string]: unknown;
  content: Array<
    { type: "text"; text: string } | { type: "image"; data: string; mimeType: string }
  >;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}
