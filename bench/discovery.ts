/**
 * Discovery: for each request of test/fixtures/discovery-phrasings.json (mid-task wording that
 * avoids the tools' own words), is the tool it needs listed in tools/list or among the first 3
 * hits of search_sentry_tools? Both servers run with every skill granted, so the score is about
 * finding, not about what a session may call. Higher is better here.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { McpProcess } from "./mcp-process.js";
import { type Side, withProcess } from "./measure.js";
import type { Figure } from "./stats.js";

const TOP = 3;

interface Score {
  found: number;
  total: number;
  misses: string[];
}

/** Tool names of a search answer in rank order: our JSON results, or the incumbent's headings. */
export function rankedNames(text: string): string[] {
  try {
    const parsed = JSON.parse(text) as { results?: Array<{ name?: unknown }> };
    if (Array.isArray(parsed.results)) return parsed.results.map((r) => String(r.name));
  } catch {
    // markdown: one heading per hit, naming the tool
  }
  return [...text.matchAll(/^#{2,3} .*?\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b/gm)].map((m) => m[1]);
}

async function score(proc: McpProcess, phrasings: Array<[string, string]>): Promise<Score> {
  const listed = new Set(proc.tools.map((t) => t.name));
  const misses: string[] = [];
  for (const [query, tool] of phrasings) {
    if (listed.has(tool)) continue;
    const outcome = await proc.call("search_sentry_tools", { query, limit: TOP });
    const top = outcome?.ok ? rankedNames(outcome.text).slice(0, TOP) : [];
    if (!top.includes(tool)) misses.push(`"${query}" → ${tool}`);
  }
  return { found: phrasings.length - misses.length, total: phrasings.length, misses };
}

export async function measureDiscovery(
  ours: Side,
  theirs: Side | null,
  root: string,
): Promise<Figure[]> {
  const file = path.join(root, "test", "fixtures", "discovery-phrasings.json");
  const { phrasings } = JSON.parse(await readFile(file, "utf8")) as {
    phrasings: Array<[string, string]>;
  };
  const flags = ["--all-skills"];
  const a = await withProcess(ours, flags, (proc) => score(proc, phrasings));
  const b = await withProcess(theirs, flags, (proc) => score(proc, phrasings));
  const pct = (s: Score | null) => (s ? `${Math.round((100 * s.found) / s.total)}%` : "n/a");
  return [
    {
      label: `discovery: requests in everyday words whose tool is listed or in search_sentry_tools' top ${TOP} (of ${phrasings.length}; higher is better)`,
      unit: "",
      ours: a?.found ?? null,
      theirs: b?.found ?? null,
      note: `ours ${pct(a)}, incumbent ${pct(b)}; goal >= 90%${a?.misses.length ? `; our misses: ${a.misses.join("; ")}` : ""}`,
    },
  ];
}
