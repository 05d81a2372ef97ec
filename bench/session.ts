/**
 * Session measurements of `npm run bench`: one long-lived process per side answers the
 * response-size scenarios, then the latency runs against the sandbox's fixed upstream delay;
 * RSS is read after the 20th call.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { McpProcess } from "./mcp-process.js";
import { type Side, TARGETS, withProcess } from "./measure.js";
import { type BenchSandbox, countMissingRoutes, countRequests, traceIdOf } from "./sandbox.js";
import { ISSUE, type Measured, measureScenario, ORG, responseScenarios } from "./scenarios.js";
import { type Figure, median } from "./stats.js";

interface SessionResult {
  responses: Map<string, Measured>;
  latency: Map<string, { ms: number[]; requests: number[]; via: string }>;
  rssAfter20: number | null;
}

const LATENCY_TOOLS = [
  { key: "issue", tool: "get_issue_details", args: { organizationSlug: ORG, issueId: ISSUE } },
  {
    key: "search",
    tool: "search_issues",
    args: { organizationSlug: ORG, query: "is:unresolved", limit: 10 },
  },
] as const;

/** One long-lived session: the response sizes, then latency runs; RSS when 20 calls are done. */
async function runSession(
  proc: McpProcess,
  sandbox: BenchSandbox,
  traceId: string | null,
  latencyRuns: number,
): Promise<SessionResult> {
  let calls = 0;
  let rssAfter20: number | null = null;
  const tick = async () => {
    calls += 1;
    if (calls === 20) rssAfter20 = await proc.rssMiB();
  };
  const responses = new Map<string, Measured>();
  for (const scenario of responseScenarios(traceId)) {
    responses.set(scenario.key, await measureScenario(proc, sandbox, scenario));
    await tick();
  }
  const latency: SessionResult["latency"] = new Map();
  for (const { key } of LATENCY_TOOLS) {
    latency.set(key, { ms: [], requests: [], via: "direct" });
  }
  // One warm-up call per tool, then interleaved measured runs.
  for (let i = -1; i < latencyRuns; i++) {
    for (const { key, tool, args } of LATENCY_TOOLS) {
      const { value, requests } = await countRequests(sandbox, () => proc.call(tool, { ...args }));
      await tick();
      const entry = latency.get(key)!;
      if (!value?.ok) continue;
      entry.via = value.via;
      if (i >= 0) {
        entry.ms.push(value.ms);
        entry.requests.push(requests);
      }
    }
  }
  while (calls < 20) {
    await proc.call(LATENCY_TOOLS[0].tool, { ...LATENCY_TOOLS[0].args });
    await tick();
  }
  return { responses, latency, rssAfter20 };
}

/** Writes every measured response text to dumpDir/<side>-<scenario>.md for reading. */
async function dumpResponses(
  dir: string,
  sides: Record<string, Map<string, Measured> | undefined>,
): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const [name, responses] of Object.entries(sides)) {
    for (const [key, measured] of responses ?? []) {
      const body = measured.text ?? (measured.ok ? "" : `(${measured.reason})`);
      await writeFile(path.join(dir, `${name}-${key}.md`), `${body}\n`);
      const log = measured.log ?? [];
      await writeFile(path.join(dir, `${name}-${key}.requests.txt`), `${log.join("\n")}\n`);
    }
  }
}

/** "incumbent: 5 of 7 upstream requests hit routes the sandbox lacks (404)", or "". */
async function gapNote(
  label: string,
  sandbox: BenchSandbox,
  measured: { log: string[] } | null,
): Promise<string> {
  if (!measured) return "";
  const missing = await countMissingRoutes(sandbox, measured.log);
  return missing
    ? `${label}: ${missing} of ${measured.log.length} upstream requests got 404 (route not in the sandbox)`
    : "";
}

function viaNote(label: string, via: string | undefined): string {
  return via === "execute_sentry_tool" ? `${label} via execute_sentry_tool` : "";
}

function joinNotes(...notes: Array<string | undefined>): string | undefined {
  const text = notes.filter((n) => n).join("; ");
  return text || undefined;
}

/** Response sizes, latency with the sandbox's upstream delay, upstream requests, RSS. */
export async function measureSessions(
  ours: Side,
  theirs: Side | null,
  sandbox: BenchSandbox,
  latencyRuns: number,
  delayMs: number,
  dumpDir: string,
): Promise<Figure[]> {
  const traceId = await traceIdOf(sandbox, ORG, ISSUE);
  const a = (await withProcess(ours, [], (p) => runSession(p, sandbox, traceId, latencyRuns)))!;
  const b = await withProcess(theirs, [], (p) => runSession(p, sandbox, traceId, latencyRuns));
  await dumpResponses(dumpDir, { ours: a.responses, incumbent: b?.responses });
  const figures: Figure[] = [];
  let sumOurs = 0;
  let sumTheirs = 0;
  const counted: string[] = [];
  for (const scenario of responseScenarios(traceId)) {
    const x = a.responses.get(scenario.key);
    const y = b?.responses.get(scenario.key);
    const okX = x?.ok ? x : null;
    const okY = y?.ok ? y : null;
    if (okX && okY && scenario.typical) {
      sumOurs += okX.size.tokens;
      sumTheirs += okY.size.tokens;
      counted.push(scenario.tool);
    }
    const notes = joinNotes(
      x && !x.ok ? `ours: ${x.reason}` : viaNote("ours", okX?.via),
      await gapNote("ours", sandbox, okX),
      y && !y.ok ? `incumbent: ${y.reason}` : viaNote("incumbent", okY?.via),
      await gapNote("incumbent", sandbox, okY),
    );
    figures.push(
      {
        label: `${scenario.label}: tokens`,
        unit: "tok",
        ours: okX?.size.tokens ?? null,
        theirs: okY?.size.tokens ?? null,
        target: TARGETS.responseTokens,
        note: notes,
      },
      {
        label: `${scenario.label}: chars`,
        unit: "ch",
        ours: okX?.size.chars ?? null,
        theirs: okY?.size.chars ?? null,
      },
    );
  }
  figures.push({
    label: "typical response: total tokens of the data responses both sides answered",
    unit: "tok",
    ours: counted.length ? sumOurs : null,
    theirs: counted.length ? sumTheirs : null,
    note: counted.join(" + ") || undefined,
    target: TARGETS.responseTokens,
  });
  for (const { key, tool } of LATENCY_TOOLS) {
    const x = a.latency.get(key)!;
    const y = b?.latency.get(key);
    const med = (values: number[] | undefined) => (values?.length ? median(values) : null);
    figures.push(
      {
        label: `${tool} latency, upstream delay ${delayMs} ms (median of ${latencyRuns})`,
        unit: "ms",
        ours: med(x.ms),
        theirs: med(y?.ms),
        target: key === "issue" ? TARGETS.issueLatency : undefined,
        note: joinNotes(viaNote("ours", x.via), viaNote("incumbent", y?.via)),
      },
      {
        label: `${tool} upstream requests per call`,
        unit: "",
        ours: med(x.requests),
        theirs: med(y?.requests),
      },
    );
  }
  figures.push({
    label: "RSS after 20 tool calls",
    unit: "MiB",
    ours: a.rssAfter20,
    theirs: b?.rssAfter20 ?? null,
    target: TARGETS.rss,
  });
  return figures;
}
