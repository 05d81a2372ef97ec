import { z } from "zod";
import { UserInputError } from "../errors.js";
import { addIssueNote, type IssueUpdate, updateIssue } from "../sentry-api/issue-writes.js";
import { getIssue } from "../sentry-api/issues.js";
import { errorMessage } from "../server/errors.js";
import { defineTool, structuredResult } from "./define.js";
import {
  ACTOR_FORMATS,
  type Actor,
  actorFrom,
  actorLabel,
  actorRef,
  resolveActor,
} from "./support/actors.js";
import { assertWithinPins } from "./support/constraints.js";
import {
  hasIgnoreInput,
  ISSUE_STATUSES,
  ignoreParams,
  resolutionApplied,
  resolutionParams,
  resolutionRequest,
  type StatusState,
  statusRequest,
  statusView,
} from "./support/issue-status.js";
import { issueIdParam, issueUrlParam, resolveIssueTarget } from "./support/issue-target.js";
import { organizationSlug } from "./support/params.js";
import { guardWrite } from "./support/write-errors.js";
import { actorSchema, issueRefSchema } from "./support/write-output.js";

const state = z.object({
  status: z.string().describe("resolved, resolvedInNextRelease, unresolved or ignored"),
  statusLabel: z.string(),
  assignee: actorSchema,
});

const output = z.object({
  organization: z.string(),
  issue: issueRefSchema,
  changed: z.boolean(),
  summary: z.string(),
  changes: z.array(z.string()),
  before: state,
  after: state,
  note: z
    .object({ added: z.boolean(), id: z.string().nullable(), error: z.string().nullable() })
    .nullable(),
  url: z.string(),
});

function sameActor(a: Actor | null, b: Actor | null): boolean {
  return a?.type === b?.type && a?.id === b?.id;
}

export default defineTool({
  name: "update_issue",
  title: "Update Issue: Resolve, Assign or Ignore",
  description: [
    "Resolve, reopen or ignore one issue, or assign it to a teammate or team (issueUrl, or organizationSlug + issueId).",
    "Resolve in a given release (inRelease: version or latest) or commit (inCommit: {commit, repository}).",
    "status ignored defaults to ignoreMode untilEscalating; other modes: forever, forDuration, untilOccurrenceCount, untilUserCount.",
    "reason is posted as a comment. Answers before → after; a state already set is reported as such.",
  ].join(" "),
  inputSchema: {
    organizationSlug: organizationSlug.optional(),
    issueId: issueIdParam,
    issueUrl: issueUrlParam,
    status: z.enum(ISSUE_STATUSES).optional().describe("New status"),
    assignedTo: z
      .string()
      .trim()
      .max(200)
      .optional()
      .describe(`Assignee: ${ACTOR_FORMATS}; "" unassigns`),
    ...ignoreParams,
    ...resolutionParams,
    reason: z
      .string()
      .trim()
      .min(1)
      .max(5000)
      .optional()
      .describe("Why: posted as a comment on the issue"),
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
    const { org, issueId } = resolveIssueTarget(params, ctx);
    const ignore = {
      ignoreMode: params.ignoreMode,
      ignoreDurationMinutes: params.ignoreDurationMinutes,
      ignoreCount: params.ignoreCount,
      ignoreWindowMinutes: params.ignoreWindowMinutes,
      ignoreUserCount: params.ignoreUserCount,
      ignoreUserWindowMinutes: params.ignoreUserWindowMinutes,
    };
    const resolution = { inRelease: params.inRelease, inCommit: params.inCommit };
    const resolve = resolutionRequest(params.status, resolution, ignore);
    if (!params.status && !resolve && params.assignedTo === undefined) {
      throw new UserInputError('Pass status and/or assignedTo ("" unassigns).');
    }
    if (!params.status && hasIgnoreInput(ignore)) {
      throw new UserInputError('Ignore options need status: "ignored".');
    }
    // Validate the whole request before any call, then read the issue and the assignee together.
    const request = resolve
      ? undefined
      : params.status
        ? statusRequest(params.status, ignore)
        : undefined;
    const assigneeInput = params.assignedTo;
    const [issue, assignee] = await Promise.all([
      getIssue(ctx.client, org, issueId, ctx.signal),
      assigneeInput === undefined
        ? undefined
        : assigneeInput === ""
          ? null
          : resolveActor(ctx.client, org, assigneeInput, ctx.signal),
    ]);
    assertWithinPins(ctx, org, issue.project.slug);
    const label = issue.shortId ?? issue.id;
    const beforeView = statusView(issue);
    const beforeAssignee = actorFrom(issue.assignedTo);

    const update: IssueUpdate = {};
    if (resolve && !resolutionApplied(issue, resolution)) Object.assign(update, resolve);
    if (request) {
      const alreadyIgnored =
        params.status === "ignored" && !hasIgnoreInput(ignore) && issue.status === "ignored";
      if (!alreadyIgnored && statusView(request.expected).key !== beforeView.key) {
        Object.assign(update, request.body);
      }
    }
    if (assignee !== undefined && !sameActor(assignee, beforeAssignee)) {
      update.assignedTo = assignee ? actorRef(assignee) : "";
    }

    let after: StatusState = issue;
    let afterAssignee = beforeAssignee;
    if (Object.keys(update).length > 0) {
      const result = await guardWrite(
        {
          action: `update issue ${label}`,
          scope: "event:write",
          skill: "triage",
          fields: {
            statusDetails: resolve
              ? "Check the value: find_releases lists the project's release versions; inCommit.repository must be a repository connected to Sentry."
              : params.status === "resolvedInNextRelease"
                ? 'Use status "resolved" instead, or create a release for the project first.'
                : "Check the ignore condition: windows are at most 10080 minutes.",
            status: `Use one of ${ISSUE_STATUSES.join(", ")}.`,
            assignedTo: `The assignee must be a member or team of the organization: ${ACTOR_FORMATS}.`,
          },
        },
        () => updateIssue(ctx.client, org, issue.id, update, ctx.signal),
      );
      after = {
        status: result.status ?? update.status ?? issue.status,
        substatus:
          result.substatus !== undefined
            ? result.substatus
            : "substatus" in update
              ? update.substatus
              : issue.substatus,
        statusDetails: result.statusDetails ?? update.statusDetails ?? issue.statusDetails,
      };
      afterAssignee =
        result.assignedTo !== undefined
          ? actorFrom(result.assignedTo)
          : update.assignedTo !== undefined
            ? (assignee ?? null)
            : beforeAssignee;
    }
    const afterView = statusView(after);
    const changes: string[] = [];
    if (
      afterView.key !== beforeView.key ||
      (resolve !== undefined && afterView.label !== beforeView.label)
    )
      changes.push(`status: ${beforeView.label} → ${afterView.label}`);
    if (!sameActor(beforeAssignee, afterAssignee))
      changes.push(`assignee: ${actorLabel(beforeAssignee)} → ${actorLabel(afterAssignee)}`);

    let note: z.output<typeof output>["note"] = null;
    if (params.reason) {
      // The update stands even if the comment fails; say so instead of failing the call.
      note = await addIssueNote(ctx.client, org, issue.id, params.reason, ctx.signal).then(
        (n) => ({ added: true, id: n.id, error: null }),
        (error) => ({ added: false, id: null, error: errorMessage(error) }),
      );
    }

    const assigned = afterAssignee ? `assigned to ${actorLabel(afterAssignee)}` : "unassigned";
    const summary = changes.length
      ? `Updated ${label}: ${changes.join("; ")}.`
      : Object.keys(update).length > 0
        ? `Sentry accepted the update but ${label} is unchanged: ${afterView.label}, ${assigned}.`
        : `Nothing to change: ${label} is already ${afterView.label} and ${assigned}.`;
    return structuredResult({
      organization: org,
      issue: {
        id: issue.id,
        shortId: issue.shortId ?? null,
        title: issue.title,
        project: issue.project.slug,
      },
      changed: changes.length > 0,
      summary,
      changes,
      before: {
        status: beforeView.status,
        statusLabel: beforeView.label,
        assignee: beforeAssignee,
      },
      after: { status: afterView.status, statusLabel: afterView.label, assignee: afterAssignee },
      note,
      url: issue.permalink ?? ctx.client.orgWebPath(org, `/issues/${issue.id}/`),
    });
  },
});
