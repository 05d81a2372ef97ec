/** Shared route plumbing: errors, lookups, Sentry-style cursor pagination. */

import type { Context, Hono } from "hono";
import type {
  EventRecord,
  IssueRecord,
  OrgRecord,
  ProjectRecord,
  SandboxStore,
} from "../data/types.js";

export interface RouteDeps {
  store: SandboxStore;
  /** fixed base URL; when absent it is derived from each request's origin */
  baseUrl?: string;
}

export type App = Hono;

export const NOT_FOUND = "The requested resource does not exist";

/** Thrown by handlers; rendered as `{"detail": ...}` with the given status. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 500,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export function fail(status: ApiError["status"], detail: string): never {
  throw new ApiError(status, detail);
}

export function baseUrlOf(c: Context, deps: RouteDeps): string {
  return deps.baseUrl ?? new URL(c.req.url).origin;
}

export function findOrg(store: SandboxStore, idOrSlug: string): OrgRecord {
  const org = store.organizations.find((o) => o.slug === idOrSlug || o.id === idOrSlug);
  if (!org) fail(404, NOT_FOUND);
  return org;
}

export function findProject(store: SandboxStore, org: OrgRecord, idOrSlug: string): ProjectRecord {
  const project = store.projects.find(
    (p) => p.orgId === org.id && (p.slug === idOrSlug || p.id === idOrSlug),
  );
  if (!project) fail(404, NOT_FOUND);
  return project;
}

export function orgOfProject(store: SandboxStore, projectId: string): string | undefined {
  return store.projects.find((p) => p.id === projectId)?.orgId;
}

export function issuesOfOrg(store: SandboxStore, org: OrgRecord): IssueRecord[] {
  return store.issues.filter((i) => orgOfProject(store, i.projectId) === org.id);
}

/** Numeric group id or (case-insensitive) short id, scoped to the organization. */
export function findIssue(store: SandboxStore, org: OrgRecord, idOrShortId: string): IssueRecord {
  const wanted = idOrShortId.toUpperCase();
  const issue = issuesOfOrg(store, org).find(
    (i) => i.id === idOrShortId || i.shortId.toUpperCase() === wanted,
  );
  if (!issue) fail(404, NOT_FOUND);
  return issue;
}

/** Events of an issue, newest first. */
export function eventsOfIssue(store: SandboxStore, issueId: string): EventRecord[] {
  return store.events
    .filter((e) => e.groupID === issueId)
    .sort((a, b) => b.dateCreated.localeCompare(a.dateCreated) || a.id.localeCompare(b.id));
}

const PERIOD = /^(\d+)([smhdw])$/;
const UNIT_MS: Record<string, number> = { s: 1e3, m: 6e4, h: 36e5, d: 864e5, w: 6048e5 };

/** Parses `24h`, `14d`, ... into milliseconds; 400 on anything else. */
export function parsePeriod(value: string, name = "statsPeriod"): number {
  const m = PERIOD.exec(value.trim());
  if (!m) fail(400, `Invalid ${name}: '${value}'`);
  return Number(m[1]) * UNIT_MS[m[2]];
}

/** Time window from statsPeriod or start/end; null when no window was requested. */
export function timeWindow(c: Context, now: Date): { start: number; end: number } | null {
  const period = c.req.query("statsPeriod");
  const start = c.req.query("start");
  const end = c.req.query("end");
  if (period && (start || end)) fail(400, "statsPeriod cannot be combined with start and end");
  if (period) return { start: now.getTime() - parsePeriod(period), end: now.getTime() };
  if (start || end) {
    if (!start || !end) fail(400, "start and end are both required");
    const s = Date.parse(start);
    const e = Date.parse(end);
    if (Number.isNaN(s) || Number.isNaN(e)) fail(400, "start and end must be ISO 8601 timestamps");
    if (s > e) fail(400, "start must be before end");
    return { start: s, end: e };
  }
  return null;
}

export interface PageOptions {
  /** query params holding the page size, first present wins (e.g. ["limit", "per_page"]) */
  sizeParams?: string[];
  defaultSize?: number;
  maxSize?: number;
}

/**
 * Slices `items` like Sentry's paginators and sets the `Link` header. Cursors have Sentry's
 * `value:offset:is_prev` shape (`0:100:0`); the offset is the index of the page's first item.
 */
export function paginate<T>(c: Context, deps: RouteDeps, items: T[], opts: PageOptions = {}): T[] {
  const { sizeParams = ["per_page"], defaultSize = 100, maxSize = 100 } = opts;
  let size = defaultSize;
  for (const name of sizeParams) {
    const raw = c.req.query(name);
    if (raw === undefined || raw === "") continue;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) fail(400, `Invalid ${name} parameter.`);
    if (n > maxSize) fail(400, `Invalid ${name} parameter. Max is ${maxSize}`);
    size = n;
    break;
  }
  let offset = 0;
  const cursor = c.req.query("cursor");
  if (cursor !== undefined) {
    const m = /^(\d+):(\d+):([01])$/.exec(cursor);
    if (!m) fail(400, "Invalid cursor parameter.");
    offset = Number(m[2]);
  }
  const page = items.slice(offset, offset + size);
  const url = new URL(c.req.url);
  const link = (rel: string, hasResults: boolean, cur: string) => {
    const params = new URLSearchParams(url.search);
    params.set("cursor", cur);
    const href = `${baseUrlOf(c, deps)}${url.pathname}?${params.toString()}`;
    return `<${href}>; rel="${rel}"; results="${hasResults}"; cursor="${cur}"`;
  };
  const prev = link("previous", offset > 0, `0:${Math.max(0, offset - size)}:1`);
  const next = link("next", offset + size < items.length, `0:${offset + size}:0`);
  c.header("Link", `${prev}, ${next}`);
  return page;
}

/** Repeated query param values, also accepting comma-separated lists. */
export function listParam(c: Context, name: string): string[] {
  return (c.req.queries(name) ?? [])
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v) => v !== "");
}
