import { z } from "zod";
import { UserInputError } from "../errors.js";
import type { SentryClient } from "../sentry-api/client.js";
import { bulkUpdateIssues } from "../sentry-api/issue-bulk.js";
import type { IssueUpdate } from "../sentry-api/issue-writes.js";
import { getIssue, type Issue, listIssues } from "../sentry-api/issues.js";
import { defineTool, structuredResult } from "./define.js";
import {
  ACTOR_FORMATS,
  type Actor,
  actorFrom,
  actorLabel,
  actorRef,
  resolveActor,
} from "./support/actors.js";
import { assertWithinPins, requireOrg } from "./support/constraints.js";
import {
  hasIgnoreInput,
  ISSUE_STATUSES,
  ignoreParams,
  type Resolution,
  resolutionApplied,
  resolutionParams,
  resolutionRequest,
  type StatusState,
  statusRequest,
  statusView,
} from "./support/issue-status.js";
import { organizationSlug, projectSlug } from "./support/params.js";
import { guardWrite } from "./support/write-errors.js";

/** At most this many issues change in one call. */
export const BULK_CAP = 100;
const READ_CONCURRENCY = 6;

const row = z.object({
  id: z.string(),
  shortId: z.string().nullable(),
  title: z.string(),
  project: z.string(),
  before: z.string(),
  after: z.string(),
  willChange: z.boolean(),
});

const output = z.object({
  organization: z.string(),
  dryRun: z.boolean(),
  applied: z.boolean(),
  summary: z.string(),
  matched: z.number(),
  changing: z.number(),
  unchanged: z.number(),
  moreMatch: z.boolean().describe("true when the query matches more issues than were considered"),
  issues: z.array(row),
  request: z.record(z.string(), z.unknown()).describe("The update sent (or that would be sent)"),
});

interface Plan {
  /** the update for issues not already in the wanted state */
  update: IssueUpdate;
  /** the wanted state in words */
  statusLabel?: string;
  assignee?: Actor | null;
  isApplied(issue: Issue): boolean;
}

function sameActor(a: Actor | null | undefined, b: Actor | null | undefined): boolean {
  return (a?.type ?? null) === (b?.type ?? null) && (a?.id ?? null) === (b?.id ?? null);
}

/** Status part of the plan: a resolution, a status (with ignore options), or nothing. */
function statusPlan(
  status: (typeof ISSUE_STATUSES)[number] | undefined,
  resolution: Resolution,
  ignore: Parameters<typeof statusRequest>[1],
): { update: IssueUpdate; label: string; isApplied(issue: StatusState): boolean } | undefined {
  const resolve = resolutionRequest(status, resolution, ignore);
  if (resolve) {
    const label =
      resolution.inRelease === "latest"
        ? "resolved in the latest release"
        : statusView({ status: "resolved", statusDetails: resolve.statusDetails }).label;
    return { update: resolve, label, isApplied: (i) => resolutionApplied(i, resolution) };
  }
  if (!status) {
    if (hasIgnoreInput(ignore)) throw new UserInputError('Ignore options need status: "ignored".');
    return undefined;
  }
  const request = statusRequest(status, ignore);
  const wanted = statusView(request.expected);
  const plainIgnore = status === "ignored" && !hasIgnoreInput(ignore);
  return {
    update: request.body,
    label: wanted.label,
    isApplied: (i) => (plainIgnore ? i.status === "ignored" : statusView(i).key === wanted.key),
  };
}

async function readIssues(
  client: SentryClient,
  org: string,
  ids: readonly string[],
  signal: AbortSignal,
): Promise<Issue[]> {
  const out: Issue[] = [];
  for (let i = 0; i < ids.length; i += READ_CONCURRENCY) {
    const batch = ids.slice(i, i + READ_CONCURRENCY);
    out.push(...(await Promise.all(batch.map((id) => getIssue(client, org, id, signal)))));
  }
  const seen = new Set<string>();
  return out.filter((issue) => !seen.has(issue.id) && seen.add(issue.id));
}

export default defineTool({
  name: "bulk_update_issues",
  title: "Bulk Triage Many Issues at Once",
  description: [
    `Bulk triage: apply one update_issue change (status, release or commit resolution, ignore, assignee) to many issues at once: by issueIds, or every issue matching a search query (at most ${BULK_CAP}).`,
    "Dry run by default: lists each issue's before → after; call again with dryRun false to apply.",
  ].join(" "),
  inputSchema: {
    organizationSlug: organizationSlug.optional(),
    issueIds: z
      .array(z.string().trim().min(1).max(100))
      .min(1)
      .max(BULK_CAP)
      .optional()
      .describe("Numeric or short IDs (BACKEND-1A)"),
    query: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .optional()
      .describe("Sentry issue search, instead of issueIds (e.g. is:unresolved release:1.2.0)"),
    projectSlug: projectSlug.optional().describe("Limit the query to one project"),
    limit: z
      .number()
      .int()
      .min(1)
      .max(BULK_CAP)
      .default(25)
      .describe(`With query: how many matching issues to change (max ${BULK_CAP})`),
    status: z.enum(ISSUE_STATUSES).optional().describe("New status"),
    assignedTo: z
      .string()
      .trim()
      .max(200)
      .optional()
      .describe(`Assignee: ${ACTOR_FORMATS}; "" unassigns`),
    ...ignoreParams,
    ...resolutionParams,
    dryRun: z.boolean().default(true).describe("List what would change without changing it"),
  },
  outputSchema: output,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: true,
  },
  skills: ["triage"],
  requiredScopes: ["event:write"],
  async handler(params, ctx) {
    const org = requireOrg(ctx, params.organizationSlug);
    if ((params.issueIds === undefined) === (params.query === undefined)) {
      throw new UserInputError("Pass issueIds or query (one of them).");
    }
    const status = statusPlan(
      params.status,
      { inRelease: params.inRelease, inCommit: params.inCommit },
      {
        ignoreMode: params.ignoreMode,
        ignoreDurationMinutes: params.ignoreDurationMinutes,
        ignoreCount: params.ignoreCount,
        ignoreWindowMinutes: params.ignoreWindowMinutes,
        ignoreUserCount: params.ignoreUserCount,
        ignoreUserWindowMinutes: params.ignoreUserWindowMinutes,
      },
    );
    if (!status && params.assignedTo === undefined) {
      throw new UserInputError(
        'Pass status (or inRelease/inCommit) and/or assignedTo ("" unassigns).',
      );
    }
    const [found, assignee] = await Promise.all([
      findIssues(ctx.client, org, params, ctx.signal),
      params.assignedTo === undefined
        ? undefined
        : params.assignedTo === ""
          ? null
          : resolveActor(ctx.client, org, params.assignedTo, ctx.signal),
    ]);
    for (const issue of found.issues) assertWithinPins(ctx, org, issue.project.slug);
    const plan: Plan = {
      update: {
        ...status?.update,
        ...(assignee === undefined ? {} : { assignedTo: assignee ? actorRef(assignee) : "" }),
      },
      statusLabel: status?.label,
      assignee,
      isApplied: (issue) =>
        (!status || status.isApplied(issue)) &&
        (assignee === undefined || sameActor(actorFrom(issue.assignedTo), assignee)),
    };
    let rows = found.issues.map((issue) => planRow(issue, plan));
    const changing = rows.filter((r) => r.willChange);
    let applied = false;
    if (!params.dryRun && changing.length > 0) {
      const result = await guardWrite(
        {
          action: `update ${issuesText(changing.length)}`,
          scope: "event:write",
          skill: "triage",
          fields: {
            statusDetails:
              "Check inRelease (find_releases lists versions), inCommit.repository, or the ignore condition.",
            status: `Use one of ${ISSUE_STATUSES.join(", ")}.`,
            assignedTo: `The assignee must be a member or team of the organization: ${ACTOR_FORMATS}.`,
          },
        },
        () =>
          bulkUpdateIssues(
            ctx.client,
            org,
            changing.map((r) => r.id),
            plan.update,
            ctx.signal,
          ),
      );
      applied = true;
      // Sentry answers the fields it applied: report those (e.g. the version "latest" became).
      if (result?.status) {
        plan.statusLabel = statusView(result).label;
        rows = found.issues.map((issue) => planRow(issue, plan));
      }
    }
    const what = describePlan(plan);
    const summary = params.dryRun
      ? changing.length > 0
        ? `Dry run: ${changing.length} of ${issuesText(rows.length)} would change (${what}); ${rows.length - changing.length} already so. Nothing was changed: call again with dryRun false to apply.`
        : `Dry run: nothing to change; all ${issuesText(rows.length)} are already so (${what}).`
      : applied
        ? `Updated ${changing.length} of ${issuesText(rows.length)} (${what}); ${rows.length - changing.length} already so.`
        : `Nothing to change: all ${issuesText(rows.length)} are already so (${what}).`;
    return structuredResult({
      organization: org,
      dryRun: params.dryRun,
      applied,
      summary: found.more
        ? `${summary} More issues match the query than the ${rows.length} considered (limit).`
        : summary,
      matched: rows.length,
      changing: changing.length,
      unchanged: rows.length - changing.length,
      moreMatch: found.more,
      issues: rows,
      request: plan.update as Record<string, unknown>,
    });
  },
});

async function findIssues(
  client: SentryClient,
  org: string,
  params: { issueIds?: string[]; query?: string; projectSlug?: string; limit: number },
  signal: AbortSignal,
): Promise<{ issues: Issue[]; more: boolean }> {
  if (params.issueIds) {
    return { issues: await readIssues(client, org, params.issueIds, signal), more: false };
  }
  const page = await listIssues(client, org, {
    query: params.query,
    projectIds: params.projectSlug ? [params.projectSlug] : undefined,
    limit: params.limit,
    signal,
  });
  return { issues: page.data.slice(0, params.limit), more: Boolean(page.nextCursor) };
}

function planRow(issue: Issue, plan: Plan): z.output<typeof row> {
  const before = describeIssue(statusView(issue).label, actorFrom(issue.assignedTo));
  const willChange = !plan.isApplied(issue);
  const after = willChange
    ? describeIssue(
        plan.statusLabel ?? statusView(issue).label,
        plan.assignee === undefined ? actorFrom(issue.assignedTo) : plan.assignee,
      )
    : before;
  return {
    id: issue.id,
    shortId: issue.shortId ?? null,
    title: issue.title,
    project: issue.project.slug,
    before,
    after,
    willChange,
  };
}

function issuesText(n: number): string {
  return `${n} issue${n === 1 ? "" : "s"}`;
}

function describeIssue(status: string, assignee: Actor | null): string {
  return `${status}, ${assignee ? `assigned to ${actorLabel(assignee)}` : "unassigned"}`;
}

function describePlan(plan: Plan): string {
  const parts: string[] = [];
  if (plan.statusLabel) parts.push(plan.statusLabel);
  if (plan.assignee !== undefined)
    parts.push(plan.assignee ? `assigned to ${actorLabel(plan.assignee)}` : "unassigned");
  return parts.join(", ");
}
