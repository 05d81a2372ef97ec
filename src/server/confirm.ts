/**
 * Destructive tools (`destructiveHint: true`) ask the user before they run, when the client can
 * ask (it declared `elicitation`): one generic step in the dispatcher, so every destructive tool,
 * called directly or through execute_sentry_tool, is covered. Clients without elicitation keep
 * the plain behaviour (the client's own tool approval is the guard there).
 */
import type { AnyTool, ToolCallResult } from "../tools/types.js";
import type { ClientChannel } from "./input.js";
import { errorResult } from "./results.js";

const MAX_SHOWN_ARGUMENTS = 600;

/** The question shown to the user: the tool and the exact arguments it will run with. */
export function confirmationRequest(tool: AnyTool, params: Record<string, unknown>) {
  let shown = JSON.stringify(params);
  if (shown.length > MAX_SHOWN_ARGUMENTS) shown = `${shown.slice(0, MAX_SHOWN_ARGUMENTS)}…`;
  return {
    message: `Sentry: ${tool.title} (${tool.name}) changes data in Sentry. Run it with ${shown}?`,
    requestedSchema: {
      type: "object" as const,
      properties: {
        confirm: {
          type: "boolean" as const,
          title: "Run it",
          description: `Run ${tool.name} with these arguments`,
          default: false,
        },
      },
      required: ["confirm"],
    },
  };
}

/** True when the user accepted (and ticked confirm); false when they declined or cancelled. */
export async function confirmDestructive(
  channel: ClientChannel,
  tool: AnyTool,
  params: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<boolean> {
  const answer = await channel.elicit(confirmationRequest(tool, params), signal);
  return answer.action === "accept" && answer.content?.confirm === true;
}

export function declinedResult(tool: AnyTool): ToolCallResult {
  return errorResult(
    `Not run: the user did not confirm ${tool.name}. Nothing was changed in Sentry. Ask the user before trying again.`,
  );
}
