import { z } from "zod";
import { addIssueNote } from "../sentry-api/issue-writes.js";
import { getIssue } from "../sentry-api/issues.js";
import { defineTool, structuredResult } from "./define.js";
import { assertWithinPins } from "./support/constraints.js";
import { issueIdParam, issueUrlParam, resolveIssueTarget } from "./support/issue-target.js";
import { organizationSlug } from "./support/params.js";
import { guardWrite } from "./support/write-errors.js";
import { issueRefSchema } from "./support/write-output.js";

const output = z.object({
  organization: z.string(),
  issue: issueRefSchema,
  changed: z.boolean(),
  note: z.object({
    id: z.string(),
    text: z.string(),
    author: z.string().nullable(),
    dateCreated: z.string().nullable(),
  }),
  url: z.string(),
});

export default defineTool({
  name: "add_issue_note",
  title: "Add Issue Note",
  description:
    "Post a comment (note) on one issue's activity: issueUrl, or organizationSlug + issueId, and the text.",
  inputSchema: {
    organizationSlug: organizationSlug.optional(),
    issueId: issueIdParam,
    issueUrl: issueUrlParam,
    text: z
      .string()
      .trim()
      .min(1)
      .max(5000)
      .describe("The comment (markdown as Sentry renders it)"),
  },
  outputSchema: output,
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  skills: ["triage"],
  requiredScopes: ["event:write"],
  async handler(params, ctx) {
    const { org, issueId } = resolveIssueTarget(params, ctx);
    const issue = await getIssue(ctx.client, org, issueId, ctx.signal);
    assertWithinPins(ctx, org, issue.project.slug);
    const label = issue.shortId ?? issue.id;
    const note = await guardWrite(
      {
        action: `add a note to issue ${label}`,
        scope: "event:write",
        skill: "triage",
        fields: { text: "Pass the comment as non-empty text." },
      },
      () => addIssueNote(ctx.client, org, issue.id, params.text, ctx.signal),
    );
    return structuredResult({
      organization: org,
      issue: {
        id: issue.id,
        shortId: issue.shortId ?? null,
        title: issue.title,
        project: issue.project.slug,
      },
      changed: true,
      note: {
        id: note.id,
        text: note.data?.text ?? params.text,
        author: note.user?.name ?? note.user?.email ?? null,
        dateCreated: note.dateCreated ?? null,
      },
      url: issue.permalink ?? ctx.client.orgWebPath(org, `/issues/${issue.id}/`),
    });
  },
});
