/**
 * Reads Seer's autofix state in either shape Sentry sends: classic (upper-case `status`,
 * `steps[]` with `causes[]` and `solution[]`) or block-based (lower-case `status`, `blocks[]`
 * whose `artifacts[]` hold `root_cause` and `solution`). Everything here is Seer's text,
 * untrusted: the formatter renders it with the markdown primitives.
 */

export type SeerStatus = "processing" | "completed" | "needs_input" | "error" | "cancelled";

export interface SeerEvidence {
  title: string;
  detail?: string;
  file?: string;
  important: boolean;
}

export interface SeerAnalysis {
  runId?: string;
  status: SeerStatus;
  /** the status as Sentry sent it */
  rawStatus: string;
  updatedAt?: string;
  /** what Seer is doing now (latest progress message or open to-do) */
  activity?: string;
  rootCause?: {
    summary: string;
    fiveWhys: string[];
    reproduction: string[];
    evidence: SeerEvidence[];
    repos: string[];
  };
  solution?: { summary?: string; steps: SeerEvidence[] };
  pullRequests: string[];
}

type Obj = Record<string, unknown>;

function obj(value: unknown): Obj | undefined {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Obj) : undefined;
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function str(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
}

function strings(value: unknown): string[] {
  return list(value)
    .map(str)
    .filter((s): s is string => !!s);
}

export function statusOf(raw: string): SeerStatus {
  switch (raw.toLowerCase()) {
    case "completed":
      return "completed";
    case "error":
      return "error";
    case "cancelled":
      return "cancelled";
    case "need_more_information":
    case "waiting_for_user_response":
    case "awaiting_user_input":
      return "needs_input";
    default:
      return "processing";
  }
}

function evidenceOf(item: unknown): SeerEvidence | undefined {
  const e = obj(item);
  const title = str(e?.title);
  if (!e || !title) return undefined;
  return {
    title,
    detail: str(e.code_snippet_and_analysis) ?? str(e.description),
    file: str(obj(e.relevant_code_file)?.file_path),
    important: e.is_most_important_event === true,
  };
}

function readClassic(state: Obj, out: SeerAnalysis): void {
  const steps = list(state.steps)
    .map(obj)
    .filter((s): s is Obj => !!s);
  const isStep = (s: Obj, key: string) => s.key === key || s.type === key;
  const rca = steps.find((s) => isStep(s, "root_cause_analysis"));
  if (rca) {
    const causes = list(rca.causes)
      .map(obj)
      .filter((c): c is Obj => !!c);
    const selected = obj(rca.selection)?.cause_id;
    const cause = causes.find((c) => c.id === selected) ?? causes[0];
    const summary = str(cause?.description) ?? str(cause?.title);
    if (cause && summary) {
      out.rootCause = {
        summary,
        fiveWhys: [],
        reproduction: strings(cause.reproduction_urls),
        evidence: list(cause.root_cause_reproduction)
          .map(evidenceOf)
          .filter((e): e is SeerEvidence => !!e),
        repos: strings(cause.relevant_repos),
      };
    }
  }
  const solution = steps.find((s) => isStep(s, "solution"));
  if (solution) {
    const items = list(solution.solution)
      .filter((i) => obj(i)?.is_active !== false)
      .map(evidenceOf)
      .filter((e): e is SeerEvidence => !!e);
    const summary = str(solution.description);
    if (items.length || summary) out.solution = { summary, steps: items };
  }
  for (const step of steps.filter((s) => isStep(s, "changes"))) {
    for (const change of list(step.changes)) {
      const pr = str(obj(obj(change)?.pull_request)?.pr_url);
      if (pr) out.pullRequests.push(pr);
    }
  }
  const active = [...steps].reverse().find((s) => list(s.progress).length);
  const last = obj(list(active?.progress).at(-1));
  out.activity = str(last?.message) ?? str(active?.title);
}

function readBlocks(state: Obj, out: SeerAnalysis): void {
  const blocks = list(state.blocks)
    .map(obj)
    .filter((b): b is Obj => !!b);
  for (const block of blocks) {
    for (const artifact of list(block.artifacts).map(obj)) {
      const data = obj(artifact?.data);
      if (!data) continue;
      if (artifact?.key === "root_cause") {
        const summary = str(data.one_line_description) ?? str(data.description);
        if (summary) {
          out.rootCause = {
            summary,
            fiveWhys: strings(data.five_whys),
            reproduction: strings(data.reproduction_steps),
            evidence: [],
            repos: strings([data.relevant_repo]),
          };
        }
      } else if (artifact?.key === "solution") {
        out.solution = {
          summary: str(data.one_line_summary),
          steps: list(data.steps).flatMap((s): SeerEvidence[] => {
            const step = obj(s);
            const title = str(step?.title);
            return title ? [{ title, detail: str(step?.description), important: false }] : [];
          }),
        };
      }
    }
  }
  for (const pr of Object.values(obj(state.repo_pr_states) ?? {})) {
    const url = str(obj(pr)?.pr_url);
    if (url) out.pullRequests.push(url);
  }
  const todos = blocks.flatMap((b) => list(b.todos).map(obj));
  const open = todos.find((t) => t?.status === "in_progress");
  const lastBlock = blocks.at(-1);
  out.activity = str(open?.content) ?? str(obj(lastBlock?.message)?.content);
}

/** Normalizes one autofix state object. */
export function readSeerState(state: Obj): SeerAnalysis {
  const rawStatus = String(state.status ?? "processing");
  const out: SeerAnalysis = {
    runId: state.run_id != null ? String(state.run_id) : undefined,
    status: statusOf(rawStatus),
    rawStatus,
    updatedAt: str(state.updated_at),
    pullRequests: [],
  };
  if (Array.isArray(state.blocks)) readBlocks(state, out);
  else readClassic(state, out);
  return out;
}
