import { z } from "zod";
import { inlineCode } from "../format/markdown.js";
import { listReleases } from "../sentry-api/releases.js";
import { defineTool } from "./define.js";
import { cursor, organizationSlug, projectSlug } from "./support/params.js";
import { releaseLine } from "./support/release-format.js";
import { cursorArg } from "./support/tool-hint.js";

export default defineTool({
  name: "find_releases",
  title: "Find Releases",
  description:
    "List releases, newest first, with release date, new issues, commit and deploy counts and projects. Filter by version text or project; get_release_details shows one.",
  inputSchema: {
    organizationSlug,
    query: z.string().trim().max(200).optional().describe("Part of a version, e.g. backend@2.14"),
    projectSlug: projectSlug.optional(),
    environment: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .describe("Only releases deployed there"),
    limit: z.number().int().min(1).max(100).default(10),
    cursor,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage", "seer"],
  requiredScopes: ["project:read"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const page = await listReleases(ctx.client, org, {
      query: params.query,
      project: params.projectSlug,
      environment: params.environment,
      perPage: params.limit,
      cursor: params.cursor,
      signal: ctx.signal,
    });
    const scope = params.projectSlug ? `${org}/${params.projectSlug}` : org;
    const filters = [
      params.query ? `matching ${inlineCode(params.query)}` : undefined,
      params.environment ? `deployed to ${inlineCode(params.environment)}` : undefined,
    ].filter(Boolean);
    const lines = [
      `# Releases in **${inlineCode(scope)}**`,
      "",
      `${page.data.length} shown${filters.length ? `, ${filters.join(", ")}` : ""}, newest first.`,
      "",
    ];
    if (page.data.length === 0) {
      lines.push("No releases match. Drop the query or project filter.");
      return lines.join("\n");
    }
    lines.push(...page.data.map(releaseLine));
    lines.push("", `**URL**: ${ctx.client.orgWebPath(org, "/releases/")}`);
    const notes: string[] = [];
    if (ctx.canCall("get_release_details"))
      notes.push(
        "- `get_release_details` with `releaseVersion` shows commits, deploys, new issues and health.",
      );
    if (page.nextCursor)
      notes.push(`- More releases: pass ${cursorArg(page.nextCursor)} with the same filters.`);
    if (notes.length > 0) lines.push("", "## Response Notes", "", ...notes);
    return lines.join("\n");
  },
});
