/**
 * `npm run measure-tokens`: the size of our direct surface (tools/list) per tool and in total,
 * in characters and o200k tokens, with default flags and with --all-skills, plus the size of a
 * typical search_sentry_tools answer. Spawns the built CLI over stdio; needs no Sentry (the
 * host points at a closed port and neither request goes upstream) and no incumbent.
 */
import { pathToFileURL } from "node:url";
import { McpProcess, type ServerCommand } from "../bench/mcp-process.js";
import { ourEntry, projectRoot } from "../bench/paths.js";
import { formatValue } from "../bench/stats.js";
import {
  SEARCH_LIMIT,
  SEARCH_QUERY,
  type SearchAnswer,
  type SurfaceSize,
  searchAnswer,
  surfaceSize,
} from "../bench/surface.js";

export interface SurfaceReport {
  flags: string;
  surface: SurfaceSize;
  search: SearchAnswer | null;
}

/** Measures our surface for one set of extra flags. */
export async function measureOurSurface(
  entry: string,
  host: string,
  extraFlags: string[],
): Promise<SurfaceReport> {
  const command: ServerCommand = {
    name: "ours",
    entry,
    args: ["--access-token=bench-token", `--host=${host}`, "--insecure-http", ...extraFlags],
  };
  const { proc } = await McpProcess.start(command);
  try {
    return {
      flags: extraFlags.join(" ") || "(default)",
      surface: surfaceSize(proc.tools),
      search: await searchAnswer(proc),
    };
  } finally {
    await proc.close();
  }
}

export function renderSurfaceReport(reports: readonly SurfaceReport[]): string {
  const out: string[] = [];
  for (const report of reports) {
    out.push(`### tools/list, flags ${report.flags}`, "");
    out.push("| Tool | Chars | Tokens |", "| --- | ---: | ---: |");
    for (const tool of [...report.surface.tools].sort((a, b) => b.tokens - a.tokens)) {
      out.push(
        `| ${tool.name} | ${formatValue(tool.chars, "")} | ${formatValue(tool.tokens, "")} |`,
      );
    }
    const { total } = report.surface;
    out.push(
      `| **total (${report.surface.tools.length} tools, JSON of the array)** | ${formatValue(total.chars, "")} | ${formatValue(total.tokens, "")} |`,
      "",
    );
    const search = report.search;
    out.push(
      search
        ? `search_sentry_tools(query=${JSON.stringify(SEARCH_QUERY)}, limit=${SEARCH_LIMIT}): ${search.hits ?? "?"} hits, ${formatValue(search.chars, "chars")}, ${formatValue(search.tokens, "tokens")}.`
        : "search_sentry_tools: unavailable.",
      "",
    );
  }
  return out.join("\n");
}

async function main(): Promise<void> {
  const root = projectRoot();
  // Port 9 (discard) is closed: nothing measured here talks to Sentry.
  const host = "127.0.0.1:9";
  const reports = [
    await measureOurSurface(ourEntry(root), host, []),
    await measureOurSurface(ourEntry(root), host, ["--all-skills"]),
  ];
  process.stdout.write(`${renderSurfaceReport(reports)}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    process.stderr.write(`measure-tokens: ${(error as Error).message}\n`);
    process.exit(1);
  });
}
