import { z } from "zod";
import { listIssueActivity, listIssueNotes } from "../sentry-api/issue-activity.js";
import { getIssue } from "../sentry-api/issues.js";
import { defineTool, structuredResult } from "./define.js";
import { activityActor, activitySummary } from "./support/activity-format.js";
import { assertWithinPins } from "./support/constraints.js";
import { issueIdParam, issueUrlParam, resolveIssueTarget } from "./support/issue-target.js";
import { cursor, organizationSlug } from "./support/params.js";

const MAX_COMMENT = 4000;

const output = z.object({
  organization: z.string(),
  issue: z.object({ id: z.string(), shortId: z.string().optional(), title: z.string().optional() }),
  comments: z.array(
    z.object({
      id: z.string(),
      author: z.string(),
      date: z.string().optional(),
      text: z.string(),
    }),
  ),
  activity: z.array(
    z.object({
      date: z.string().optional(),
      actor: z.string(),
      type: z.string(),
      summary: z.string(),
    }),
  ),
  omittedActivity: z.number().optional(),
  nextCommentsCursor: z.string().optional(),
});

export default defineTool({
  name: "get_issue_activity",
  title: "Get Issue Activity",
  description:
    "An issue's comments and history (assignments, status changes, regressions, priority, linked external issues), newest first. Read before triaging to see what the team already did.",
  inputSchema: {
    organizationSlug: organizationSlug.optional(),
    issueId: issueIdParam,
    issueUrl: issueUrlParam,
    includeComments: z.boolean().default(true).describe("Include comment texts (default true)"),
    limit: z
      .number()
      .int()
      .min(1)
      .max(100)
      .default(25)
      .describe("Most recent activity entries and comments to return (default 25)"),
    cursor: cursor.describe("Comments page cursor from nextCommentsCursor"),
  },
  outputSchema: output,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage", "seer"],
  requiredScopes: ["event:read"],
  async handler(params, ctx) {
    const { org, issueId } = resolveIssueTarget(params, ctx);
    const [issue, activity, notes] = await Promise.all([
      getIssue(ctx.client, org, issueId, ctx.signal),
      params.cursor ? Promise.resolve([]) : listIssueActivity(ctx.client, org, issueId, ctx.signal),
      params.includeComments
        ? listIssueNotes(ctx.client, org, issueId, {
            cursor: params.cursor,
            limit: params.limit,
            signal: ctx.signal,
          })
        : Promise.resolve(undefined),
    ]);
    assertWithinPins(ctx, org, issue.project.slug);
    // Comments come from the notes endpoint (paged); the log keeps everything else.
    const log = activity.filter((a) => a.type !== "note");
    return structuredResult({
      organization: org,
      issue: {
        id: issue.id,
        shortId: issue.shortId ?? undefined,
        title: issue.title || undefined,
      },
      comments: (notes?.data ?? []).map((note) => {
        const raw = typeof note.data?.text === "string" ? note.data.text : "";
        return {
          id: note.id,
          author: activityActor(note),
          date: note.dateCreated ?? undefined,
          text: raw.length > MAX_COMMENT ? `${raw.slice(0, MAX_COMMENT)}… (truncated)` : raw,
        };
      }),
      activity: log.slice(0, params.limit).map((item) => ({
        date: item.dateCreated ?? undefined,
        actor: activityActor(item),
        type: item.type,
        summary: activitySummary(item),
      })),
      omittedActivity: log.length > params.limit ? log.length - params.limit : undefined,
      nextCommentsCursor: notes?.nextCursor,
    });
  },
});
