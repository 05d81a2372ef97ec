import { z } from "zod";
import { listIssueUserReports } from "../sentry-api/issue-activity.js";
import { getIssue } from "../sentry-api/issues.js";
import { defineTool, structuredResult } from "./define.js";
import { assertWithinPins } from "./support/constraints.js";
import { issueIdParam, issueUrlParam, resolveIssueTarget } from "./support/issue-target.js";
import { cursor, organizationSlug } from "./support/params.js";

const MAX_COMMENTS = 4000;

const output = z.object({
  organization: z.string(),
  issue: z.object({ id: z.string(), shortId: z.string().optional(), title: z.string().optional() }),
  reports: z.array(
    z.object({
      id: z.string(),
      eventId: z.string().optional(),
      date: z.string().optional(),
      name: z.string().optional(),
      email: z.string().optional(),
      comments: z.string(),
      user: z
        .object({
          id: z.string().optional(),
          username: z.string().optional(),
          email: z.string().optional(),
          name: z.string().optional(),
        })
        .optional(),
    }),
  ),
  note: z.string().optional(),
  nextCursor: z.string().optional(),
});

/** Drops blank strings and Sentry's `"None"` placeholder ids. */
function clean(value: string | null | undefined): string | undefined {
  const v = value?.trim();
  return v && v !== "None" ? v : undefined;
}

export default defineTool({
  name: "get_issue_user_reports",
  title: "Get Issue User Reports",
  description:
    "What users wrote when they hit this issue: user reports (crash-report dialog, legacy feedback) attached to its events, with name, email, comments and event ID. Paginated.",
  inputSchema: {
    organizationSlug: organizationSlug.optional(),
    issueId: issueIdParam,
    issueUrl: issueUrlParam,
    limit: z.number().int().min(1).max(100).default(25).describe("Reports per page (default 25)"),
    cursor,
  },
  outputSchema: output,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage", "seer"],
  requiredScopes: ["event:read"],
  async handler(params, ctx) {
    const { org, issueId } = resolveIssueTarget(params, ctx);
    const [issue, page] = await Promise.all([
      getIssue(ctx.client, org, issueId, ctx.signal),
      listIssueUserReports(ctx.client, org, issueId, {
        cursor: params.cursor,
        limit: params.limit,
        signal: ctx.signal,
      }),
    ]);
    assertWithinPins(ctx, org, issue.project.slug);
    const isFeedbackIssue = issue.issueCategory === "feedback" || issue.issueType === "feedback";
    return structuredResult({
      organization: org,
      issue: {
        id: issue.id,
        shortId: issue.shortId ?? undefined,
        title: issue.title || undefined,
      },
      reports: page.data.map((r) => {
        const user = r.user
          ? {
              id: clean(r.user.id),
              username: clean(r.user.username),
              email: clean(r.user.email),
              name: clean(r.user.name),
            }
          : undefined;
        const comments = r.comments ?? "";
        return {
          id: r.id,
          eventId: clean(r.eventID),
          date: clean(r.dateCreated),
          name: clean(r.name),
          email: clean(r.email),
          comments:
            comments.length > MAX_COMMENTS
              ? `${comments.slice(0, MAX_COMMENTS)}… (truncated)`
              : comments,
          user: user && Object.values(user).some(Boolean) ? user : undefined,
        };
      }),
      note:
        page.data.length === 0 && isFeedbackIssue
          ? "This is a User Feedback issue: its message is the issue itself (get_issue_details shows it)."
          : undefined,
      nextCursor: page.nextCursor,
    });
  },
});
