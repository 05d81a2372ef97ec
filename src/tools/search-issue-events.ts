import { z } from "zod";
import { withExecutedSearch } from "../agents/executed.js";
import { runSearch } from "../agents/flow.js";
import { explicitKeys, naturalLanguageQuery } from "../agents/params.js";
import { inlineCode, truncate } from "../format/markdown.js";
import { listIssueEvents, type SentryEvent } from "../sentry-api/events.js";
import { getIssue } from "../sentry-api/issues.js";
import { defineTool } from "./define.js";
import { assertWithinPins } from "./support/constraints.js";
import { exceptionsOf, messageOf } from "./support/event-entries.js";
import { environmentOf, traceIdOf } from "./support/event-format.js";
import { includeExplanation } from "./support/explanation.js";
import { dateText } from "./support/issue-format.js";
import { issueIdParam, issueUrlParam, resolveIssueTarget } from "./support/issue-target.js";
import { cursor, organizationSlug, period, projectSlug } from "./support/params.js";
import { cursorArg, toolHint } from "./support/tool-hint.js";

function userOf(event: SentryEvent): string | undefined {
  const user = event.user ?? {};
  for (const key of ["email", "username", "id", "ip_address"]) {
    const value = user[key];
    if (typeof value === "string" && value && value !== "None") return value;
    if (typeof value === "number") return String(value);
  }
  return event.tags?.find((t) => t.key === "user")?.value ?? undefined;
}

/** What this event says beyond the issue title: its own message or exception value. */
function eventText(event: SentryEvent, issueTitle: string): string | undefined {
  const exc = exceptionsOf(event).at(-1);
  const candidates = [
    messageOf(event),
    event.message,
    exc ? `${exc.type ?? "Error"}: ${exc.value ?? ""}`.trim() : undefined,
    event.title,
  ];
  return candidates.find((c) => c?.trim() && c !== issueTitle) ?? undefined;
}

function eventLine(event: SentryEvent, issueTitle: string): string {
  const release = event.release ?? event.tags?.find((t) => t.key === "release")?.value;
  const user = userOf(event);
  const trace = traceIdOf(event);
  const text = eventText(event, issueTitle);
  const parts = [
    inlineCode(event.eventID),
    event.dateCreated ? dateText(event.dateCreated) : undefined,
    environmentOf(event) ? inlineCode(environmentOf(event)) : undefined,
    release ? `release ${inlineCode(release)}` : undefined,
    user ? `user ${inlineCode(user)}` : undefined,
    trace ? `trace ${inlineCode(trace)}` : undefined,
    text ? inlineCode(truncate(text.replace(/\s+/g, " "), 160)) : undefined,
  ];
  return `- ${parts.filter(Boolean).join(" · ")}`;
}

const DEFAULT_PERIOD = "14d";
const envName = z.string().trim().min(1).max(64);

/**
 * Free-form sort as the incumbent takes it: newest (or -timestamp) is Sentry's default order,
 * random asks for Sentry's sample, oldest means `timestamp`; anything else is passed on as
 * Sentry's `sort` for Sentry to accept or refuse.
 */
function sortPlan(sort: string | undefined): { sample?: true; sort?: string; label: string } {
  const s = sort?.trim() ?? "";
  if (s === "" || s === "newest" || s === "-timestamp") return { label: "Newest first" };
  if (s === "random") return { sample: true, label: "Random sample" };
  if (s === "oldest" || s === "timestamp") return { sort: "timestamp", label: "Oldest first" };
  return { sort: s, label: `Sort ${inlineCode(s)}` };
}

export default defineTool({
  name: "search_issue_events",
  title: "Search Issue Events",
  description:
    "List the events inside one issue, newest first, filtered with Sentry event search (e.g. `environment:production release:1.2.0 user.email:a@b.c browser.name:Safari`). One line per event: ID, time, environment, release, user, trace, message.",
  inputSchema: {
    organizationSlug: organizationSlug.optional(),
    issueId: issueIdParam,
    issueUrl: issueUrlParam,
    query: z.string().trim().max(1000).optional().describe("Sentry event search query"),
    naturalLanguageQuery,
    environment: z
      .union([envName, z.array(envName).min(1).max(20)])
      .optional()
      .describe("Only this environment (or list)"),
    period: period.describe(`Relative time range such as 24h or 90d (default ${DEFAULT_PERIOD})`),
    sort: z
      .string()
      .trim()
      .max(100)
      .optional()
      .describe("newest (default, = -timestamp), oldest (= timestamp), random, or a Sentry sort"),
    projectSlug: projectSlug.optional().describe("The issue's project, if known"),
    limit: z.number().int().min(1).max(100).default(25).describe("Events per page (default 25)"),
    cursor,
    includeExplanation,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage", "seer"],
  requiredScopes: ["event:read"],
  async handler(params, ctx) {
    const { org, issueId } = resolveIssueTarget(params, ctx);
    const [issue, run] = await Promise.all([
      getIssue(ctx.client, org, issueId, ctx.signal),
      runSearch({
        ctx,
        kind: "issue-events",
        org,
        request: {
          query: params.query,
          sort: params.sort,
          period: params.period,
          environment: params.environment,
        },
        explicit: explicitKeys(params, ["query", "sort", "period", "environment"]),
        naturalLanguageQuery: params.naturalLanguageQuery,
        fieldSource: () => ({ kind: "issue-tags", issueId }),
        execute: (req) =>
          listIssueEvents(ctx.client, org, issueId, {
            query: req.query || undefined,
            statsPeriod: req.period ?? DEFAULT_PERIOD,
            environment: req.environment ? [req.environment].flat() : undefined,
            sample: sortPlan(req.sort).sample,
            sort: sortPlan(req.sort).sort,
            limit: params.limit,
            cursor: params.cursor,
            // full events carry the trace context, which list items lack
            full: true,
            signal: ctx.signal,
          }),
      }),
    ]);
    const page = run.result;
    const { query, environment } = run.request;
    const period = run.request.period ?? DEFAULT_PERIOD;
    const sort = sortPlan(run.request.sort);
    const done = (markdown: string) =>
      withExecutedSearch(
        markdown,
        run.executed,
        { ...run.request, sort: run.request.sort || "newest", period },
        params.includeExplanation,
      );
    assertWithinPins(ctx, org, issue.project.slug);
    const id = issue.shortId ?? issue.id;
    const filters = [
      sort.label,
      query ? `query ${inlineCode(query)}` : undefined,
      environment?.length
        ? `environment ${[environment].flat().map(inlineCode).join(", ")}`
        : undefined,
      `last ${period}`,
    ].filter(Boolean);
    const lines = [
      `# Events of Issue ${inlineCode(id)} in **${inlineCode(org)}**`,
      "",
      ...(issue.title ? [`**Title**: ${inlineCode(truncate(issue.title, 200))}`] : []),
      `${filters.join(", ")}: ${page.data.length} event${page.data.length === 1 ? "" : "s"} shown.`,
      "",
    ];
    if (params.projectSlug && params.projectSlug !== issue.project.slug)
      lines.splice(
        -1,
        0,
        `Note: the issue belongs to project ${inlineCode(issue.project.slug)}, not ${inlineCode(params.projectSlug)}.`,
      );
    if (page.data.length === 0) {
      lines.push(
        "No events match. Widen the period, drop filters, or check the query syntax (e.g. `environment:production`).",
      );
      return done(lines.join("\n"));
    }
    lines.push(...page.data.map((e) => eventLine(e, issue.title)));
    const notes = [];
    if (ctx.canCall("get_issue_details"))
      notes.push(
        `- One event in full: ${toolHint(ctx, "get_issue_details", { organizationSlug: org, issueId: id, eventId: page.data[0].eventID })} with its ID.`,
      );
    if (page.nextCursor)
      notes.push(`- More events: pass ${cursorArg(page.nextCursor)} with the same filters.`);
    if (notes.length) lines.push("", "## Response Notes", "", ...notes);
    return done(lines.join("\n"));
  },
});
