import { z } from "zod";
import { ApiError, UserInputError } from "../errors.js";
import { getEventCommitters, getIssueEvent } from "../sentry-api/events.js";
import { getIssue, listIssueTags } from "../sentry-api/issues.js";
import { defineTool } from "./define.js";
import { assertWithinPins } from "./support/constraints.js";
import { formatIssueDetails } from "./support/issue-details-format.js";
import { organizationSlug } from "./support/params.js";
import { assertEventId, assertIssueId, parseSentryUrl } from "./support/sentry-url.js";
import { suspectCommitOf } from "./support/suspect-commit.js";
import type { ToolContext } from "./types.js";

/** Resolves {org, issueId, eventId} from either a URL or explicit parameters. */
export function resolveIssueTarget(
  params: { organizationSlug?: string; issueId?: string; issueUrl?: string; eventId?: string },
  ctx: Pick<ToolContext, "constraints">,
): { org: string; issueId: string; eventId?: string } {
  if (params.issueUrl) {
    const parsed = parseSentryUrl(params.issueUrl);
    if (parsed.resource.type !== "issue") {
      throw new UserInputError(
        `issueUrl points to a ${parsed.resource.type}, not an issue. Use get_sentry_resource for other links.`,
      );
    }
    const org = parsed.org ?? params.organizationSlug ?? ctx.constraints.organizationSlug;
    if (!org)
      throw new UserInputError("The URL does not name an organization; pass organizationSlug too.");
    assertWithinPins(ctx, org);
    return {
      org,
      issueId: parsed.resource.issueId,
      eventId: params.eventId ? assertEventId(params.eventId) : parsed.resource.eventId,
    };
  }
  if (!params.issueId)
    throw new UserInputError("Pass issueId (with organizationSlug) or issueUrl.");
  const org = params.organizationSlug ?? ctx.constraints.organizationSlug;
  if (!org)
    throw new UserInputError(
      "organizationSlug is required with issueId (find_organizations lists them).",
    );
  return {
    org,
    issueId: assertIssueId(params.issueId),
    eventId: params.eventId ? assertEventId(params.eventId) : undefined,
  };
}

export default defineTool({
  name: "get_issue_details",
  title: "Get Issue Details",
  description: [
    "Details of one issue: stack trace with in-app frames, tags, contexts, suspect commit, metric/performance evidence.",
    "Pass issueUrl (any Sentry issue link) or organizationSlug + issueId (numeric or short ID like BACKEND-1A).",
    "Defaults to the latest event; pass eventId for another.",
  ].join(" "),
  inputSchema: {
    organizationSlug: organizationSlug.optional(),
    issueId: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .describe("Numeric ID or short ID (BACKEND-1A)"),
    issueUrl: z.string().trim().url().max(2000).optional().describe("A Sentry issue URL"),
    eventId: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .optional()
      .describe("A specific event (32 hex characters)"),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage", "seer"],
  requiredScopes: ["event:read"],
  async handler(params, ctx) {
    const { org, issueId, eventId } = resolveIssueTarget(params, ctx);
    const [issue, event, tags] = await Promise.all([
      getIssue(ctx.client, org, issueId, ctx.signal),
      getIssueEvent(ctx.client, org, issueId, eventId ?? "latest", ctx.signal).catch((error) => {
        // A named event that does not exist is the caller's mistake; a missing latest event is not.
        if (eventId || !(error instanceof ApiError && error.status === 404)) throw error;
        return undefined;
      }),
      listIssueTags(ctx.client, org, issueId, ctx.signal).catch(() => []),
    ]);
    assertWithinPins(ctx, org, issue.project.slug);
    // Suspect commits are optional: any failure leaves the section out.
    const committers = event
      ? await getEventCommitters(
          ctx.client,
          org,
          issue.project.slug,
          event.eventID,
          ctx.signal,
        ).catch(() => null)
      : null;
    return formatIssueDetails({
      org,
      issue,
      event,
      eventLabel: eventId ? "selected" : "latest",
      tags,
      suspectCommit: suspectCommitOf(committers),
      issueUrl: issue.permalink ?? ctx.client.orgWebPath(org, `/issues/${issue.id}/`),
      canCall: ctx.canCall,
    });
  },
});
