/**
 * The size of a server's direct surface (tools/list) and of a search_sentry_tools answer:
 * shared by `npm run measure-tokens` and `npm run bench`.
 */
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { McpProcess } from "./mcp-process.js";
import { type Size, sizeOf } from "./tokens.js";

export interface ToolSize extends Size {
  name: string;
}

export interface SurfaceSize {
  total: Size;
  tools: ToolSize[];
}

/** The whole tools array as a client receives it, plus each tool on its own. */
export function surfaceSize(tools: readonly Tool[]): SurfaceSize {
  return {
    total: sizeOf(JSON.stringify(tools)),
    tools: tools.map((tool) => ({ name: tool.name, ...sizeOf(JSON.stringify(tool)) })),
  };
}

/** The query and hit count of the "typical" catalog search measured on both sides. */
export const SEARCH_QUERY = "issue";
export const SEARCH_LIMIT = 8;

export interface SearchAnswer extends Size {
  hits: number | null;
  via: string;
}

/** Counts the hits of a search answer (our compact JSON or the incumbent's JSON/markdown). */
export function countHits(text: string): number | null {
  try {
    const parsed = JSON.parse(text) as { results?: unknown[] };
    if (Array.isArray(parsed.results)) return parsed.results.length;
  } catch {
    // markdown answer: count headings or bullets naming tools
  }
  const headings = text.match(/^#{2,3} /gm);
  return headings ? headings.length : null;
}

/** One search_sentry_tools answer for SEARCH_QUERY / SEARCH_LIMIT, or null when unavailable. */
export async function searchAnswer(proc: McpProcess): Promise<SearchAnswer | null> {
  const outcome = await proc.call("search_sentry_tools", {
    query: SEARCH_QUERY,
    limit: SEARCH_LIMIT,
  });
  if (!outcome?.ok) return null;
  return { ...sizeOf(outcome.text), hits: countHits(outcome.text), via: outcome.via };
}
