import { z } from "zod";
import { withExecutedSearch } from "../agents/executed.js";
import { runSearch, type SearchRun } from "../agents/flow.js";
import { explicitKeys, naturalLanguageQuery } from "../agents/params.js";
import { KEYS_BY_KIND, type SearchRequest } from "../agents/request.js";
import { inlineCode } from "../format/markdown.js";
import { queryEventsTable, queryReplaysTable } from "../sentry-api/explore.js";
import { defineTool } from "./define.js";
import { DATASET_CONFIG, DATASETS, type Dataset, defaultSort } from "./support/events-datasets.js";
import { renderTable } from "./support/events-format.js";
import { explorePath } from "./support/events-links.js";
import { explainRejection, validateSelection } from "./support/events-validate.js";
import { includeExplanation } from "./support/explanation.js";
import { cursor, organizationSlug, period, projectSlug } from "./support/params.js";
import { describeRange, isoDateTime, resolveTimeRange } from "./support/time-range.js";
import { cursorArg } from "./support/tool-hint.js";
import type { ToolContext } from "./types.js";

const envName = z.string().trim().min(1).max(100);

const TITLES: Record<Dataset, string> = {
  errors: "Error events",
  spans: "Spans",
  logs: "Logs",
  metrics: "Metrics",
  profiles: "Profiled functions",
  replays: "Replays",
};

/** Replay rows carry seconds and ISO strings; give the table the same typing as events meta. */
const REPLAY_TYPES = { duration: "duration", started_at: "date", finished_at: "date" };
const REPLAY_UNITS = { duration: "second" };

/**
 * One request as sent: the dataset's defaults, the pre-check, the range and the project scope.
 * A caller's `projectSlug` becomes a `project:` term; a session's pin does not (the client sends
 * it as Sentry's `project=<id>` filter, which a query's `OR` cannot widen).
 */
function planSearch(req: SearchRequest, project: string | undefined) {
  const dataset = req.dataset ?? "errors";
  const config = DATASET_CONFIG[dataset];
  const fields = req.fields ?? config.defaultFields;
  const sort = req.sort ?? defaultSort(dataset, fields, req.fields !== undefined);
  validateSelection(dataset, fields, sort);
  const range = resolveTimeRange(req, "14d");
  const q = req.query ?? "";
  const query = project && dataset !== "replays" ? `project:${project} ${q}`.trim() : q;
  return { dataset, config, fields, sort, range, query, environment: req.environment };
}

type Planned = ReturnType<typeof planSearch>;

async function fetchTable(
  ctx: ToolContext,
  org: string,
  project: string | undefined,
  plan: Planned,
  page: { limit: number; cursor?: string },
) {
  const { dataset, config, fields, sort, range, query, environment } = plan;
  if (dataset === "replays") {
    const result = await queryReplaysTable(ctx.client, org, {
      fields,
      query,
      sort,
      ...range,
      projectSlug: project,
      environment,
      perPage: page.limit,
      cursor: page.cursor,
      signal: ctx.signal,
    });
    return {
      plan,
      rows: result.data,
      nextCursor: result.nextCursor,
      types: REPLAY_TYPES as Record<string, string> | undefined,
      units: REPLAY_UNITS as Record<string, string | null> | undefined,
    };
  }
  const result = await queryEventsTable(ctx.client, org, {
    dataset: config.api,
    fields,
    query,
    sort,
    ...range,
    environment,
    perPage: page.limit,
    cursor: page.cursor,
    signal: ctx.signal,
  });
  return {
    plan,
    rows: result.data.data,
    nextCursor: result.nextCursor,
    types: result.data.meta?.fields ?? undefined,
    units: result.data.meta?.units ?? undefined,
  };
}

function responseNotes(
  ctx: ToolContext,
  dataset: Dataset,
  fields: string[],
  nextCursor: string | undefined,
  omitted: number,
  shown: number,
): string[] {
  const notes: string[] = [];
  if (omitted > 0)
    notes.push(
      `- ${omitted} more rows of this page were left out to keep the response small; ask for fewer fields or \`limit: ${shown}\` (the cursor continues after the whole page).`,
    );
  if (nextCursor) notes.push(`- More rows: pass ${cursorArg(nextCursor)} with the same arguments.`);
  if (fields.includes("trace") && ctx.canCall("get_trace_details"))
    notes.push("- `get_trace_details` with a `trace` value shows that whole trace.");
  if (dataset === "spans" && fields.includes("id") && ctx.canCall("get_span_details"))
    notes.push("- `get_span_details` with `trace` and `id` (the span ID) shows one span.");
  if (fields.includes("issue") && ctx.canCall("get_issue_details"))
    notes.push("- `get_issue_details` with an `issue` short ID shows its stack trace.");
  if (dataset === "replays" && ctx.canCall("get_replay_details"))
    notes.push("- `get_replay_details` with a replay `id` shows what the user did.");
  return notes;
}

export default defineTool({
  name: "search_events",
  title: "Search Events, Spans, Logs, Metrics",
  description: [
    "Query Sentry data as a table: dataset errors, spans, logs, metrics, profiles (profiled functions) or replays.",
    "`query` uses Sentry search syntax (`span.op:db`, `severity:error`, `trace:<id>`); `fields` are attributes or aggregates",
    "(`count()`, `p95(span.duration)`) and aggregates group by the other fields; `sort` must be a selected field (`-count()`).",
    "Use for counts, slowest operations, recent logs or errors across issues.",
  ].join(" "),
  inputSchema: {
    organizationSlug,
    dataset: z.enum(DATASETS).optional().describe("Which data to query (default errors)"),
    query: z
      .string()
      .trim()
      .max(1000)
      .optional()
      .describe("Sentry search syntax, e.g. `span.op:db span.duration:>500ms`"),
    naturalLanguageQuery,
    fields: z
      .array(z.string().trim().min(1).max(200))
      .min(1)
      .max(20)
      .optional()
      .describe("Columns: attributes and aggregates (defaults per dataset)"),
    sort: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe("A selected field, `-` prefix for descending, e.g. `-timestamp`, `-count()`"),
    projectSlug: projectSlug.optional(),
    environment: z
      .union([envName, z.array(envName).min(1).max(20)])
      .optional()
      .describe("e.g. production, or a list"),
    period: period.describe("Relative range like 1h, 24h, 14d (default 14d)"),
    start: isoDateTime.optional().describe("Absolute start (ISO 8601), with end"),
    end: isoDateTime.optional().describe("Absolute end (ISO 8601), with start"),
    limit: z.number().int().min(1).max(100).default(10).describe("Rows per page (max 100)"),
    cursor,
    includeExplanation,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage", "seer"],
  requiredScopes: ["event:read"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const project = params.projectSlug;
    let tried: Dataset = params.dataset ?? "errors";
    let run: SearchRun<Awaited<ReturnType<typeof fetchTable>>>;
    try {
      run = await runSearch({
        ctx,
        kind: "events",
        org,
        request: {
          dataset: params.dataset,
          query: params.query,
          fields: params.fields,
          sort: params.sort,
          period: params.period,
          start: params.start,
          end: params.end,
          environment: params.environment,
        },
        explicit: explicitKeys(params, KEYS_BY_KIND.events),
        naturalLanguageQuery: params.naturalLanguageQuery,
        fieldSource: (req) => ({ kind: "dataset", dataset: req.dataset ?? "errors" }),
        execute: (req) => {
          tried = req.dataset ?? "errors";
          const term = ctx.constraints.projectSlug ? undefined : project;
          return fetchTable(ctx, org, project, planSearch(req, term), params);
        },
      });
    } catch (error) {
      throw await explainRejection(error, ctx, org, tried);
    }
    const { dataset, config, fields, sort, range, query, environment } = run.result.plan;
    const { rows, nextCursor, types, units } = run.result;
    const done = (markdown: string) =>
      withExecutedSearch(
        markdown,
        run.executed,
        {
          dataset,
          fields,
          sort,
          query,
          period: range.statsPeriod,
          start: range.start,
          end: range.end,
          environment,
        },
        params.includeExplanation,
      );

    const scope = project ? `${org}/${project}` : org;
    const facts = [
      query ? `Query ${inlineCode(query)}` : "No query",
      describeRange(range),
      environment?.length
        ? `environment ${[environment].flat().map(inlineCode).join(", ")}`
        : undefined,
      sort ? `sort ${inlineCode(sort)}` : undefined,
    ].filter(Boolean);
    if (Object.values(types ?? {}).includes("date")) facts.push("times UTC");
    const lines = [
      `# ${TITLES[dataset]} in **${inlineCode(scope)}**`,
      "",
      `${facts.join(", ")}.`,
      "",
    ];
    const url = ctx.client.orgWebPath(
      org,
      explorePath({ dataset, fields, query, sort, ...range, environment }),
    );
    if (rows.length === 0) {
      lines.push(
        `No ${config.noun} match. Widen the period, loosen the query, or check the field names.`,
        "",
        `**Explore**: ${url}`,
      );
      return done(lines.join("\n"));
    }
    // Everything but the table, with room for the longest notes, bounds the table's share.
    const link =
      url.length > 2_000
        ? ctx.client.orgWebPath(org, explorePath({ dataset, fields: [], query, sort, ...range }))
        : url;
    const overhead =
      lines.join("\n").length +
      link.length +
      responseNotes(ctx, dataset, fields, nextCursor, 100, 100).join("\n").length +
      200;
    const table = renderTable({
      fields,
      rows,
      types,
      units,
      maxChars: Math.max(1_000, ctx.responseBudget - overhead),
    });
    lines.push(...table.lines, "", `**Explore**: ${link}`);
    const notes = responseNotes(ctx, dataset, fields, nextCursor, table.omitted, table.shown);
    if (notes.length > 0) lines.push("", "## Response Notes", "", ...notes);
    return done(lines.join("\n"));
  },
});
