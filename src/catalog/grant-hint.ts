import type { Skill } from "../tools/types.js";

/** How the session is reached: it decides how a missing skill can be granted. */
export type Transport = "stdio" | "http";

/**
 * How to add `skill` to this session, in the words of its transport: the concrete skill list
 * to pass (the current set plus the missing one), so the user can copy it.
 */
export function grantHint(skill: Skill, current: readonly Skill[], transport: Transport): string {
  const wanted = [...new Set([...current, skill])].join(",");
  if (transport === "http") {
    return `add ?skills=${wanted} to the MCP URL, or re-authorize on the consent page and grant ${skill}`;
  }
  return `grant it with --skills=${wanted} or MCP_SKILLS=${wanted}`;
}
