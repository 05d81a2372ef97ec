/**
 * Process-level measurements of `npm run bench` (tools/list size, cold start, RSS), each
 * returning Figures. A side whose value is unavailable gets null; nothing here asserts anything.
 */
import { McpProcess, type ServerCommand } from "./mcp-process.js";
import { type Figure, median } from "./stats.js";
import { surfaceSize } from "./surface.js";

export const TARGETS = {
  toolsListTokens: 0.4,
  responseTokens: 0.7,
  coldStart: 0.5,
  rss: 0.7,
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

/** Spawn → initialize → first tools/list answered; RSS right after. Runs alternate sides. */
export async function measureColdStart(
  ours: Side,
  theirs: Side | null,
  runs: number,
): Promise<Figure[]> {
  const samples: Pair<{ ms: number[]; rss: number[] }> = {
    ours: { ms: [], rss: [] },
    theirs: { ms: [], rss: [] },
  };
  const once = async (side: Side, into: { ms: number[]; rss: number[] } | null) => {
    const { proc, coldStartMs } = await McpProcess.start(side.command());
    const rss = await proc.rssMiB();
    await proc.close();
    if (into) {
      into.ms.push(coldStartMs);
      if (rss !== null) into.rss.push(rss);
    }
  };
  // Warm-up: fills the OS file cache for both sides; not recorded.
  await once(ours, null);
  if (theirs) await once(theirs, null);
  for (let i = 0; i < runs; i++) {
    await once(ours, samples.ours);
    if (theirs) await once(theirs, samples.theirs);
  }
  const med = (values: number[]) => (values.length ? median(values) : null);
  return [
    {
      label: `cold start: spawn → initialize → tools/list (median of ${runs})`,
      unit: "ms",
      ours: med(samples.ours.ms),
      theirs: med(samples.theirs.ms),
      target: TARGETS.coldStart,
    },
    {
      label: "RSS after the first tools/list (median)",
      unit: "MiB",
      ours: med(samples.ours.rss),
      theirs: med(samples.theirs.rss),
      target: TARGETS.rss,
    },
  ];
}
