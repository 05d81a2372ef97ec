import type * as SentryNode from "@sentry/node";

/** The loaded `@sentry/node` module; only present when a DSN was configured. */
export type Sdk = typeof SentryNode;

export type McpTransport = "stdio" | "http";

/**
 * Process-wide telemetry state. `sdk` stays undefined without a DSN, and every helper then
 * runs its callback directly: no SDK import, no spans, no allocations beyond the call.
 */
export const state: {
  sdk: Sdk | undefined;
  transport: McpTransport;
  /** One id per stdio process (the whole connection is one MCP session). */
  sessionId: string | undefined;
} = { sdk: undefined, transport: "stdio", sessionId: undefined };

export function transportAttributes(transport: McpTransport): Record<string, string> {
  return {
    "mcp.transport": transport,
    "network.transport": transport === "stdio" ? "pipe" : "tcp",
  };
}
