import { z } from "zod";
import { UserInputError } from "../../errors.js";
import type { TimeRange } from "../../sentry-api/explore.js";

export const isoDateTime = z
  .string()
  .trim()
  .max(40)
  .regex(
    /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/,
    "must be an ISO 8601 date or date-time such as 2026-10-31T08:00:00Z",
  );

/** `period` or `start`+`end` (never both), else the default period. */
export function resolveTimeRange(
  params: { period?: string; start?: string; end?: string },
  defaultPeriod: string,
): TimeRange {
  const { period, start, end } = params;
  if (period && (start || end))
    throw new UserInputError("Pass either period or start and end, not both.");
  if (start || end) {
    if (!start || !end) throw new UserInputError("start and end go together; pass both.");
    if (Date.parse(start) >= Date.parse(end))
      throw new UserInputError(`start (${start}) must be before end (${end}).`);
    return { start, end };
  }
  return { statsPeriod: period ?? defaultPeriod };
}

/** `last 14d` or `2026-10-01T00:00:00Z – 2026-10-02T00:00:00Z`, for headings. */
export function describeRange(range: TimeRange): string {
  return range.statsPeriod ? `last ${range.statsPeriod}` : `${range.start} – ${range.end}`;
}
