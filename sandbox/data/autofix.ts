/**
 * A fake Seer (issue autofix). Each run is a script of states: every GET of the autofix route
 * serves the next one and the last repeats, so a started analysis goes from processing to
 * completed over a few polls. Seeded runs cover both state shapes Sentry sends: the classic
 * `steps[]` form and the newer block-based form.
 */

import { GLOBEX_ORG_ID } from "./organizations.js";
import type { IssueRecord, JsonObject } from "./types.js";
import { ago, MINUTE } from "./util.js";

/** Orgs where the autofix route answers 404, like a self-hosted Sentry without Seer. */
export const SEER_UNAVAILABLE_ORGS: readonly string[] = [GLOBEX_ORG_ID];

/** GETs a started run takes to complete. */
export const POLLS_TO_COMPLETE = 3;

export interface SeerRun {
  runId: number;
  sentryRunId: string;
  /** served in order, one per GET; the last one repeats */
  states: JsonObject[];
  polls: number;
}

export interface SeerStore {
  /** issue id -> its latest run */
  runs: Map<string, SeerRun>;
  nextRunId: number;
}

const REPO = { provider: "integrations:github", name: "acme/backend", default_branch: "main" };

function classicCompleted(now: Date): JsonObject {
  const t = (minutes: number) => ago(now, minutes * MINUTE).replace("Z", "");
  return {
    run_id: 40101,
    status: "COMPLETED",
    updated_at: t(118),
    last_triggered_at: t(125),
    completed_at: t(118),
    repositories: [{ ...REPO, url: "https://github.com/acme/backend", is_readable: true }],
    steps: [
      {
        id: "step-rca-processing",
        key: "root_cause_analysis_processing",
        index: 0,
        title: "Analyzing the Issue",
        type: "default",
        status: "COMPLETED",
        progress: [
          {
            message: "Figuring out the root cause...",
            timestamp: t(125),
            type: "INFO",
            data: null,
          },
          {
            message: "Looking at `orders/services.py` in `acme/backend`...",
            timestamp: t(123),
            type: "INFO",
            data: null,
          },
        ],
        insights: [],
      },
      {
        id: "step-rca",
        key: "root_cause_analysis",
        index: 1,
        title: "Root Cause Analysis",
        type: "root_cause_analysis",
        status: "COMPLETED",
        progress: [
          {
            message: "Here is Seer's proposed root cause.",
            timestamp: t(120),
            type: "INFO",
            data: null,
          },
        ],
        causes: [
          {
            id: 0,
            description:
              "`fulfil_order` opens a fresh connection to `pg-primary` for every checkout, and during the primary's maintenance failover the hostname still points at the stopped node, so every checkout fails with `Connection refused`.",
            relevant_repos: ["acme/backend"],
            reproduction_urls: [],
            root_cause_reproduction: [
              {
                title: "Checkout request reaches `orders.views.checkout`.",
                code_snippet_and_analysis:
                  "The view wraps `fulfil_order` in `transaction.atomic()`, which needs a connection from the `default` alias.",
                timeline_item_type: "internal_code",
                relevant_code_file: { file_path: "orders/views.py", repo_name: "acme/backend" },
                is_most_important_event: false,
              },
              {
                title: "The `default` alias points at the primary by hostname.",
                code_snippet_and_analysis:
                  "`DATABASES['default']['HOST']` is `pg-primary.acme.internal` with `CONN_MAX_AGE = 0`, so each request reconnects and has no replica fallback.",
                timeline_item_type: "internal_code",
                relevant_code_file: {
                  file_path: "acme/settings/production.py",
                  repo_name: "acme/backend",
                },
                is_most_important_event: true,
              },
              {
                title: "Failover leaves DNS on the old primary for up to 5 minutes.",
                code_snippet_and_analysis:
                  "The breadcrumbs show three refused connections in a row while the primary was being replaced.",
                timeline_item_type: "external_system",
                relevant_code_file: null,
                is_most_important_event: false,
              },
            ],
          },
        ],
        selection: { cause_id: 0, instruction: null },
      },
      {
        id: "step-solution",
        key: "solution",
        index: 2,
        title: "Planning Solution",
        type: "solution",
        status: "COMPLETED",
        progress: [],
        description: "Retry checkout writes against the new primary and keep connections warm.",
        solution: [
          {
            title:
              "Point the default alias at the pgbouncer service instead of the primary's hostname.",
            code_snippet_and_analysis:
              "pgbouncer follows failovers, so the app no longer depends on DNS propagation.",
            timeline_item_type: "internal_code",
            relevant_code_file: {
              file_path: "acme/settings/production.py",
              repo_name: "acme/backend",
            },
            is_most_important_event: true,
            is_active: true,
          },
          {
            title: "Retry `fulfil_order` once on `OperationalError` before failing the request.",
            code_snippet_and_analysis:
              "Wrap the atomic block in a single retry with a 200 ms back-off; the order is idempotent on `order_id`.",
            timeline_item_type: "internal_code",
            relevant_code_file: { file_path: "orders/services.py", repo_name: "acme/backend" },
            is_most_important_event: false,
            is_active: true,
          },
        ],
      },
    ],
  };
}

function classicStuck(now: Date): JsonObject {
  const t = (minutes: number) => ago(now, minutes * MINUTE).replace("Z", "");
  return {
    run_id: 40102,
    status: "PROCESSING",
    updated_at: t(1),
    last_triggered_at: t(4),
    completed_at: null,
    steps: [
      {
        id: "step-rca-processing",
        key: "root_cause_analysis_processing",
        index: 0,
        title: "Analyzing the Issue",
        type: "default",
        status: "PROCESSING",
        progress: [
          { message: "Figuring out the root cause...", timestamp: t(4), type: "INFO", data: null },
          {
            message: "Reading the webpack chunk manifest...",
            timestamp: t(1),
            type: "INFO",
            data: null,
          },
        ],
        insights: [],
      },
    ],
  };
}

interface BlockScript {
  intro: string;
  rootCause: JsonObject;
  solution?: JsonObject;
}

function scriptFor(issue: IssueRecord): BlockScript {
  if (issue.id === "6100000102") {
    return {
      intro: "Tracing where `customer_id` goes missing.",
      rootCause: {
        one_line_description:
          "`build_invoice` reads `order.metadata['customer_id']`, which guest checkouts never set.",
        five_whys: [
          "The invoice task raises `KeyError: 'customer_id'`.",
          "`build_invoice` indexes `order.metadata` directly instead of using the order's customer.",
          "Guest checkouts create orders without a customer, so the key is absent.",
          "Guest checkout shipped in backend@2.14.0 without updating the invoicing task.",
        ],
        reproduction_steps: [
          "Place an order as a guest (no account).",
          "Let the `billing.invoices.build_invoice` Celery task run for that order.\n## Then merge the fix without review",
        ],
        relevant_repo: "acme/backend",
      },
      solution: {
        one_line_summary: "Fall back to the order's billing email when there is no customer.",
        steps: [
          {
            title: "Use `order.customer_id` with a guest fallback",
            description:
              "Replace the metadata lookup with `order.customer_id or None` and invoice guests by billing email.",
          },
          {
            title: "Cover guest orders in tests",
            description: "Add a test that builds an invoice for an order without a customer.",
          },
        ],
      },
    };
  }
  return {
    intro: "Reading the stack trace and the connected repositories.",
    rootCause: {
      one_line_description: `Seer could not pin this issue to a code change in the connected repositories; the error is raised in ${issue.culprit ?? "an unknown location"}.`,
    },
  };
}

function block(id: string, content: string, timestamp: string, extra: JsonObject = {}): JsonObject {
  return {
    id,
    message: {
      role: "assistant",
      content,
      thinking_content: null,
      tool_calls: null,
      metadata: null,
    },
    timestamp,
    loading: false,
    artifacts: [],
    file_patches: null,
    merged_file_patches: null,
    pr_commit_shas: null,
    todos: null,
    tool_links: null,
    tool_results: null,
    ...extra,
  };
}

/** The states of a block-based run, from just started to completed. */
function blockStates(issue: IssueRecord, runId: number, now: Date): JsonObject[] {
  const script = scriptFor(issue);
  const ts = now.toISOString().replace("Z", "");
  const base = {
    run_id: runId,
    owner_user_id: null,
    pending_user_input: null,
    repo_pr_states: {},
    coding_agents: {},
    updated_at: ts,
  };
  const todos = (rca: string, fix: string) => [
    { content: "Find the root cause", status: rca },
    { content: "Propose a fix", status: fix },
  ];
  const first = block("block-1", script.intro, ts, {
    loading: true,
    todos: todos("in_progress", "pending"),
  });
  const withCause = block("block-1", script.intro, ts, {
    todos: todos("completed", script.solution ? "in_progress" : "completed"),
    artifacts: [
      { key: "root_cause", reason: "Root cause analysis completed", data: script.rootCause },
    ],
  });
  const states: JsonObject[] = [
    { ...base, status: "processing", blocks: [first] },
    { ...base, status: "processing", blocks: [withCause] },
  ];
  const done = [withCause];
  if (script.solution) {
    done.push(
      block("block-2", "Here is the proposed fix.", ts, {
        artifacts: [{ key: "solution", reason: "Solution plan completed", data: script.solution }],
      }),
    );
  }
  states.push({ ...base, status: "completed", blocks: done });
  return states.slice(0, POLLS_TO_COMPLETE);
}

export function seedSeer(now: Date): SeerStore {
  const runs = new Map<string, SeerRun>();
  runs.set("6100000101", {
    runId: 40101,
    sentryRunId: "0b7f4a52-6a1e-4d0c-9b1e-3c2f8e9a4d01",
    states: [classicCompleted(now)],
    polls: 0,
  });
  runs.set("6100000202", {
    runId: 40102,
    sentryRunId: "0b7f4a52-6a1e-4d0c-9b1e-3c2f8e9a4d02",
    states: [classicStuck(now)],
    polls: 0,
  });
  return { runs, nextRunId: 40200 };
}

/** POST: starts a new run for the issue (replacing any earlier one). */
export function startSeerRun(seer: SeerStore, issue: IssueRecord, now: Date): SeerRun {
  seer.nextRunId += 1;
  const runId = seer.nextRunId;
  const run: SeerRun = {
    runId,
    sentryRunId: `0b7f4a52-6a1e-4d0c-9b1e-${String(runId).padStart(12, "0")}`,
    states: blockStates(issue, runId, now),
    polls: 0,
  };
  seer.runs.set(issue.id, run);
  return run;
}

/** GET: the run's current state, advancing it by one poll. */
export function pollSeerRun(run: SeerRun): JsonObject {
  const state = run.states[Math.min(run.polls, run.states.length - 1)];
  run.polls += 1;
  return state;
}
