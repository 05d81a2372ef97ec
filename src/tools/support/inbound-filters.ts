/**
 * Custom inbound filters: the parameters the incumbent's tools take (data types, condition
 * types, limits), which conditions each data type accepts, the view the write tools report and
 * the errors Sentry answers, turned into fixes.
 */

import { z } from "zod";
import { ApiError, UserInputError } from "../../errors.js";
import type { InboundFilter } from "../../sentry-api/inbound-filters.js";
import { guardWrite, type WriteIntent } from "./write-errors.js";

export const DATA_TYPES = ["all", "error", "log", "metric", "span"] as const;
export type DataType = (typeof DATA_TYPES)[number];
const CONDITION_TYPES = [
  "error_type",
  "error_message",
  "log_message",
  "metric_name",
  "release",
  "ip_address",
] as const;

/** The condition types each data type has a field for. */
export const ACCEPTED: Record<DataType, readonly string[]> = {
  all: ["release", "ip_address"],
  error: ["error_type", "error_message", "release", "ip_address"],
  log: ["log_message", "release", "ip_address"],
  metric: ["metric_name", "release", "ip_address"],
  span: ["release", "ip_address"],
};

export const dataTypeParam = z
  .enum(DATA_TYPES)
  .describe("What it drops: error, log, metric, span, or all (all takes only release/ip_address)");

export const conditionsParam = z
  .array(
    z.object({
      type: z
        .enum(CONDITION_TYPES)
        .describe(
          "error: error_type, error_message; log: log_message; metric: metric_name; any: release, ip_address",
        ),
      value: z
        .array(z.string().trim().min(1))
        .min(1)
        .describe(
          "Case-insensitive globs (any matches), e.g. *ConnectionError*, app@2.*; IPs or CIDR for ip_address",
        ),
    }),
  )
  .min(1)
  .max(10)
  .describe("All conditions must match (AND); values within one are OR");

export const filterIdParam = z
  .string()
  .trim()
  .min(1)
  .describe("Filter ID (find_custom_inbound_filters lists them)");

export const filterViewSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  active: z.boolean().describe("false: kept but drops nothing"),
  dataType: z.string(),
  conditions: z.array(z.object({ type: z.string(), value: z.array(z.string()) })),
});
export type FilterView = z.output<typeof filterViewSchema>;

export function filterView(f: InboundFilter): FilterView {
  return {
    id: f.id,
    name: f.name ?? null,
    active: f.active,
    dataType: f.dataType,
    conditions: f.conditions.map((c) => ({ type: c.type, value: [...c.value] })),
  };
}

/** Refuses, before anything is sent, a condition the data type has no field for. */
export function assertConditionsFit(
  dataType: DataType,
  conditions: ReadonlyArray<{ type: string }>,
): void {
  const allowed = ACCEPTED[dataType];
  const wrong = [...new Set(conditions.map((c) => c.type).filter((t) => !allowed.includes(t)))];
  if (wrong.length) {
    throw new UserInputError(
      `A filter on ${dataType} data cannot use the ${wrong.join(", ")} condition; it accepts ${allowed.join(", ")}.`,
    );
  }
}

/** "error filter dropping error_type in [A, B] and release in [x]" */
export function filterWords(f: FilterView): string {
  const conds = f.conditions.map((c) => `${c.type} matching ${c.value.join(" or ")}`).join(" and ");
  return `${f.dataType} data where ${conds}`;
}

export const FILTER_FIELD_FIXES: Record<string, string> = {
  conditions: `Each data type takes its own conditions: ${Object.entries(ACCEPTED)
    .map(([t, c]) => `${t}: ${c.join(", ")}`)
    .join("; ")}. ip_address values must be IP addresses or CIDR ranges.`,
  dataType:
    "Log and metric filters need the organization to ingest logs or metrics; use error, span or all otherwise.",
  name: "Use a name of at most 256 characters.",
};

const NOT_ENABLED =
  "Custom inbound filters are not enabled for this organization. The built-in inbound filters (Project Settings > Inbound Filters) still apply.";

function notEnabled(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 400 &&
    /feature enabled/i.test(error.message + (error.detail ?? ""))
  );
}

/** A read of filters, with "feature not enabled" said plainly. */
export async function readFilters<T>(read: () => Promise<T>, filterId?: string): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (notEnabled(error)) throw new UserInputError(NOT_ENABLED);
    if (filterId && error instanceof ApiError && error.status === 404)
      throw new UserInputError(
        `No custom inbound filter ${filterId} in this project (wrong ID or project, or already deleted); find_custom_inbound_filters lists them.`,
      );
    throw error;
  }
}

/** One filter write: never retried, refusals turned into field fixes. */
export function writeFilter<T>(
  intent: Omit<WriteIntent, "scope" | "skill">,
  write: () => Promise<T>,
) {
  return guardWrite(
    { scope: "project:write", skill: "project-management", fields: FILTER_FIELD_FIXES, ...intent },
    async () => {
      try {
        return await write();
      } catch (error) {
        if (notEnabled(error)) throw new UserInputError(NOT_ENABLED);
        throw error;
      }
    },
  );
}
