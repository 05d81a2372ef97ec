import { z } from "zod";
import { inlineCode, truncate } from "../format/markdown.js";
import { getIssueEvent } from "../sentry-api/events.js";
import { getIssue } from "../sentry-api/issues.js";
import { defineTool } from "./define.js";
import { breadcrumbLine, crumbTime } from "./support/breadcrumb-format.js";
import { assertWithinPins } from "./support/constraints.js";
import { breadcrumbsOf } from "./support/event-entries.js";
import { dateText, idText } from "./support/issue-format.js";
import {
  eventIdParam,
  issueIdParam,
  issueUrlParam,
  resolveIssueTarget,
} from "./support/issue-target.js";
import { organizationSlug } from "./support/params.js";

export default defineTool({
  name: "get_issue_breadcrumbs",
  title: "Get Issue Breadcrumbs",
  description:
    "The breadcrumb trail of one event (navigation, clicks, HTTP calls, queries, console and log lines leading up to the error), oldest first. Defaults to the issue's latest event.",
  inputSchema: {
    organizationSlug: organizationSlug.optional(),
    issueId: issueIdParam,
    issueUrl: issueUrlParam,
    eventId: eventIdParam,
    category: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .describe(
        "Only breadcrumbs of this category prefix, e.g. http, navigation, ui.click, console",
      ),
    limit: z
      .number()
      .int()
      .min(1)
      .max(500)
      .default(100)
      .describe("How many of the newest breadcrumbs to show (default 100)"),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage", "seer"],
  requiredScopes: ["event:read"],
  async handler(params, ctx) {
    const target = resolveIssueTarget(params, ctx);
    const [issue, event] = await Promise.all([
      getIssue(ctx.client, target.org, target.issueId, ctx.signal),
      getIssueEvent(ctx.client, target.org, target.issueId, target.event, ctx.signal),
    ]);
    assertWithinPins(ctx, target.org, issue.project.slug);
    const all = breadcrumbsOf(event);
    const category = params.category?.toLowerCase();
    const matching = category
      ? all.filter((b) => (b.category ?? b.type ?? "").toLowerCase().startsWith(category))
      : all;
    const shown = matching.slice(-params.limit);
    const eventMs = event.dateCreated ? Date.parse(event.dateCreated) : undefined;
    const lines = [
      `# Breadcrumbs of Event ${inlineCode(event.eventID)} in **${inlineCode(target.org)}**`,
      "",
      `**Issue**: ${idText(issue.shortId ?? issue.id)}${issue.title ? ` · ${inlineCode(truncate(issue.title, 200))}` : ""}`,
      ...(event.dateCreated ? [`**Event occurred**: ${dateText(event.dateCreated)}`] : []),
      "",
    ];
    if (all.length === 0) {
      lines.push("This event recorded no breadcrumbs.");
      return lines.join("\n");
    }
    if (matching.length === 0) {
      const categories = [...new Set(all.map((b) => b.category ?? b.type ?? "default"))];
      lines.push(
        `No breadcrumbs of category ${inlineCode(params.category)}; this event has ${categories.map((c) => inlineCode(c)).join(", ")}.`,
      );
      return lines.join("\n");
    }
    const omitted = matching.length - shown.length;
    lines.push(
      `${shown.length} of ${all.length} breadcrumbs${category ? ` (category ${inlineCode(params.category)})` : ""}, oldest first; the offset in parentheses is relative to the event.`,
      "",
    );
    if (omitted > 0) lines.push(`- … ${omitted} earlier breadcrumbs not shown`);
    lines.push(...shown.map((b) => breadcrumbLine(b, { eventMs, full: true })));
    const latest = shown
      .map(crumbTime)
      .filter((t): t is number => t !== undefined)
      .at(-1);
    if (latest !== undefined && eventMs !== undefined && latest > eventMs + 1000)
      lines.push(
        "",
        "Some breadcrumbs are timestamped after the event (clock skew or async work).",
      );
    if (omitted > 0)
      lines.push(
        "",
        "## Response Notes",
        "",
        `- Raise \`limit\` (now ${params.limit}) to see the ${omitted} earlier breadcrumbs.`,
      );
    return lines.join("\n");
  },
});
