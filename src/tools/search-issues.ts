import { z } from "zod";
import { UserInputError } from "../errors.js";
import { inlineCode } from "../format/markdown.js";
import { listIssues } from "../sentry-api/issues.js";
import { defineTool } from "./define.js";
import { issueLine } from "./support/issue-format.js";
import { cursor, organizationSlug, period } from "./support/params.js";

const SORTS = ["date", "freq", "new", "user", "priority", "trends"] as const;

export default defineTool({
  name: "search_issues",
  title: "Search Issues",
  description: [
    "Find issues (grouped errors/problems) with Sentry search syntax, e.g. `is:unresolved level:error`,",
    "`assigned:me`, `release:1.2.0`, `issue.category:performance`, free text. Returns short IDs for get_issue_details.",
  ].join(" "),
  inputSchema: {
    organizationSlug,
    query: z
      .string()
      .trim()
      .max(1000)
      .default("is:unresolved")
      .describe("Sentry issue search query"),
    projectSlugOrId: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe("Limit to one project (slug or numeric id)"),
    sort: z
      .enum(SORTS)
      .default("date")
      .describe("date=last seen, freq=events, new=first seen, user=users"),
    period: period.describe("Relative time range such as 24h or 14d (default 14d)"),
    limit: z.number().int().min(1).max(100).default(10),
    cursor,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage", "seer"],
  requiredScopes: ["event:read"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    let query = params.query;
    let projectIds: string[] | undefined;
    if (params.projectSlugOrId) {
      if (/^\d+$/.test(params.projectSlugOrId)) projectIds = [params.projectSlugOrId];
      else if (/^[A-Za-z0-9_.-]+$/.test(params.projectSlugOrId))
        query = `project:${params.projectSlugOrId} ${query}`.trim();
      else
        throw new UserInputError(
          `projectSlugOrId ${JSON.stringify(params.projectSlugOrId)} is not a project slug or id.`,
        );
    }
    const statsPeriod = params.period ?? "14d";
    const page = await listIssues(ctx.client, org, {
      query,
      sort: params.sort,
      statsPeriod,
      projectIds,
      limit: params.limit,
      cursor: params.cursor,
      signal: ctx.signal,
    });
    const scope = params.projectSlugOrId ? `${org}/${params.projectSlugOrId}` : org;
    const lines = [
      `# Issues in **${inlineCode(scope)}**`,
      "",
      `Query ${inlineCode(query || "(all)")}, sort ${params.sort}, last ${statsPeriod}: ${page.data.length} shown.`,
      "",
    ];
    if (page.data.length === 0) {
      lines.push("No issues match. Widen the period, drop filters, or check the query syntax.");
      return lines.join("\n");
    }
    lines.push(...page.data.map(issueLine));
    const uiQuery = new URLSearchParams({ query, statsPeriod, sort: params.sort });
    lines.push("", `**URL**: ${ctx.client.orgWebPath(org, `/issues/?${uiQuery.toString()}`)}`);
    lines.push(
      "",
      "## Response Notes",
      "",
      "- `get_issue_details` with a short ID shows the stack trace and tags.",
    );
    if (page.nextCursor)
      lines.push(`- More issues: pass \`cursor: "${page.nextCursor}"\` with the same query.`);
    return lines.join("\n");
  },
});
