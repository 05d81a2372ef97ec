import { z } from "zod";
import { withExecutedSearch } from "../agents/executed.js";
import { runSearch } from "../agents/flow.js";
import { explicitKeys, naturalLanguageQuery } from "../agents/params.js";
import { UserInputError } from "../errors.js";
import { inlineCode } from "../format/markdown.js";
import { listIssues } from "../sentry-api/issues.js";
import { defineTool } from "./define.js";
import { includeExplanation } from "./support/explanation.js";
import { issueLine, projectLegend } from "./support/issue-format.js";
import { cursor, organizationSlug, period } from "./support/params.js";
import { cursorArg } from "./support/tool-hint.js";

const SORTS = ["date", "freq", "new", "user", "recommended", "priority", "trends"] as const;
const DEFAULT_PERIOD = "30d";

export default defineTool({
  name: "search_issues",
  title: "Search Issues",
  description:
    "Find issues (grouped errors/problems) by Sentry search syntax, e.g. `is:unresolved level:error assigned:me issue.category:performance` or free text, or by naturalLanguageQuery. Gives short IDs for get_issue_details.",
  inputSchema: {
    organizationSlug,
    query: z
      .string()
      .trim()
      .max(1000)
      .optional()
      .describe("Search syntax (default `is:unresolved`)"),
    naturalLanguageQuery,
    projectSlugOrId: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe("One project's slug or numeric id"),
    sort: z
      .enum(SORTS)
      .optional()
      .describe("date=last seen (default), freq=events, new=first seen, user=users"),
    period: period.describe(`e.g. 24h, 90d (default ${DEFAULT_PERIOD})`),
    limit: z.number().int().min(1).max(100).default(10),
    cursor,
    includeExplanation,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage", "seer"],
  requiredScopes: ["event:read"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    let projectPrefix = "";
    let projectIds: string[] | undefined;
    // A session's pin reaches Sentry as `project=<id>` (the client adds it), never as a term.
    if (params.projectSlugOrId && !ctx.constraints.projectSlug) {
      if (/^\d+$/.test(params.projectSlugOrId)) projectIds = [params.projectSlugOrId];
      else if (/^[A-Za-z0-9_.-]+$/.test(params.projectSlugOrId))
        projectPrefix = `project:${params.projectSlugOrId}`;
      else
        throw new UserInputError(
          `projectSlugOrId ${JSON.stringify(params.projectSlugOrId)} is not a project slug or id.`,
        );
    }
    // What is sent for a request: the tool's defaults fill what the caller (or agent) left out.
    const sent = (req: { query?: string; sort?: string; period?: string }) => ({
      query: `${projectPrefix} ${req.query ?? "is:unresolved"}`.trim(),
      sort: (req.sort ?? "date") as (typeof SORTS)[number],
      statsPeriod: req.period ?? DEFAULT_PERIOD,
    });
    const run = await runSearch({
      ctx,
      kind: "issues",
      org,
      request: { query: params.query, sort: params.sort, period: params.period },
      explicit: explicitKeys(params, ["query", "sort", "period"]),
      naturalLanguageQuery: params.naturalLanguageQuery,
      fieldSource: () => ({ kind: "org-tags" }),
      execute: (req) =>
        listIssues(ctx.client, org, {
          ...sent(req),
          projectIds,
          limit: params.limit,
          cursor: params.cursor,
          signal: ctx.signal,
        }),
    });
    const page = run.result;
    const { query, sort, statsPeriod } = sent(run.request);
    const done = (markdown: string) =>
      withExecutedSearch(
        markdown,
        run.executed,
        { query, sort, period: statsPeriod },
        params.includeExplanation,
      );
    const scope = params.projectSlugOrId ? `${org}/${params.projectSlugOrId}` : org;
    const legend = projectLegend(page.data);
    const lines = [
      `# Issues in **${inlineCode(scope)}**`,
      "",
      `${query ? `Query ${inlineCode(query)}` : "No query"}, sort ${sort}, last ${statsPeriod}: ${page.data.length} shown${legend ? `; ${legend}` : ""}.`,
      "",
    ];
    if (page.data.length === 0) {
      lines.push("No issues match. Widen the period, drop filters, or check the query syntax.");
      return done(lines.join("\n"));
    }
    lines.push(...page.data.map(issueLine));
    const uiQuery = new URLSearchParams({ query, statsPeriod, sort });
    lines.push("", `**URL**: ${ctx.client.orgWebPath(org, `/issues/?${uiQuery.toString()}`)}`);
    // get_issue_details is named in this tool's description: the notes only hold what this
    // answer adds.
    if (page.nextCursor)
      lines.push(
        "",
        "## Response Notes",
        "",
        `- More issues: pass ${cursorArg(page.nextCursor)} with the same query.`,
      );
    return done(lines.join("\n"));
  },
});
