import { ApiError } from "../../errors.js";
import { inlineCode } from "../../format/markdown.js";
import {
  getEventCommitters,
  getIssueEvent,
  lookupEventId,
  type SentryEvent,
} from "../../sentry-api/events.js";
import { getIssue, listIssueTags } from "../../sentry-api/issues.js";
import { reportHandledError } from "../../telemetry/index.js";
import type { StructuredResult, ToolContext } from "../types.js";
import { assertWithinPins } from "./constraints.js";
import { eventHeader, formatEventBody, traceIdOf } from "./event-format.js";
import { formatIssueDetails } from "./issue-details-format.js";
import { type IssueDetailsOutput, issueDetailsResult } from "./issue-details-output.js";
import type { IssueRef } from "./issue-target.js";
import {
  formatPackageSelection,
  type PackageSelection,
  selectPackages,
} from "./package-versions.js";
import { suspectCommitOf } from "./suspect-commit.js";
import { hintLine } from "./tool-hint.js";

export interface DetailsRequest extends IssueRef {
  packageNames?: readonly string[];
}

/**
 * Suspect commits are optional: any failure leaves the section out and the details load. A
 * failure that is ours to fix (a 5xx, an answer that fails validation) is still reported; a
 * 404 (no commits linked) is not.
 */
async function suspectCommit(ctx: ToolContext, org: string, project: string, eventId: string) {
  const committers = await getEventCommitters(ctx.client, org, project, eventId, ctx.signal).catch(
    (error: unknown) => {
      reportHandledError(error, "suspect_commit");
      return null;
    },
  );
  return suspectCommitOf(committers);
}

/** An event that belongs to no issue (a transaction, or one not grouped yet). */
function standaloneEvent(
  ctx: ToolContext,
  org: string,
  project: string,
  event: SentryEvent,
  packages: PackageSelection | undefined,
) {
  const lines = [
    `# Event ${inlineCode(event.eventID)} in **${inlineCode(org)}**`,
    "",
    `**Project**: ${inlineCode(project)}${event.type ? ` · **Type**: ${inlineCode(event.type)}` : ""}`,
    ...(event.title ? [`**Title**: ${inlineCode(event.title)}`] : []),
    "This event is not part of an issue.",
    "",
    ...eventHeader(event, "selected"),
    ...formatEventBody(event),
    // The selection belongs to the event section, before any notes.
    ...(packages ? formatPackageSelection(packages) : []),
  ];
  const trace = traceIdOf(event);
  const notes = trace
    ? hintLine(ctx, "The trace around this event", "get_trace_details", {
        organizationSlug: org,
        traceId: trace,
      })
    : [];
  if (notes.length) lines.push("## Response Notes", "", ...notes);
  return lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trimEnd();
}

/**
 * Loads and formats one issue (with its latest, selected or looked-up event) in two sequential
 * round trips: issue + event + tags in parallel, then the event's suspect commit. Markdown in
 * stable sessions; in experimental ones the suspect commit and the package selection become
 * fields of a structured answer and leave the markdown (`details`).
 */
export async function loadIssueDetails(
  ctx: ToolContext,
  req: DetailsRequest,
): Promise<string | StructuredResult<IssueDetailsOutput>> {
  const { org } = req;
  let issueId = req.issueId;
  let event: SentryEvent | undefined;
  let projectHint: string | undefined;
  if (!issueId) {
    // An event id alone: one lookup gives its project, issue and body.
    const hit = await lookupEventId(ctx.client, org, req.event, ctx.signal);
    assertWithinPins(ctx, org, hit.projectSlug);
    if (!hit.groupId) {
      const packages = req.packageNames?.length
        ? selectPackages(hit.event.packages, req.packageNames)
        : undefined;
      if (!ctx.experimental) return standaloneEvent(ctx, org, hit.projectSlug, hit.event, packages);
      return issueDetailsResult({
        issue: null,
        eventId: hit.event.eventID,
        packages,
        suspectCommit: null,
        details: standaloneEvent(ctx, org, hit.projectSlug, hit.event, undefined),
      });
    }
    issueId = hit.groupId;
    event = hit.event;
    projectHint = hit.projectSlug;
  }
  const id = issueId;
  const [issue, fetched, tags, commit] = await Promise.all([
    getIssue(ctx.client, org, id, ctx.signal),
    event
      ? Promise.resolve(event)
      : getIssueEvent(ctx.client, org, id, req.event, ctx.signal).catch((error) => {
          // A named event that does not exist is the caller's mistake; a missing latest is not.
          if (req.explicitEvent || !(error instanceof ApiError && error.status === 404))
            throw error;
          return undefined;
        }),
    listIssueTags(ctx.client, org, id, ctx.signal).catch(() => []),
    projectHint && event
      ? suspectCommit(ctx, org, projectHint, event.eventID)
      : Promise.resolve(undefined),
  ]);
  assertWithinPins(ctx, org, issue.project.slug);
  const suspect =
    commit !== undefined
      ? commit
      : fetched
        ? await suspectCommit(ctx, org, issue.project.slug, fetched.eventID)
        : null;
  const issueUrl = issue.permalink ?? ctx.client.orgWebPath(org, `/issues/${issue.id}/`);
  const packages =
    fetched && req.packageNames?.length
      ? selectPackages(fetched.packages, req.packageNames)
      : undefined;
  const input = {
    org,
    issue,
    event: fetched,
    eventLabel: req.explicitEvent ? "selected" : req.event,
    tags,
    suspectCommit: suspect,
    issueUrl,
    hints: ctx,
    packages,
  };
  if (!ctx.experimental) return formatIssueDetails(input);
  return issueDetailsResult({
    issue,
    issueUrl,
    eventId: fetched?.eventID,
    packages,
    suspectCommit: suspect,
    details: formatIssueDetails({ ...input, suspectCommit: null, packages: undefined }),
  });
}
