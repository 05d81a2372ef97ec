import { z } from "zod";
import type { SentryClient } from "./client.js";
import type { TimeRange } from "./explore.js";
import { enc } from "./organizations.js";

const str = z.string().nullish();
const num = z.coerce.number().nullish();

/** An error or performance issue attached to a span (or orphaned at the trace's top level). */
export const TraceIssueSchema = z.object({
  event_id: str,
  id: z.union([z.string(), z.number()]).nullish(),
  issue_id: z.union([z.string(), z.number()]).nullish(),
  short_id: str,
  project_slug: str,
  description: str,
  title: str,
  level: str,
  culprit: str,
  event_type: str,
  type: str,
  start_timestamp: num,
  timestamp: num,
});
export type TraceIssue = z.output<typeof TraceIssueSchema>;

export interface TraceSpan {
  event_id?: string | null;
  span_id?: string | null;
  transaction_id?: string | null;
  parent_span_id?: string | null;
  project_slug?: string | null;
  op?: string | null;
  description?: string | null;
  transaction?: string | null;
  is_transaction?: boolean | null;
  status?: string | null;
  sdk_name?: string | null;
  profile_id?: string | null;
  start_timestamp?: number | null;
  end_timestamp?: number | null;
  duration?: number | null;
  exclusive_time?: number | null;
  measurements?: Record<string, unknown> | null;
  browser_web_vital?: Record<string, unknown> | null;
  mobile_app_vital?: Record<string, unknown> | null;
  additional_attributes?: Record<string, unknown> | null;
  tags?: Record<string, unknown> | null;
  data?: Record<string, unknown> | null;
  children: TraceSpan[];
  errors: TraceIssue[];
  occurrences: TraceIssue[];
}

const record = z.record(z.string(), z.unknown()).nullish();

export const TraceSpanSchema: z.ZodType<TraceSpan> = z.lazy(() =>
  z.object({
    event_id: str,
    span_id: str,
    transaction_id: str,
    parent_span_id: str,
    project_slug: str,
    op: str,
    description: str,
    transaction: str,
    is_transaction: z.boolean().nullish(),
    status: str,
    sdk_name: str,
    profile_id: str,
    start_timestamp: num,
    end_timestamp: num,
    duration: num,
    exclusive_time: num,
    measurements: record,
    browser_web_vital: record,
    mobile_app_vital: record,
    additional_attributes: record,
    tags: record,
    data: record,
    children: z
      .array(TraceSpanSchema)
      .nullish()
      .transform((v) => v ?? []),
    errors: z
      .array(TraceIssueSchema)
      .nullish()
      .transform((v) => v ?? []),
    occurrences: z
      .array(TraceIssueSchema)
      .nullish()
      .transform((v) => v ?? []),
  }),
);

/** Top-level items are root spans or errors without a span; told apart by their shape. */
const TraceItemSchema = z.record(z.string(), z.unknown()).transform((item, ctx) => {
  const isSpan =
    item.event_type === "span" || Array.isArray(item.children) || typeof item.op === "string";
  const parsed = isSpan ? TraceSpanSchema.safeParse(item) : TraceIssueSchema.safeParse(item);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    ctx.addIssue({
      code: "custom",
      message: `${first?.path.join(".") || "(item)"}: ${first?.message ?? "invalid"}`,
    });
    return z.NEVER;
  }
  return isSpan
    ? { kind: "span" as const, span: parsed.data as TraceSpan }
    : { kind: "issue" as const, issue: parsed.data as TraceIssue };
});
export type TraceItem = z.output<typeof TraceItemSchema>;

/** Span attributes worth asking the trace endpoint for (`additional_attributes`). */
export const SPAN_ATTRIBUTES = [
  "span.status",
  "span.self_time",
  "environment",
  "release",
  "http.method",
  "http.status_code",
  "http.response_content_length",
  "server.address",
  "db.system",
  "cache.hit",
  "messaging.system",
  "messaging.destination.name",
  "thread.name",
];

export async function getTrace(
  client: SentryClient,
  org: string,
  traceId: string,
  options: TimeRange & { additionalAttributes?: string[]; signal?: AbortSignal },
): Promise<TraceItem[]> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.get(
    `/api/0/organizations/${enc(org)}/trace/${enc(traceId)}/`,
    z.array(TraceItemSchema),
    {
      baseUrl,
      signal: options.signal,
      query: {
        statsPeriod: options.statsPeriod,
        start: options.start,
        end: options.end,
        project: -1,
        limit: 10_000,
        additional_attributes: options.additionalAttributes,
      },
    },
  );
}

const count = z.coerce.number().nullish();

/** Counts for a trace; older Sentry versions answer in snake_case. */
export const TraceMetaSchema = z
  .object({
    errorsCount: count,
    errors: count,
    performanceIssuesCount: count,
    performance_issues: count,
    logsCount: count,
    logs: count,
    metricsCount: count,
    spansCount: count,
    span_count: count,
    spansCountMap: z.record(z.string(), z.coerce.number()).nullish(),
    span_count_map: z.record(z.string(), z.coerce.number()).nullish(),
  })
  .transform((m) => ({
    errors: m.errorsCount ?? m.errors ?? undefined,
    performanceIssues: m.performanceIssuesCount ?? m.performance_issues ?? undefined,
    logs: m.logsCount ?? m.logs ?? undefined,
    metrics: m.metricsCount ?? undefined,
    spans: m.spansCount ?? m.span_count ?? undefined,
    spansByOp: m.spansCountMap ?? m.span_count_map ?? {},
  }));
export type TraceMeta = z.output<typeof TraceMetaSchema>;

export async function getTraceMeta(
  client: SentryClient,
  org: string,
  traceId: string,
  options: TimeRange & { signal?: AbortSignal },
): Promise<TraceMeta> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.get(
    `/api/0/organizations/${enc(org)}/trace-meta/${enc(traceId)}/`,
    TraceMetaSchema,
    {
      baseUrl,
      signal: options.signal,
      query: { statsPeriod: options.statsPeriod, start: options.start, end: options.end },
    },
  );
}
