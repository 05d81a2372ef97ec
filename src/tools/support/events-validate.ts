/**
 * search_events checks what it can before any request (sort among the fields, aggregates where
 * allowed, balanced parentheses) and, when Sentry still rejects a query with 400, lists the
 * fields this organization's data actually has (trace-items attributes, only on that path).
 */

import { ApiError, UserInputError } from "../../errors.js";
import { listTraceItemAttributes } from "../../sentry-api/explore.js";
import type { ToolContext } from "../types.js";
import { balanced, DATASET_CONFIG, type Dataset, isAggregate } from "./events-datasets.js";

const MAX_FIELDS = 20;
const MAX_LISTED = 40;

const list = (names: string[]) => names.map((n) => `\`${n.replace(/`/g, "'")}\``).join(", ");

/** Throws a UserInputError naming valid options when fields and sort cannot work together. */
export function validateSelection(dataset: Dataset, fields: string[], sort: string | undefined) {
  const config = DATASET_CONFIG[dataset];
  if (fields.length > MAX_FIELDS)
    throw new UserInputError(`At most ${MAX_FIELDS} fields per query; got ${fields.length}.`);
  const seen = new Set<string>();
  for (const field of fields) {
    if (seen.has(field)) throw new UserInputError(`Field \`${field}\` is listed twice.`);
    seen.add(field);
    if (!balanced(field))
      throw new UserInputError(
        `Field \`${field}\` has unbalanced parentheses. Aggregates look like ${list(config.aggregates.slice(0, 2))}.`,
      );
    if (!config.aggregatesAllowed && isAggregate(field))
      throw new UserInputError(
        `The ${dataset} dataset has no aggregates such as \`${field}\`. Fields: ${list(config.allowedFields ?? config.commonFields)}.`,
      );
    if (config.allowedFields && !config.allowedFields.includes(field))
      throw new UserInputError(
        `\`${field}\` is not a ${dataset} field. Fields: ${list(config.allowedFields)}.`,
      );
  }
  if (sort !== undefined) {
    const bare = sort.replace(/^-/, "");
    if (!fields.includes(bare)) {
      throw new UserInputError(
        `sort \`${sort}\` is not one of the selected fields; Sentry sorts only by a selected field. ` +
          `Sort by one of ${list(fields)} (prefix - for descending), or add \`${bare}\` to fields.`,
      );
    }
  }
}

async function attributeNames(
  ctx: ToolContext,
  org: string,
  itemType: string,
): Promise<{ strings: string[]; numbers: string[] } | undefined> {
  try {
    const [strings, numbers] = await Promise.all([
      listTraceItemAttributes(ctx.client, org, itemType, "string", ctx.signal),
      listTraceItemAttributes(ctx.client, org, itemType, "number", ctx.signal),
    ]);
    return { strings: strings.map((a) => a.key), numbers: numbers.map((a) => a.key) };
  } catch {
    return undefined;
  }
}

function capped(names: string[]): string {
  const shown = names.slice(0, MAX_LISTED);
  const more = names.length - shown.length;
  return `${list(shown)}${more > 0 ? ` and ${more} more` : ""}`;
}

/**
 * Rewrites a 400 from Sentry into an error that lists valid fields. Other errors pass through.
 * For spans, logs and metrics the list comes from the organization's own attributes.
 */
export async function explainRejection(
  error: unknown,
  ctx: ToolContext,
  org: string,
  dataset: Dataset,
): Promise<unknown> {
  if (!(error instanceof ApiError) || error.status !== 400) return error;
  const config = DATASET_CONFIG[dataset];
  const detail = error.detail ?? error.message;
  const parts = [`Sentry rejected the ${dataset} query (400): ${detail}.`];
  const attrs = config.itemType ? await attributeNames(ctx, org, config.itemType) : undefined;
  if (attrs) {
    parts.push(
      `Fields in this organization's ${dataset}: text ${capped(attrs.strings)}; numeric ${capped(attrs.numbers)}.`,
    );
  } else {
    parts.push(`Common ${dataset} fields: ${list(config.commonFields)}.`);
  }
  if (config.aggregates.length > 0)
    parts.push(
      `Aggregates take a numeric field, e.g. ${list(config.aggregates)}; sort must be one of the selected fields.`,
    );
  return new UserInputError(parts.join(" "));
}
