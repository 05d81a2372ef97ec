/**
 * The "same data" calls measured on both servers. Both take the incumbent's parameter names
 * (we are a drop-in), so one argument object serves both sides.
 */
import { type CallOutcome, isUnknownToolError, type McpProcess } from "./mcp-process.js";
import { type BenchSandbox, countRequests } from "./sandbox.js";
import { SEARCH_LIMIT, SEARCH_QUERY } from "./surface.js";
import { type Size, sizeOf } from "./tokens.js";

export const ORG = "acme";
export const ISSUE = "BACKEND-1A";
/** A metric issue (issue platform, no stack trace): its evidence is the answer. */
export const METRIC_ISSUE = "BACKEND-1K";

export interface Scenario {
  key: string;
  label: string;
  tool: string;
  args: Record<string, unknown>;
  /** Counted in the "typical response" total (data responses, not the tool catalog). */
  typical: boolean;
  /** Extra arguments for the incumbent only. */
  incumbentArgs?: Record<string, unknown>;
  /** Counted in the "answer tokens for the same facts" total (issue 19's list). */
  sameFacts?: boolean;
}

export function responseScenarios(traceId: string | null): Scenario[] {
  const list: Scenario[] = [
    {
      key: "issue",
      label: `get_issue_details (${ISSUE})`,
      tool: "get_issue_details",
      typical: true,
      args: { organizationSlug: ORG, issueId: ISSUE },
    },
    {
      key: "search",
      label: "search_issues (is:unresolved, 10)",
      tool: "search_issues",
      typical: true,
      sameFacts: true,
      args: { organizationSlug: ORG, query: "is:unresolved", limit: 10 },
    },
    {
      key: "projects",
      label: "find_projects",
      tool: "find_projects",
      typical: true,
      sameFacts: true,
      args: { organizationSlug: ORG },
    },
    {
      key: "metric-issue",
      label: `get_issue_details (${METRIC_ISSUE}, metric issue)`,
      tool: "get_issue_details",
      typical: false,
      sameFacts: true,
      args: { organizationSlug: ORG, issueId: METRIC_ISSUE },
    },
    {
      key: "teams",
      label: "find_teams",
      tool: "find_teams",
      typical: false,
      sameFacts: true,
      args: { organizationSlug: ORG },
    },
    {
      key: "tools",
      label: `search_sentry_tools (${JSON.stringify(SEARCH_QUERY)}, ${SEARCH_LIMIT} hits)`,
      tool: "search_sentry_tools",
      typical: false,
      args: { query: SEARCH_QUERY, limit: SEARCH_LIMIT },
    },
  ];
  list.push({
    key: "trace",
    label: "get_trace_details (trace of the issue's latest event)",
    tool: "get_trace_details",
    typical: true,
    args: traceId ? { organizationSlug: ORG, traceId } : {},
    // The incumbent looks up the org's regionUrl and refuses the sandbox's http:// one; an
    // empty regionUrl makes it use --host, as for any self-hosted Sentry.
    incumbentArgs: { regionUrl: "" },
  });
  return list;
}

/** A measured response, or why there is none. */
export type Measured =
  | {
      ok: true;
      size: Size;
      via: string;
      requests: number;
      ms: number;
      text: string;
      log: string[];
    }
  | { ok: false; reason: string; text?: string; log?: string[] };

/** Calls one scenario and measures the text a client hands the model. */
export async function measureScenario(
  proc: McpProcess,
  sandbox: BenchSandbox,
  scenario: Scenario,
): Promise<Measured> {
  if (Object.keys(scenario.args).length === 0) return { ok: false, reason: "no input data" };
  let counted: { value: CallOutcome | null; requests: number; log: string[] };
  try {
    const args =
      proc.command.name === "incumbent"
        ? { ...scenario.args, ...scenario.incumbentArgs }
        : scenario.args;
    counted = await countRequests(sandbox, () => proc.call(scenario.tool, args));
  } catch (error) {
    return { ok: false, reason: `call failed: ${(error as Error).message.slice(0, 80)}` };
  }
  const outcome = counted.value;
  if (!outcome) return { ok: false, reason: `${scenario.tool} not available` };
  if (!outcome.ok) {
    const reason = isUnknownToolError(outcome.text)
      ? `${scenario.tool} not available`
      : `error: ${outcome.text.replace(/\s+/g, " ").slice(0, 80)}`;
    return { ok: false, reason, text: outcome.text, log: counted.log };
  }
  return {
    ok: true,
    size: sizeOf(outcome.text),
    via: outcome.via,
    requests: counted.requests,
    ms: outcome.ms,
    text: outcome.text,
    log: counted.log,
  };
}
