/**
 * Record types of the explore data: spans grouped into traces, logs, trace metrics and
 * profiled function calls. The events endpoint (`dataset=spans|logs|tracemetrics|
 * profile_functions`), the trace endpoints and the trace-items attributes endpoint read them.
 */

export type AttributeValue = string | number | boolean;

export interface SpanRecord {
  spanId: string;
  traceId: string;
  parentSpanId: string | null;
  projectId: string;
  /** event id of the segment (transaction) the span belongs to */
  segmentId: string;
  /** name of the segment, e.g. `GET /api/v2/orders/` */
  transaction: string;
  /** true for the root span of a segment (a transaction) */
  isSegment: boolean;
  op: string;
  description: string;
  /** `ok`, `internal_error`, `deadline_exceeded`, ... */
  status: string;
  startMs: number;
  durationMs: number;
  /** duration minus the time covered by direct children */
  selfMs: number;
  environment: string;
  release: string | null;
  sdkName: string;
  /** extra span attributes: `http.status_code`, `db.system`, `cache.hit`, ... */
  attributes: Record<string, AttributeValue>;
  /** web vitals (`lcp`, `fcp`, `cls`, `ttfb`) or app vitals (`app_start_cold`) of a segment */
  measurements: Record<string, number>;
  profileId: string | null;
}

export interface LogRecord {
  id: string;
  traceId: string;
  spanId: string | null;
  projectId: string;
  timestampMs: number;
  /** trace, debug, info, warn, error, fatal */
  severity: string;
  message: string;
  environment: string;
  release: string | null;
  attributes: Record<string, AttributeValue>;
}

export interface MetricRecord {
  id: string;
  traceId: string;
  spanId: string;
  projectId: string;
  timestampMs: number;
  name: string;
  /** counter, gauge, distribution */
  type: string;
  /** millisecond, byte, none, ... */
  unit: string;
  value: number;
  environment: string;
  attributes: Record<string, AttributeValue>;
}

/** One sampled call of a function in a profile (the profile_functions dataset). */
export interface ProfileCallRecord {
  profileId: string;
  projectId: string;
  timestampMs: number;
  transaction: string;
  function: string;
  package: string;
  isApplication: boolean;
  durationMs: number;
  environment: string;
  release: string | null;
}

export interface ExploreData {
  /** trace ids of the hand-written traces by name (checkout, orders, reports, ...) */
  traceIds: Record<string, string>;
  spans: SpanRecord[];
  logs: LogRecord[];
  metrics: MetricRecord[];
  profileCalls: ProfileCallRecord[];
}
