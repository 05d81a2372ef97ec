/** Routes: issue search, issue details and short-id lookup. */

import type { Context, Hono } from "hono";
import type { IssueRecord, OrgRecord, SandboxStore } from "../data/types.js";
import {
  baseUrlOf,
  fail,
  findIssue,
  findOrg,
  issuesOfOrg,
  listParam,
  NOT_FOUND,
  paginate,
  type RouteDeps,
  timeWindow,
} from "./http.js";
import { issueFilter } from "./search.js";
import {
  serializeIssueBase,
  serializeIssueDetail,
  serializeIssueListItem,
} from "./serialize-issues.js";

/**
 * Sentry's documented default for a missing `query` parameter is `is:unresolved`; the sandbox
 * follows the spec. An explicitly empty `query=` means "no filter" (all statuses).
 */
export const DEFAULT_ISSUE_QUERY = "is:unresolved";

const SORTS = [
  "date",
  "new",
  "freq",
  "user",
  "priority",
  "trends",
  "recommended",
  "inbox",
] as const;
const PRIORITY_RANK: Record<string, number> = { high: 3, medium: 2, low: 1 };

function sortIssues(issues: IssueRecord[], sort: string, now: number): IssueRecord[] {
  const byLastSeen = (a: IssueRecord, b: IssueRecord) => b.lastSeen.localeCompare(a.lastSeen);
  const trend = (i: IssueRecord) =>
    Number(i.count) / Math.max(1, (now - Date.parse(i.firstSeen)) / 3_600_000);
  const cmp: Record<string, (a: IssueRecord, b: IssueRecord) => number> = {
    date: byLastSeen,
    inbox: byLastSeen,
    new: (a, b) => b.firstSeen.localeCompare(a.firstSeen),
    freq: (a, b) => Number(b.count) - Number(a.count),
    user: (a, b) => b.userCount - a.userCount,
    priority: (a, b) =>
      (PRIORITY_RANK[b.priority ?? ""] ?? 0) - (PRIORITY_RANK[a.priority ?? ""] ?? 0) ||
      byLastSeen(a, b),
    recommended: (a, b) =>
      (PRIORITY_RANK[b.priority ?? ""] ?? 0) - (PRIORITY_RANK[a.priority ?? ""] ?? 0) ||
      byLastSeen(a, b),
    trends: (a, b) => trend(b) - trend(a),
  };
  return [...issues].sort((a, b) => cmp[sort](a, b) || a.id.localeCompare(b.id));
}

/** Applies the `project` and `environment` params; 403 for projects outside the org like Sentry. */
function scopeIssues(c: Context, store: SandboxStore, org: OrgRecord): IssueRecord[] {
  let issues = issuesOfOrg(store, org);
  const projects = listParam(c, "project");
  if (projects.length > 0 && !projects.includes("-1")) {
    const ids = projects.map((ref) => {
      const p = store.projects.find((x) => x.orgId === org.id && (x.id === ref || x.slug === ref));
      if (!p) fail(403, "You do not have permission to perform this action.");
      return p.id;
    });
    issues = issues.filter((i) => ids.includes(i.projectId));
  }
  const envs = listParam(c, "environment");
  if (envs.length > 0) issues = issues.filter((i) => i.environments.some((e) => envs.includes(e)));
  return issues;
}

export function registerIssueRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;

  app.get("/api/0/organizations/:org/issues/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const sort = c.req.query("sort") ?? "date";
    if (!(SORTS as readonly string[]).includes(sort)) fail(400, `Invalid sort: '${sort}'`);
    const rawQuery = c.req.query("query");
    const query = (rawQuery ?? DEFAULT_ISSUE_QUERY).trim();
    let issues = scopeIssues(c, store, org);

    const shortIdHit =
      c.req.query("shortIdLookup") !== "0" && /^[A-Za-z0-9-]+-[A-Za-z0-9]+$/.test(query)
        ? issues.find((i) => i.shortId.toUpperCase() === query.toUpperCase())
        : undefined;
    if (shortIdHit) {
      issues = [shortIdHit];
    } else {
      const window = timeWindow(c, store.now);
      if (window) {
        issues = issues.filter(
          (i) => Date.parse(i.lastSeen) >= window.start && Date.parse(i.firstSeen) <= window.end,
        );
      }
      issues = issues.filter(issueFilter(store, org, query, issuesOfOrg(store, org)));
    }
    const sorted = sortIssues(issues, sort, store.now.getTime());
    const page = paginate(c, deps, sorted, { sizeParams: ["limit", "per_page"] });
    c.header("X-Hits", String(sorted.length));
    c.header("X-Max-Hits", "1000");
    const collapse = new Set(listParam(c, "collapse"));
    const base = baseUrlOf(c, deps);
    return c.json(page.map((i) => serializeIssueListItem(store, i, base, { collapse })));
  });

  app.get("/api/0/organizations/:org/issues/:issueId/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const issue = findIssue(store, org, c.req.param("issueId"));
    return c.json(serializeIssueDetail(store, issue, baseUrlOf(c, deps)));
  });

  app.get("/api/0/organizations/:org/shortids/:shortId/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const wanted = c.req.param("shortId").toUpperCase();
    const issue = issuesOfOrg(store, org).find((i) => i.shortId.toUpperCase() === wanted);
    if (!issue) fail(404, NOT_FOUND);
    const project = store.projects.find((p) => p.id === issue.projectId)!;
    return c.json({
      organizationSlug: org.slug,
      projectSlug: project.slug,
      groupId: issue.id,
      group: serializeIssueBase(store, issue, baseUrlOf(c, deps)),
      shortId: issue.shortId,
    });
  });
}
