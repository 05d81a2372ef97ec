/**
 * `sentry-mcp call TOOL key=value ...`: runs one tool through the session catalog (the same
 * dispatch, pins and filters as the MCP server) and prints its answer. stdout gets only the
 * result; progress and errors go to stderr. Exit code 1 when the result is an error.
 */

import { z } from "zod";
import type { Config } from "../config.js";
import { UserInputError } from "../errors.js";
import type { AnyTool, ToolCallResult } from "../tools/types.js";
import type { TerminalFlags } from "./args.js";
import { formatResult, processIO, startSpinner, type TerminalIO } from "./terminal-output.js";
import { openTerminalSession, type TerminalDeps } from "./terminal-session.js";

function parseJson(raw: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false };
  }
}

/**
 * One `key=value` value: JSON when it parses (numbers, booleans, arrays, objects, quoted
 * strings), else the text. When the tool's schema for the key takes the text but not the JSON
 * value (`issueId=123` for a string parameter), the text wins.
 */
export function parseValue(raw: string, schema?: z.core.$ZodType): unknown {
  const json = parseJson(raw);
  if (!json.ok) return raw;
  if (schema && !z.safeParse(schema, json.value).success && z.safeParse(schema, raw).success)
    return raw;
  return json.value;
}

/** `--args '{...}'` merged with `key=value` words (the words win). */
export function parseCallArgs(
  words: readonly string[],
  argsJson: string | undefined,
  tool?: AnyTool,
): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  if (argsJson !== undefined) {
    const parsed = parseJson(argsJson);
    if (
      !parsed.ok ||
      !parsed.value ||
      typeof parsed.value !== "object" ||
      Array.isArray(parsed.value)
    )
      throw new UserInputError(`--args must be a JSON object, e.g. --args='{"limit":5}'.`);
    Object.assign(args, parsed.value);
  }
  for (const word of words) {
    const eq = word.indexOf("=");
    if (eq <= 0) {
      throw new UserInputError(
        `Expected key=value, got ${JSON.stringify(word)} (quote values with spaces: query="is:unresolved level:error").`,
      );
    }
    const key = word.slice(0, eq);
    args[key] = parseValue(word.slice(eq + 1), tool?.inputSchema[key]);
  }
  if (tool) {
    const unknown = Object.keys(args).filter((k) => !(k in tool.inputSchema));
    if (unknown.length > 0) {
      const known = Object.keys(tool.inputSchema);
      throw new UserInputError(
        `${tool.name} has no parameter ${unknown.map((k) => JSON.stringify(k)).join(", ")}. Parameters: ${known.join(", ") || "none"}.`,
      );
    }
  }
  return args;
}

function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length];
}

/** Tool names close to a mistyped one (edit distance), best first. */
export function closest(name: string, tools: readonly AnyTool[]): string[] {
  const wanted = name.toLowerCase();
  return tools
    .map((t) => ({
      name: t.name,
      // A typo in the first words (get_isue) should still find get_issue_details.
      d: Math.min(distance(wanted, t.name), distance(wanted, t.name.slice(0, wanted.length)) + 1),
    }))
    .filter((t) => t.d <= Math.max(2, Math.floor(wanted.length / 3)))
    .sort((a, b) => a.d - b.d || a.name.localeCompare(b.name))
    .slice(0, 3)
    .map((t) => t.name);
}

function resultText(result: ToolCallResult): string {
  return result.content.map((c) => (c.type === "text" ? c.text : `[${c.type}]`)).join("\n");
}

/** Runs `call`; returns the exit code. */
export async function runCall(
  config: Config,
  flags: TerminalFlags,
  io: TerminalIO = processIO(),
  deps: TerminalDeps = {},
): Promise<number> {
  const [name, ...words] = flags.args;
  const session = await openTerminalSession(config, deps);
  const tool = session.all.find((t) => t.name === name);
  if (!tool) {
    const near = closest(name, session.catalog.tools());
    io.stderr(
      `sentry-mcp: unknown tool ${JSON.stringify(name)}.${near.length ? ` Did you mean ${near.join(", ")}?` : ""} \`sentry-mcp tools\` lists them.\n`,
    );
    return 1;
  }
  const args = parseCallArgs(words, flags.argsJson, tool);

  const controller = new AbortController();
  const onInterrupt = () => controller.abort(new Error("Cancelled (Ctrl-C)."));
  process.once("SIGINT", onInterrupt);
  const spinner = startSpinner(io, tool.name);
  let result: ToolCallResult;
  try {
    result = await session.catalog.call(
      tool.name,
      args,
      session.context(controller.signal, async (progress, total, message) =>
        spinner.update(progress, total, message),
      ),
    );
  } finally {
    spinner.stop();
    process.removeListener("SIGINT", onInterrupt);
  }

  if (flags.json) {
    io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  } else if (result.isError) {
    io.stderr(`${resultText(result).trimEnd()}\n`);
  } else {
    io.stdout(formatResult(result, io.color));
  }
  return result.isError ? 1 : 0;
}
