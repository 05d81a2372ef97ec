import { z } from "zod";
import { formatDate } from "../format/dates.js";
import { inlineCode, truncate } from "../format/markdown.js";
import { listIssueEvents, type SentryEvent } from "../sentry-api/events.js";
import { getIssue } from "../sentry-api/issues.js";
import { defineTool } from "./define.js";
import { assertWithinPins } from "./support/constraints.js";
import { exceptionsOf, messageOf } from "./support/event-entries.js";
import { environmentOf, traceIdOf } from "./support/event-format.js";
import { issueIdParam, issueUrlParam, resolveIssueTarget } from "./support/issue-target.js";
import { cursor, organizationSlug, period } from "./support/params.js";
import { toolHint } from "./support/tool-hint.js";

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
    event.dateCreated ? formatDate(event.dateCreated) : undefined,
    environmentOf(event) ? inlineCode(environmentOf(event)) : undefined,
    release ? `release ${inlineCode(release)}` : undefined,
    user ? `user ${inlineCode(user)}` : undefined,
    trace ? `trace ${inlineCode(trace)}` : undefined,
    text ? inlineCode(truncate(text.replace(/\s+/g, " "), 160)) : undefined,
  ];
  return `- ${parts.filter(Boolean).join(" · ")}`;
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
    environment: z.string().trim().min(1).max(64).optional().describe("Only this environment"),
    period: period.describe("Relative time range such as 24h or 14d (default: Sentry's 90 days)"),
    sort: z
      .enum(["newest", "random", "-timestamp"])
      .default("newest")
      .describe("newest (default; -timestamp is the same) or random (a sample across the range)"),
    limit: z.number().int().min(1).max(100).default(25).describe("Events per page (default 25)"),
    cursor,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage", "seer"],
  requiredScopes: ["event:read"],
  async handler(params, ctx) {
    const { org, issueId } = resolveIssueTarget(params, ctx);
    const [issue, page] = await Promise.all([
      getIssue(ctx.client, org, issueId, ctx.signal),
      listIssueEvents(ctx.client, org, issueId, {
        query: params.query,
        statsPeriod: params.period,
        environment: params.environment ? [params.environment] : undefined,
        sample: params.sort === "random",
        limit: params.limit,
        cursor: params.cursor,
        // full events carry the trace context, which list items lack
        full: true,
        signal: ctx.signal,
      }),
    ]);
    assertWithinPins(ctx, org, issue.project.slug);
    const id = issue.shortId ?? issue.id;
    const filters = [
      params.sort === "random" ? "Random sample" : "Newest first",
      params.query ? `query ${inlineCode(params.query)}` : undefined,
      params.environment ? `environment ${inlineCode(params.environment)}` : undefined,
      params.period ? `last ${params.period}` : undefined,
    ].filter(Boolean);
    const lines = [
      `# Events of Issue ${inlineCode(id)} in **${inlineCode(org)}**`,
      "",
      `**Title**: ${inlineCode(truncate(issue.title || "(no title)", 200))}`,
      `${filters.join(", ")}: ${page.data.length} event${page.data.length === 1 ? "" : "s"} shown.`,
      "",
    ];
    if (page.data.length === 0) {
      lines.push(
        "No events match. Widen the period, drop filters, or check the query syntax (e.g. `environment:production`).",
      );
      return lines.join("\n");
    }
    lines.push(...page.data.map((e) => eventLine(e, issue.title)));
    const notes = [];
    if (ctx.canCall("get_issue_details"))
      notes.push(
        `- One event in full: ${toolHint(ctx, "get_issue_details", { organizationSlug: org, issueId: id, eventId: page.data[0].eventID })} with its ID.`,
      );
    if (page.nextCursor)
      notes.push(`- More events: pass \`cursor: "${page.nextCursor}"\` with the same filters.`);
    if (notes.length) lines.push("", "## Response Notes", "", ...notes);
    return lines.join("\n");
  },
});
