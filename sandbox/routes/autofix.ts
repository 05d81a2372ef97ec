/** Routes: Seer's issue autofix (root cause analysis), served by the fake Seer of data/autofix.ts. */

import type { Hono } from "hono";
import { pollSeerRun, SEER_UNAVAILABLE_ORGS, startSeerRun } from "../data/autofix.js";
import type { IssueRecord, OrgRecord, SandboxStore } from "../data/types.js";
import { fail, findIssue, findOrg, NOT_FOUND, type RouteDeps } from "./http.js";

const STEPS = [
  "root_cause",
  "solution",
  "code_changes",
  "pr_iteration",
  "open_pr",
  "coding_agent_handoff",
];

function seerIssue(store: SandboxStore, org: string, issue: string): IssueRecord {
  const o: OrgRecord = findOrg(store, org);
  if (SEER_UNAVAILABLE_ORGS.includes(o.id)) fail(404, NOT_FOUND);
  return findIssue(store, o, issue);
}

export function registerAutofixRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;

  app.get("/api/0/organizations/:org/issues/:issueId/autofix/", (c) => {
    const issue = seerIssue(store, c.req.param("org"), c.req.param("issueId"));
    const run = store.seer.runs.get(issue.id);
    return c.json({ autofix: run ? structuredClone(pollSeerRun(run)) : null });
  });

  app.post("/api/0/organizations/:org/issues/:issueId/autofix/", async (c) => {
    const issue = seerIssue(store, c.req.param("org"), c.req.param("issueId"));
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    if (body.step !== undefined && !STEPS.includes(String(body.step)))
      fail(400, `step: "${String(body.step)}" is not a valid choice.`);
    if (typeof body.user_context === "string" && body.user_context.length > 1000)
      fail(400, "user_context: Ensure this field has no more than 1000 characters.");
    if (issue.issueCategory === "metric") fail(400, "Seer does not support metric issues.");
    const run = startSeerRun(store.seer, issue, store.now);
    return c.json({ run_id: run.runId, sentry_run_id: run.sentryRunId }, 202);
  });
}
