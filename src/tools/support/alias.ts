import type { AnyTool } from "../types.js";

/**
 * An old tool name kept callable (the incumbent renamed AI conversations to agent
 * conversations and kept both): the same schema and handler under another name, catalog-only,
 * with a one-line description that points to the current name.
 */
export function aliasOf<T extends AnyTool>(tool: T, name: string, title: string): T {
  return { ...tool, name, title, description: `Old name of ${tool.name}; same parameters.` };
}
