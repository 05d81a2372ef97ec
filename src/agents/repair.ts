/**
 * One repair call: the current request (+ natural-language text, + Sentry's rejection, + the
 * organization's field names) goes to the runner in the user message; the structured answer
 * is checked and turned back into a SearchRequest. Invalid values fall back to the current ones.
 */
import { z } from "zod";
import { DATASETS } from "../tools/support/events-datasets.js";
import type { FieldList } from "./fields.js";
import { SYSTEM_PROMPTS } from "./prompts.js";
import {
  compact,
  KEYS_BY_KIND,
  PERIOD,
  type RequestKey,
  type SearchKind,
  type SearchRequest,
} from "./request.js";
import type { AgentRunner } from "./types.js";

export const ISSUE_SORTS = ["date", "freq", "new", "user", "priority", "trends"] as const;
const MAX_QUERY = 1000;
const MAX_EXPLANATION = 300;

const period = z
  .string()
  .nullable()
  .describe("Relative period such as 1h, 24h, 7d; null keeps the current one");
const explanation = z.string().describe("One short sentence: what changed and why");

const SCHEMAS = {
  issues: z.object({
    query: z.string().describe("Sentry issue search query"),
    sort: z.enum(ISSUE_SORTS).nullable(),
    period,
    explanation,
  }),
  events: z.object({
    dataset: z.enum(DATASETS),
    query: z.string().describe("Sentry search query for the dataset"),
    fields: z.array(z.string()).nullable().describe("Columns, or null for the dataset defaults"),
    sort: z.string().nullable().describe("A selected field with optional - prefix, or null"),
    period,
    explanation,
  }),
  "issue-events": z.object({
    query: z.string().describe("Sentry event search query"),
    sort: z.enum(["newest", "random"]).nullable(),
    period,
    environment: z.string().nullable(),
    explanation,
  }),
} as const;

type Answer = {
  query: string;
  sort: string | null;
  period: string | null;
  explanation: string;
  dataset?: (typeof DATASETS)[number];
  fields?: string[] | null;
  environment?: string | null;
};

export interface RepairTask {
  kind: SearchKind;
  request: SearchRequest;
  explicit: ReadonlySet<RequestKey>;
  naturalLanguage?: string;
  /** Sentry's (or the tool's) reason for refusing `request` */
  rejection?: string;
  fields: FieldList[];
  now?: Date;
}

export interface Repaired {
  request: SearchRequest;
  explanation: string;
  model: string;
}

/** The variable half of the prompt. JSON.stringify keeps untrusted text on one quoted line. */
export function userMessage(task: RepairTask): string {
  const current = compact(task.request);
  const lines = [
    ...(task.naturalLanguage
      ? [`Natural-language request: ${JSON.stringify(task.naturalLanguage)}`]
      : []),
    `Current request: ${JSON.stringify(current)}`,
    `Set explicitly by the caller: ${
      KEYS_BY_KIND[task.kind].filter((k) => task.explicit.has(k)).join(", ") || "nothing"
    }`,
    ...(task.rejection
      ? [`Sentry rejected the current request: ${JSON.stringify(task.rejection)}`]
      : []),
    `Current time (UTC): ${(task.now ?? new Date()).toISOString()}`,
    ...task.fields.map((f) => `Known ${f.label}: ${f.names.join(", ")}`),
  ];
  return lines.join("\n");
}

function oneLine(value: string, max: number): string {
  const flat = value.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The answer as a request; anything invalid keeps the current value. */
export function toRequest(task: RepairTask, answer: Answer): SearchRequest {
  const current = task.request;
  const next: SearchRequest = { ...current, query: oneLine(answer.query, MAX_QUERY) };
  const periodOk = answer.period && PERIOD.test(answer.period.trim());
  if (periodOk && !current.start) next.period = answer.period!.trim();
  if (task.kind === "events") {
    const dataset = answer.dataset ?? current.dataset;
    const datasetChanged = dataset !== (current.dataset ?? "errors");
    next.dataset = dataset;
    const fields = answer.fields?.map((f) => f.trim()).filter(Boolean);
    if (fields?.length) next.fields = fields.slice(0, 20);
    else if (datasetChanged) delete next.fields;
    const fieldsChanged = JSON.stringify(next.fields) !== JSON.stringify(current.fields);
    if (answer.sort?.trim()) next.sort = answer.sort.trim();
    else if (datasetChanged || fieldsChanged) delete next.sort;
  } else if (answer.sort) {
    next.sort = answer.sort;
  }
  if (task.kind === "issue-events" && answer.environment !== undefined)
    next.environment = answer.environment?.trim() || current.environment;
  return { ...compact(next), query: next.query };
}

export async function repairRequest(
  runner: AgentRunner,
  task: RepairTask,
  signal?: AbortSignal,
): Promise<Repaired> {
  const schema = SCHEMAS[task.kind] as z.ZodType<Answer>;
  const { value, model } = await runner.generate({
    system: SYSTEM_PROMPTS[task.kind],
    prompt: userMessage(task),
    schema,
    schemaName: "search_request",
    signal,
  });
  return {
    request: toRequest(task, value),
    explanation: oneLine(value.explanation || "repaired", MAX_EXPLANATION),
    model,
  };
}
