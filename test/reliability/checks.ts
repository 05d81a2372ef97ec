/** Checks shared by the reliability suites: what a result may and may not contain. */

import type { ToolCallResult } from "../../src/tools/types.js";
import { TOKEN } from "../harness.js";

/** All text of a result, structured content included. */
export function resultText(result: { content?: unknown; structuredContent?: unknown }): string {
  const blocks = (result.content ?? []) as Array<{ type: string; text?: string }>;
  const text = blocks.map((b) => (b.type === "text" ? (b.text ?? "") : `[${b.type}]`)).join("\n");
  return result.structuredContent === undefined
    ? text
    : `${text}\n${JSON.stringify(result.structuredContent)}`;
}

/** The kinds of error message the server produces (src/server/errors.ts). */
const CLEAR_ERROR =
  /^(Input error|Not found|Permission denied|Authentication failed|Rate limited by Sentry|Sentry error|Configuration error|Embedded agent provider error): /;

/** Signs of a crash or of internals leaking into an answer. */
const CRASH =
  /Unexpected error|This is a bug|TypeError|ReferenceError|Cannot read propert|is not a function|is not iterable|\[object Object\]|at .+\.(ts|js):\d+/;

/** Why an error result is not a clear one, or undefined when it is. */
export function unclearError(text: string): string | undefined {
  if (CRASH.test(text)) return `crash or internals: ${text.slice(0, 300)}`;
  if (!CLEAR_ERROR.test(text)) return `not one of our error kinds: ${text.slice(0, 300)}`;
  return undefined;
}

/** Why any result is unacceptable (crash signs, the token, empty), or undefined. */
export function badResult(result: ToolCallResult | Record<string, unknown>): string | undefined {
  const text = resultText(result as ToolCallResult);
  if (text.includes(TOKEN) || text.includes("sntryu_0000000000canary")) return "leaks the token";
  const blocks = (result as ToolCallResult).content;
  if (!Array.isArray(blocks) || blocks.length === 0) return "no content";
  if ((result as ToolCallResult).isError) return unclearError(text);
  if (/Unexpected error|This is a bug/.test(text)) return `crash text: ${text.slice(0, 300)}`;
  return undefined;
}

/** Total characters of a result's content blocks (what a model pays for). */
export function contentLength(result: ToolCallResult): number {
  return result.content.reduce((n, b) => n + (b.type === "text" ? b.text.length : 0), 0);
}
