/** Helpers for performance-issue seeds: span trees for `spans` entries. */

import type { JsonObject } from "./types.js";
import { hexId } from "./util.js";

/** [spanId, parentSpanId, op, description, startOffsetMs, durationMs] */
export type SpanRow = [string, string | null, string, string, number, number];

export function spansEntry(seed: string, startMs: number, rows: SpanRow[]): JsonObject {
  const traceId = hexId(`${seed}:trace`);
  return {
    type: "spans",
    data: rows.map(
      ([spanId, parent, op, description, offset, duration]): JsonObject => ({
        span_id: spanId,
        trace_id: traceId,
        parent_span_id: parent,
        op,
        description,
        status: "ok",
        start_timestamp: (startMs + offset) / 1000,
        timestamp: (startMs + offset + duration) / 1000,
        exclusive_time: duration,
        data: op.startsWith("db") ? { "db.system": "postgresql" } : {},
      }),
    ),
  };
}

/** `count` repeated spans under `parent`, ids derived from `prefix`. */
export function repeatedSpans(
  prefix: string,
  parent: string,
  op: string,
  description: (k: number) => string,
  startOffset: number,
  count: number,
  duration: number,
): SpanRow[] {
  return Array.from(
    { length: count },
    (_, k): SpanRow => [
      `${prefix}${String(k).padStart(4, "0")}`.slice(0, 16).padEnd(16, "0"),
      parent,
      op,
      description(k),
      startOffset + k * (duration + 1),
      duration,
    ],
  );
}
