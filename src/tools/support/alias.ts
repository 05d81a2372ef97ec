import type { AnyTool } from "../types.js";

/** How an alias's description starts: search_sentry_tools shows the current name instead. */
export const ALIAS_PREFIX = "Old name of ";

/**
 * An old tool name kept callable (the incumbent renamed AI conversations to agent
 * conversations and kept both): the same schema and handler under another name, catalog-only,
 * with a one-line description that points to the current name.
 */
export function aliasOf<T extends AnyTool>(tool: T, name: string, title: string): T {
  return { ...tool, name, title, description: `${ALIAS_PREFIX}${tool.name}; same parameters.` };
}
