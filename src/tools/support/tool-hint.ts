import { inlineCode } from "../../format/markdown.js";
import type { ToolContext } from "../types.js";

export type HintContext = Pick<ToolContext, "canCall" | "isDirect">;

/**
 * A ready-to-run call for Response Notes: `tool(a="x")`, marked "via execute_sentry_tool" for
 * catalog-only tools (the compact form costs fewer tokens than the nested JSON one).
 * Undefined values are left out.
 */
export function toolHint(ctx: HintContext, tool: string, args: Record<string, unknown>): string {
  const list = Object.entries(args)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(", ");
  const call = inlineCode(`${tool}(${list})`);
  return ctx.isDirect(tool) ? call : `${call} via \`execute_sentry_tool\``;
}

/** `- {label}: {hint}.` when the session can call the tool, else nothing. */
export function hintLine(
  ctx: HintContext,
  label: string,
  tool: string,
  args: Record<string, unknown>,
): string[] {
  return ctx.canCall(tool) ? [`- ${label}: ${toolHint(ctx, tool, args)}.`] : [];
}

/**
 * `` `cursor: "…"` `` for a "more results" note. The cursor comes from Sentry's `Link` header:
 * it is written as a JSON string inside a code span, so no value can end the span early.
 */
export function cursorArg(cursor: string): string {
  return inlineCode(`cursor: ${JSON.stringify(cursor)}`);
}
