/**
 * Session measurements of `npm run bench`: one long-lived process per side answers the
 * response-size scenarios, then the latency runs against the sandbox's fixed upstream delay;
 * RSS is read after the 20th call. Both sides run side by side, call by call.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { sameFactsFigure } from "./answers.js";
import { McpProcess } from "./mcp-process.js";
import { type Side, TARGETS } from "./measure.js";
import { type BenchSandbox, countMissingRoutes, countRequests, traceIdOf } from "./sandbox.js";
import {
  ISSUE,
  type Measured,
  measureScenario,
  ORG,
  responseScenarios,
  type Scenario,
} from "./scenarios.js";
import { STARTUP_TARGETS } from "./startup.js";
import { type Figure, median } from "./stats.js";

type LatencySpec = (typeof LATENCY_TOOLS)[number];

const LATENCY_TOOLS = [
  { key: "issue", tool: "get_issue_details", args: { organizationSlug: ORG, issueId: ISSUE } },
  {
    key: "search",
    tool: "search_issues",
    args: { organizationSlug: ORG, query: "is:unresolved", limit: 10 },
  },
] as const;

/** One long-lived server process: what it answered, how fast, and its RSS at the 20th call. */
class Session {
  calls = 0;
  rssAfter20: number | null = null;
  readonly responses = new Map<string, Measured>();
  readonly latency = new Map<string, { ms: number[]; requests: number[]; via: string }>(
    LATENCY_TOOLS.map(({ key }) => [key, { ms: [], requests: [], via: "direct" }]),
  );

  constructor(
    readonly proc: McpProcess,
    private readonly sandbox: BenchSandbox,
  ) {}

  private async tick(): Promise<void> {
    this.calls += 1;
    if (this.calls === 20) this.rssAfter20 = await this.proc.rssMiB();
  }

  async scenario(scenario: Scenario): Promise<void> {
    this.responses.set(scenario.key, await measureScenario(this.proc, this.sandbox, scenario));
    await this.tick();
  }

  async latencyCall(spec: LatencySpec, record: boolean): Promise<void> {
    const { value, requests } = await countRequests(this.sandbox, () =>
      this.proc.call(spec.tool, { ...spec.args }),
    );
    await this.tick();
    const entry = this.latency.get(spec.key)!;
    if (!value?.ok) return;
    entry.via = value.via;
    if (record) {
      entry.ms.push(value.ms);
      entry.requests.push(requests);
    }
  }
}

/**
 * Runs the sessions in lockstep, one call per side in turn, so a change in machine load hits
 * both sides alike: the response scenarios, one warm-up call per latency tool, the measured
 * latency runs, then filler calls until each side has made 20.
 */
async function runSessions(
  procs: McpProcess[],
  sandbox: BenchSandbox,
  traceId: string | null,
  latencyRuns: number,
): Promise<Session[]> {
  const sessions = procs.map((proc) => new Session(proc, sandbox));
  const each = async (fn: (session: Session) => Promise<void>) => {
    for (const session of sessions) await fn(session);
  };
  for (const scenario of responseScenarios(traceId)) await each((s) => s.scenario(scenario));
  for (let i = -1; i < latencyRuns; i++) {
    for (const spec of LATENCY_TOOLS) await each((s) => s.latencyCall(spec, i >= 0));
  }
  await each(async (s) => {
    while (s.calls < 20) await s.latencyCall(LATENCY_TOOLS[0], false);
  });
  return sessions;
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
  const procs: McpProcess[] = [];
  let sessions: Session[];
  try {
    for (const side of theirs ? [ours, theirs] : [ours]) {
      procs.push((await McpProcess.start(side.command())).proc);
    }
    sessions = await runSessions(procs, sandbox, traceId, latencyRuns);
  } finally {
    await Promise.all(procs.map((p) => p.close()));
  }
  const a = sessions[0];
  const b = sessions[1] as Session | undefined;
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
  figures.push(sameFactsFigure(responseScenarios(traceId), a.responses, b?.responses));
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
    target: STARTUP_TARGETS.rssAfterCalls,
  });
  return figures;
}
