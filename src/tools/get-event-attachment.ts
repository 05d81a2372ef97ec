import { z } from "zod";
import { codeBlock, inlineCode } from "../format/markdown.js";
import { downloadEventAttachment, listEventAttachments } from "../sentry-api/attachments.js";
import { defineTool, rawContent } from "./define.js";
import {
  decodeText,
  formatBytes,
  kindFromHeaders,
  MAX_INLINE_BYTES,
  sniffImage,
} from "./support/attachment-content.js";
import { dateText, idText } from "./support/issue-format.js";
import { cursor, organizationSlug, projectSlug } from "./support/params.js";
import { assertEventId } from "./support/sentry-url.js";
import { cursorArg, toolHint } from "./support/tool-hint.js";

/** Characters of a text attachment shown inline; the rest is summarized. */
function textRoom(budget: number): number {
  return Math.max(2_000, Math.min(20_000, budget - 2_000));
}

export default defineTool({
  name: "get_event_attachment",
  title: "Get Event Attachment",
  description:
    "List an event's attachments (screenshots, log files, view hierarchies, minidumps), or with attachmentId download one: text files come back as text and PNG/JPEG/GIF/WebP images up to 1 MB as images.",
  inputSchema: {
    organizationSlug,
    projectSlug: projectSlug.describe("Project slug of the event"),
    eventId: z.string().trim().min(1).max(64).describe("Event ID (32 hex characters)"),
    attachmentId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, "must be an attachment ID such as 7700004")
      .optional()
      .describe("Attachment ID from the list; omit to list attachments"),
    cursor,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage", "seer"],
  requiredScopes: ["event:read"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const project = params.projectSlug;
    const eventId = assertEventId(params.eventId);
    const scope = `**${inlineCode(`${org}/${project}`)}**`;
    if (!params.attachmentId) {
      const page = await listEventAttachments(ctx.client, org, project, eventId, {
        cursor: params.cursor,
        signal: ctx.signal,
      });
      const lines = [`# Attachments of Event ${inlineCode(eventId)} in ${scope}`, ""];
      if (page.data.length === 0) {
        lines.push("This event has no attachments.");
        return lines.join("\n");
      }
      for (const a of page.data) {
        const facts = [
          a.mimetype ? inlineCode(a.mimetype) : undefined,
          formatBytes(a.size),
          a.type ? inlineCode(a.type) : undefined,
          a.dateCreated ? dateText(a.dateCreated) : undefined,
        ].filter(Boolean);
        lines.push(
          `- **${idText(a.id)}**${a.name ? ` ${inlineCode(a.name)}` : ""}${facts.length ? ` · ${facts.join(" · ")}` : ""}`,
        );
      }
      lines.push(
        "",
        "## Response Notes",
        "",
        `- Download one: ${toolHint(ctx, "get_event_attachment", { organizationSlug: org, projectSlug: project, eventId, attachmentId: page.data[0].id })} with its ID. Text and images up to 1 MB come back inline.`,
      );
      if (page.nextCursor) lines.push(`- More attachments: pass ${cursorArg(page.nextCursor)}.`);
      return lines.join("\n");
    }
    const file = await downloadEventAttachment(
      ctx.client,
      org,
      project,
      eventId,
      params.attachmentId,
      {
        maxBytes: MAX_INLINE_BYTES,
        accept: (meta) => kindFromHeaders(meta.contentType, meta.filename).kind !== "binary",
        signal: ctx.signal,
      },
    );
    const name = file.filename ?? `attachment ${params.attachmentId}`;
    const type = file.contentType?.split(";")[0] ?? "unknown type";
    const head = [
      `# Attachment ${inlineCode(name)} of Event ${inlineCode(eventId)} in ${scope}`,
      "",
      `**ID**: ${params.attachmentId} · **Type**: ${inlineCode(type)} · **Size**: ${formatBytes(file.size)}`,
    ];
    const refuse = (why: string) =>
      [
        ...head,
        "",
        `Not downloaded: ${why}`,
        `**Download URL** (needs a Sentry token with event:read): ${file.url}`,
      ].join("\n");
    if (file.tooLarge)
      return refuse(
        `the file is ${formatBytes(file.size)}, over the ${formatBytes(MAX_INLINE_BYTES)} limit for inline content.`,
      );
    const bytes = file.bytes;
    if (file.skipped || !bytes)
      return refuse("only text files and PNG, JPEG, GIF or WebP images are returned inline.");
    const kind = kindFromHeaders(file.contentType, file.filename);
    if (kind.kind === "image") {
      const mimeType = sniffImage(bytes);
      if (!mimeType)
        return refuse(`the file is labeled ${type} but is not a PNG, JPEG, GIF or WebP image.`);
      return rawContent([
        { type: "text", text: [...head, "", "The image follows."].join("\n") },
        { type: "image", data: Buffer.from(bytes).toString("base64"), mimeType },
      ]);
    }
    const text = decodeText(bytes);
    if (text === undefined) return refuse("the file is not UTF-8 text.");
    const room = textRoom(ctx.responseBudget);
    const shown = text.length > room ? text.slice(0, room) : text;
    const lines = [...head, "", codeBlock(shown)];
    if (shown.length < text.length)
      lines.push(
        "",
        `Showing the first ${room} of ${text.length} characters. **Download URL** for the rest (needs a Sentry token): ${file.url}`,
      );
    return lines.join("\n");
  },
});
