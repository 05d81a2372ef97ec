import { z } from "zod";
import type { RequestKey } from "./request.js";

/** The search tools' natural-language parameter (the incumbent's name for it). */
export const naturalLanguageQuery = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .optional()
  .describe(
    "Plain-language search, e.g. `unresolved errors assigned to me in the last 24 hours`; translated to Sentry syntax (shown under Executed search). Prefer `query` when you know the syntax.",
  );

/** The request keys the caller actually passed (zod leaves absent optionals undefined). */
export function explicitKeys(
  params: Record<string, unknown>,
  keys: readonly RequestKey[],
): Set<RequestKey> {
  return new Set(keys.filter((k) => params[k] !== undefined));
}
