/**
 * The structured search request an embedded agent repairs: what search_issues, search_events
 * and search_issue_events send to Sentry. Absent fields mean "the tool's default".
 */
import type { Dataset } from "../tools/support/events-datasets.js";

export type SearchKind = "issues" | "events" | "issue-events";

export interface SearchRequest {
  query?: string;
  sort?: string;
  /** relative stats period such as 24h */
  period?: string;
  /** absolute range (search_events); never combined with period */
  start?: string;
  end?: string;
  environment?: string | string[];
  /** search_events only */
  dataset?: Dataset;
  fields?: string[];
}

export type RequestKey = keyof SearchRequest;

/** Keys each tool sends, in display order. */
export const KEYS_BY_KIND: Record<SearchKind, readonly RequestKey[]> = {
  issues: ["query", "sort", "period"],
  events: ["dataset", "query", "fields", "sort", "period", "start", "end", "environment"],
  "issue-events": ["query", "sort", "period", "environment"],
};

export const PERIOD = /^\d+[smhdw]$/;

/** Equal values; an empty query is the same as none. */
function same(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => JSON.stringify(v === "" || v === undefined ? null : v);
  return norm(a) === norm(b);
}

/** Keys whose values differ between two requests. */
export function changedKeys(
  kind: SearchKind,
  before: SearchRequest,
  after: SearchRequest,
): RequestKey[] {
  return KEYS_BY_KIND[kind].filter((k) => !same(before[k], after[k]));
}

/** Drops undefined values so requests compare and print cleanly. */
export function compact(request: SearchRequest): SearchRequest {
  return Object.fromEntries(
    Object.entries(request).filter(([, v]) => v !== undefined && v !== ""),
  ) as SearchRequest;
}
