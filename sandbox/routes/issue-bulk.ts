/**
 * Bulk issue mutation, `PUT /organizations/{org}/issues/?id=..&id=..` (documented): the same
 * body as one issue's PUT applied to every listed issue, or, for status changes without `id`,
 * to the issues matching `query` (default `is:unresolved`, at most `limit` ≤ 100). Every issue
 * is validated before any changes; 204 when nothing matched; 200 with the applied fields.
 */

import type { Context, Hono } from "hono";
import type { IssueRecord, JsonObject } from "../data/types.js";
import { fail, findOrg, issuesOfOrg, listParam, type RouteDeps } from "./http.js";
import { draftUpdate } from "./issue-writes.js";
import { issueFilter } from "./search.js";
import { jsonBody, withFieldErrors } from "./write-helpers.js";

const MAX_IDS = 1000;
const MAX_LIMIT = 100;

export function registerIssueBulkRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;
  app.put(
    "/api/0/organizations/:org/issues/",
    withFieldErrors(async (c: Context) => {
      const org = findOrg(store, c.req.param("org")!);
      const body = await jsonBody(c);
      const ids = listParam(c, "id");
      if (ids.length > MAX_IDS) fail(400, `Too many issues: at most ${MAX_IDS} ids per request.`);
      if (ids.some((id) => !/^\d+$/.test(id))) fail(400, "Invalid issue id: ids are integers.");
      let issues = issuesOfOrg(store, org);
      const projects = listParam(c, "project").filter((p) => p !== "-1");
      if (projects.length > 0) {
        const wanted = projects.map((ref) => {
          const p = store.projects.find(
            (x) => x.orgId === org.id && (x.id === ref || x.slug === ref),
          );
          if (!p) fail(403, "You do not have permission to perform this action.");
          return p.id;
        });
        issues = issues.filter((i) => wanted.includes(i.projectId));
      }
      if (ids.length > 0) {
        issues = issues.filter((i) => ids.includes(i.id));
      } else {
        if (!("status" in body))
          fail(400, "You must specify a list of issues to perform this operation.");
        const limit = Math.min(Number(c.req.query("limit") ?? MAX_LIMIT) || MAX_LIMIT, MAX_LIMIT);
        const query = c.req.query("query") ?? "is:unresolved";
        issues = issues.filter(issueFilter(store, org, query, issues)).slice(0, limit);
      }
      if (issues.length === 0) return c.body(null, 204);
      const drafts: Array<[IssueRecord, IssueRecord]> = issues.map((i) => [
        i,
        draftUpdate(store, org.id, i, body),
      ]);
      for (const [issue, draft] of drafts) Object.assign(issue, draft);
      const sample = drafts[0][1];
      const result: JsonObject = {};
      if ("status" in body) {
        result.status = sample.status;
        // the spec types substatus as a string: resolved issues (substatus null) leave it out
        if (sample.substatus !== null) result.substatus = sample.substatus;
        result.statusDetails = sample.statusDetails;
      }
      if ("assignedTo" in body) result.assignedTo = sample.assignedTo;
      for (const flag of ["hasSeen", "isBookmarked", "isSubscribed", "isPublic"] as const) {
        if (flag in body) result[flag] = sample[flag];
      }
      if ("priority" in body) result.priority = sample.priority;
      return c.json(result);
    }),
  );
}
