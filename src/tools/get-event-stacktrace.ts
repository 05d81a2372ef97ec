import { z } from "zod";
import { UserInputError } from "../errors.js";
import { codeBlock, inlineCode, truncate } from "../format/markdown.js";
import { getIssueEvent } from "../sentry-api/events.js";
import { getIssue } from "../sentry-api/issues.js";
import { defineTool } from "./define.js";
import { assertWithinPins } from "./support/constraints.js";
import { exceptionsOf, stacktraceOf, threadsOf } from "./support/event-entries.js";
import { dateText, idText } from "./support/issue-format.js";
import {
  eventIdParam,
  issueIdParam,
  issueUrlParam,
  resolveIssueTarget,
} from "./support/issue-target.js";
import { organizationSlug } from "./support/params.js";
import {
  formatException,
  formatFrames,
  formatThreads,
  threadLabel,
} from "./support/stacktrace-format.js";

const FULL = { showAll: true, allVars: true } as const;

export default defineTool({
  name: "get_event_stacktrace",
  title: "Get Event Stack Trace",
  description:
    "Full stack trace of one event: every exception in the chain and every thread, library frames included, with source context and local variables. Defaults to the issue's latest event.",
  inputSchema: {
    organizationSlug: organizationSlug.optional(),
    issueId: issueIdParam,
    issueUrl: issueUrlParam,
    eventId: eventIdParam,
    thread: z
      .union([z.number().int(), z.string().trim().min(1).max(200)])
      .optional()
      .describe("Only this thread: numeric thread ID or exact thread name"),
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
    const threads = threadsOf(event) ?? [];
    const lines = [
      `# Stack Trace of Event ${inlineCode(event.eventID)} in **${inlineCode(target.org)}**`,
      "",
      `**Issue**: ${idText(issue.shortId ?? issue.id)}${issue.title ? ` · ${inlineCode(truncate(issue.title, 200))}` : ""}`,
      [
        event.dateCreated ? `**Occurred**: ${dateText(event.dateCreated)}` : undefined,
        event.platform ? `**Platform**: ${inlineCode(event.platform)}` : undefined,
      ]
        .filter(Boolean)
        .join(" · "),
      "",
      "Frames run oldest call first, crashing frame last; `[app]` marks in-app frames.",
      "",
    ];
    if (params.thread !== undefined) {
      const wanted = params.thread;
      const thread = threads.find((t) =>
        typeof wanted === "number"
          ? Number(t.id) === wanted
          : t.name === wanted || String(t.id) === wanted,
      );
      if (!thread) {
        const known = threads.map((t) => threadLabel(t)).join(", ");
        throw new UserInputError(
          `Thread ${JSON.stringify(wanted)} is not in event ${event.eventID}. ${known ? `Threads: ${known}.` : "The event recorded no threads."}`,
        );
      }
      lines.push(...formatThreads([thread], FULL));
      return lines.join("\n").trimEnd();
    }
    const exceptions = exceptionsOf(event);
    if (exceptions.length) {
      lines.push(`## Exceptions (${exceptions.length})`, "");
      [...exceptions].reverse().forEach((exc, i) => {
        const role = i === 0 ? "raised" : "cause of the one above";
        lines.push(`### ${i + 1}. ${role}`, "", formatException(exc, FULL), "");
      });
    }
    const bare = stacktraceOf(event);
    if (bare.length) lines.push("## Stack Trace", "", codeBlock(formatFrames(bare, FULL)), "");
    if (threads.length)
      lines.push(`## Threads (${threads.length})`, "", ...formatThreads(threads, FULL));
    if (!exceptions.length && !bare.length && !threads.length)
      lines.push(
        "This event has no stack trace: no exception, thread or stacktrace data was recorded.",
      );
    return lines
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trimEnd();
  },
});
