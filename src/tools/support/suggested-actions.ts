/**
 * Suggested follow-up tool calls for structured results (seed 000 "Suggested Actions"): a
 * machine-readable twin of a narrow Response Notes hint. Only for tools the session can call;
 * catalog-only tools are routed through execute_sentry_tool.
 */

import { z } from "zod";
import type { ToolContext } from "../types.js";

export const SuggestedToolActionSchema = z.object({
  type: z.literal("tool_call"),
  toolName: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  reason: z.string(),
});
export type SuggestedToolAction = z.output<typeof SuggestedToolActionSchema>;

/** The hard cap on suggestions per result. */
export const MAX_SUGGESTED_ACTIONS = 3;

export function buildSuggestedToolAction(
  ctx: Pick<ToolContext, "canCall" | "isDirect">,
  toolName: string,
  args: Record<string, unknown>,
  reason: string,
): SuggestedToolAction | null {
  if (!ctx.canCall(toolName)) return null;
  if (ctx.isDirect(toolName)) return { type: "tool_call", toolName, arguments: args, reason };
  if (!ctx.canCall("execute_sentry_tool")) return null;
  return {
    type: "tool_call",
    toolName: "execute_sentry_tool",
    arguments: { name: toolName, arguments: args },
    reason,
  };
}

/** Drops the nulls and keeps at most `max` actions. */
export function suggestedActions(
  actions: Array<SuggestedToolAction | null>,
  max = MAX_SUGGESTED_ACTIONS,
): SuggestedToolAction[] {
  return actions.filter((a): a is SuggestedToolAction => a !== null).slice(0, max);
}
