import { z } from "zod";
import type { SentryEvent } from "../../sentry-api/events.js";

/** Tolerant readers for event `entries`: every field may be missing or null upstream. */
const str = z.string().nullish();
const num = z.number().nullish();

export const FrameSchema = z.object({
  filename: str,
  absPath: str,
  module: str,
  package: str,
  function: str,
  lineNo: num,
  colNo: num,
  inApp: z.boolean().nullish(),
  context: z
    .array(z.tuple([z.number(), z.string().nullable()]))
    .nullish()
    .catch(null),
  vars: z.record(z.string(), z.unknown()).nullish().catch(null),
});
export type Frame = z.output<typeof FrameSchema>;

const StacktraceSchema = z
  .object({ frames: z.array(FrameSchema).nullish().catch(null) })
  .nullish()
  .catch(null);

export const ExceptionValueSchema = z.object({
  type: str,
  value: str,
  module: str,
  threadId: z.union([z.number(), z.string()]).nullish(),
  mechanism: z.object({ type: str, handled: z.boolean().nullish() }).nullish().catch(null),
  stacktrace: StacktraceSchema,
});
export type ExceptionValue = z.output<typeof ExceptionValueSchema>;

const ExceptionEntry = z.object({ values: z.array(ExceptionValueSchema).nullish().catch(null) });

export const BreadcrumbSchema = z.object({
  timestamp: z.union([z.string(), z.number()]).nullish(),
  type: str,
  category: str,
  level: str,
  message: str,
  data: z.record(z.string(), z.unknown()).nullish().catch(null),
});
export type Breadcrumb = z.output<typeof BreadcrumbSchema>;
const BreadcrumbsEntry = z.object({ values: z.array(BreadcrumbSchema).nullish().catch(null) });

const RequestEntry = z.object({
  method: str,
  url: str,
  query: z.unknown(),
  data: z.unknown(),
  inferredContentType: str,
});

const CspEntry = z.object({
  blocked_uri: str,
  violated_directive: str,
  effective_directive: str,
  document_uri: str,
  source_file: str,
  line_number: z.union([z.number(), z.string()]).nullish(),
  original_policy: str,
  disposition: str,
  referrer: str,
});
export type CspReport = z.output<typeof CspEntry>;

export const SpanSchema = z.object({
  span_id: str,
  parent_span_id: str,
  op: str,
  description: str,
  start_timestamp: num,
  timestamp: num,
});
export type Span = z.output<typeof SpanSchema>;
const MessageEntry = z.object({ formatted: str, message: str });
const ThreadsEntry = z.object({
  values: z
    .array(
      z.object({
        id: z.union([z.number(), z.string()]).nullish(),
        name: str,
        crashed: z.boolean().nullish(),
        current: z.boolean().nullish(),
        stacktrace: StacktraceSchema,
      }),
    )
    .nullish()
    .catch(null),
});
export type ThreadsData = z.output<typeof ThreadsEntry>;

function entry<S extends z.ZodType>(
  event: SentryEvent,
  type: string,
  schema: S,
): z.output<S> | undefined {
  const found = event.entries?.find((e) => e.type === type);
  if (!found) return undefined;
  const parsed = schema.safeParse(found.data);
  return parsed.success ? parsed.data : undefined;
}

export function exceptionsOf(event: SentryEvent): ExceptionValue[] {
  return entry(event, "exception", ExceptionEntry)?.values ?? [];
}
export function breadcrumbsOf(event: SentryEvent): Breadcrumb[] {
  return entry(event, "breadcrumbs", BreadcrumbsEntry)?.values ?? [];
}
export function requestOf(event: SentryEvent) {
  return entry(event, "request", RequestEntry);
}
export function messageOf(event: SentryEvent): string | undefined {
  const m = entry(event, "message", MessageEntry);
  return m?.formatted ?? m?.message ?? undefined;
}
export function threadsOf(event: SentryEvent): ThreadsData["values"] {
  return entry(event, "threads", ThreadsEntry)?.values ?? [];
}
/** A bare `stacktrace` entry (message events with attached stack). */
export function stacktraceOf(event: SentryEvent): Frame[] {
  return (
    entry(event, "stacktrace", z.object({ frames: z.array(FrameSchema).nullish().catch(null) }))
      ?.frames ?? []
  );
}

export function cspOf(event: SentryEvent): CspReport | undefined {
  return entry(event, "csp", CspEntry);
}

/** Spans of a transaction event's `spans` entry; malformed spans are skipped. */
export function spansOf(event: SentryEvent): Span[] {
  const raw = event.entries?.find((e) => e.type === "spans")?.data;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item) => {
    const parsed = SpanSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
