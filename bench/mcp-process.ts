/**
 * Spawns an MCP server over stdio with the real SDK client and exposes what the benchmarks
 * measure: startup time, the child's RSS, tools/list and tool calls (direct or through the
 * server's execute_sentry_tool).
 */
import { readFile } from "node:fs/promises";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { parseCpuMs, parseVmRss, resultText } from "./stats.js";

/** How to start one server: `node <entry> ...args`. */
export interface ServerCommand {
  name: string;
  entry: string;
  args: string[];
}

export interface CallOutcome {
  ok: boolean;
  text: string;
  /** How the tool was reached. */
  via: "direct" | "execute_sentry_tool";
  ms: number;
}

/** A minimal, predictable environment: no LLM keys, no DSN, no token in the env. */
export function childEnv(): Record<string, string> {
  const env: Record<string, string> = { NODE_NO_WARNINGS: "1" };
  for (const key of ["PATH", "HOME", "TMPDIR", "LANG"]) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  return env;
}

export class McpProcess {
  readonly client = new Client({ name: "sentry-mcp-bench", version: "1.0.0" });
  private transport: StdioClientTransport;
  private stderrChunks: string[] = [];
  tools: Tool[] = [];

  private constructor(readonly command: ServerCommand) {
    this.transport = new StdioClientTransport({
      command: process.execPath,
      args: [command.entry, ...command.args],
      env: childEnv(),
      stderr: "pipe",
    });
    this.transport.stderr?.on("data", (chunk: Buffer) => {
      if (this.stderrChunks.length < 200) this.stderrChunks.push(chunk.toString("utf8"));
    });
  }

  /**
   * Spawns, initializes and lists tools; returns the time from spawn to the tools/list answer.
   * With `knownTools` it skips tools/list (a client that calls straight after initialize) and
   * routes calls by that earlier listing instead.
   */
  static async start(
    command: ServerCommand,
    options: { knownTools?: Tool[] } = {},
  ): Promise<{ proc: McpProcess; coldStartMs: number }> {
    const proc = new McpProcess(command);
    const started = performance.now();
    try {
      await proc.client.connect(proc.transport);
      proc.tools = options.knownTools ?? (await proc.client.listTools()).tools;
    } catch (error) {
      const stderr = proc.stderr().trim().split("\n").slice(-5).join(" / ");
      await proc.close();
      throw new Error(
        `${command.name}: ${(error as Error).message}${stderr ? ` (stderr: ${stderr})` : ""}`,
      );
    }
    return { proc, coldStartMs: performance.now() - started };
  }

  stderr(): string {
    return this.stderrChunks.join("");
  }

  /** The child's CPU time so far (user + system) in ms (Linux /proc), or null elsewhere. */
  async cpuMs(): Promise<number | null> {
    const pid = this.transport.pid;
    if (pid === null) return null;
    try {
      return parseCpuMs(await readFile(`/proc/${pid}/stat`, "utf8"));
    } catch {
      return null;
    }
  }

  /** The child's resident set size in MiB (Linux /proc), or null elsewhere. */
  async rssMiB(): Promise<number | null> {
    const pid = this.transport.pid;
    if (pid === null) return null;
    try {
      return parseVmRss(await readFile(`/proc/${pid}/status`, "utf8"));
    } catch {
      return null;
    }
  }

  isDirect(name: string): boolean {
    return this.tools.some((t) => t.name === name);
  }

  /** The argument that names the tool in execute_sentry_tool (`toolName` here, `name` there). */
  private executeNameKey(): string | null {
    const exec = this.tools.find((t) => t.name === "execute_sentry_tool");
    if (!exec) return null;
    const props = Object.keys(exec.inputSchema.properties ?? {});
    return props.includes("toolName") ? "toolName" : props.includes("name") ? "name" : null;
  }

  /**
   * Calls a tool directly when it is in tools/list, else through execute_sentry_tool. Returns
   * null when the tool is reachable neither way.
   */
  async call(name: string, args: Record<string, unknown>): Promise<CallOutcome | null> {
    let via: CallOutcome["via"] = "direct";
    let request = { name, arguments: args };
    if (!this.isDirect(name)) {
      const key = this.executeNameKey();
      if (!key) return null;
      via = "execute_sentry_tool";
      request = { name: "execute_sentry_tool", arguments: { [key]: name, arguments: args } };
    }
    const started = performance.now();
    const result = await this.client.callTool(request, undefined, { timeout: 60_000 });
    const ms = performance.now() - started;
    return {
      ok: result.isError !== true,
      text: resultText(result as { content?: unknown }),
      via,
      ms,
    };
  }

  async close(): Promise<void> {
    try {
      await this.client.close();
    } catch {
      // already gone
    }
  }
}

/** True when an error text says the tool does not exist (either server's wording). */
export function isUnknownToolError(text: string): boolean {
  return /unknown tool|not found in catalog|tool .* (not|isn't) (found|available)|no such tool/i.test(
    text,
  );
}
