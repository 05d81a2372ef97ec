/**
 * Process-level measurements of `npm run bench` (tools/list size), each returning Figures
 * (start-up and memory rows: startup.ts). A side whose value is unavailable gets null;
 * nothing here asserts anything.
 */
import { McpProcess, type ServerCommand } from "./mcp-process.js";
import type { Figure } from "./stats.js";
import { surfaceSize } from "./surface.js";

export const TARGETS = {
  toolsListTokens: 0.25,
  responseTokens: 0.7,
  issueLatency: 0.6,
} as const;

/** One server under test; `command(flags)` builds its stdio command line. */
export interface Side {
  name: "ours" | "incumbent";
  command(extraFlags?: string[]): ServerCommand;
}

export type Pair<T> = { ours: T; theirs: T };

export async function withProcess<T>(
  side: Side | null,
  flags: string[],
  fn: (proc: McpProcess) => Promise<T>,
): Promise<T | null> {
  if (!side) return null;
  const { proc } = await McpProcess.start(side.command(flags));
  try {
    return await fn(proc);
  } finally {
    await proc.close();
  }
}

/** tools/list size with default flags and with --all-skills. */
export async function measureToolsList(ours: Side, theirs: Side | null): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const flags of [[], ["--all-skills"]]) {
    const label = flags.length ? flags.join(" ") : "default flags";
    const [a, b] = [
      await withProcess(ours, flags, async (p) => surfaceSize(p.tools)),
      await withProcess(theirs, flags, async (p) => surfaceSize(p.tools)),
    ];
    figures.push(
      {
        label: `tools/list tokens, ${label}`,
        unit: "tok",
        ours: a?.total.tokens ?? null,
        theirs: b?.total.tokens ?? null,
        target: TARGETS.toolsListTokens,
        note: `${a?.tools.length ?? "?"} vs ${b?.tools.length ?? "?"} tools`,
      },
      {
        label: `tools/list chars, ${label}`,
        unit: "ch",
        ours: a?.total.chars ?? null,
        theirs: b?.total.chars ?? null,
      },
    );
  }
  return figures;
}
