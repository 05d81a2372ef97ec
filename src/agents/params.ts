import { z } from "zod";
import type { RequestKey } from "./request.js";

/** The search tools' natural-language parameter (the incumbent's name for it). */
export const naturalLanguageQuery = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .optional()
  .describe("Plain-language search, translated to query syntax; prefer query if you know it");

/** The request keys the caller actually passed (zod leaves absent optionals undefined). */
export function explicitKeys(
  params: Record<string, unknown>,
  keys: readonly RequestKey[],
): Set<RequestKey> {
  return new Set(keys.filter((k) => params[k] !== undefined));
}
