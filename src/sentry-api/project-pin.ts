/**
 * A session pinned to one project sends Sentry's own project filter (`project=<id>`) on every
 * organization-level list or query that takes one. A `project:` term inside a search query is
 * not a bound: Sentry's search accepts `OR`, so a caller's query could widen it.
 */
import type { Query } from "./query.js";

/** Organization-level GET endpoints whose results Sentry filters by `project`. */
const FILTERED = new Set([
  "events",
  "events-stats",
  "events-timeseries",
  "events-meta",
  "issues",
  "replays",
  "replay-count",
  "releases",
  "monitors",
  "tags",
  "trace-items/attributes",
  "profiling/flamegraph",
  "ai-conversations",
  "alert-rules",
  "combined-rules",
  "detectors",
  "workflows",
  "uptime",
  "sessions",
]);

const ORG_ENDPOINT = /^\/api\/0\/organizations\/[^/]+\/(.+?)\/?$/;

/** True when a GET to this path takes Sentry's `project` filter. */
export function takesProjectFilter(path: string): boolean {
  const endpoint = ORG_ENDPOINT.exec(path.split("?")[0])?.[1];
  return endpoint !== undefined && FILTERED.has(endpoint);
}

/** The query with `project` set to the pinned id (replacing whatever a caller sent). */
export function withPinnedProject(query: Query | undefined, projectId: string): Query {
  return { ...query, project: projectId };
}
