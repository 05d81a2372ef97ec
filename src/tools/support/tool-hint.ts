import { inlineCode } from "../../format/markdown.js";
import type { ToolContext } from "../types.js";

export type HintContext = Pick<ToolContext, "canCall" | "isDirect">;

/**
 * A ready-to-run call for Response Notes: `tool(a="x")` for direct tools, or the
 * `execute_sentry_tool` form for catalog-only ones. Undefined values are left out.
 */
export function toolHint(ctx: HintContext, tool: string, args: Record<string, unknown>): string {
  const defined = Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined));
  if (ctx.isDirect(tool)) {
    const list = Object.entries(defined)
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join(", ");
    return inlineCode(`${tool}(${list})`);
  }
  return inlineCode(
    `execute_sentry_tool(toolName=${JSON.stringify(tool)}, arguments=${JSON.stringify(defined)})`,
  );
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
