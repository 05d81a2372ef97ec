import { z } from "zod";
import { inlineCode } from "../format/markdown.js";
import { listConversations } from "../sentry-api/ai-conversations.js";
import { defineTool } from "./define.js";
import { formatConversationItem, UNTRUSTED_NOTE } from "./support/ai-conversation-format.js";
import { requireOrg } from "./support/constraints.js";
import { cursor, organizationSlug, period, query } from "./support/params.js";
import { projectSlugOrIdParam, resolveOptionalProject } from "./support/project-ref.js";
import { describeRange, isoDateTime, resolveTimeRange } from "./support/time-range.js";
import { hintLine } from "./support/tool-hint.js";

const DEFAULT_PERIOD = "7d";

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export default defineTool({
  name: "search_ai_conversations",
  title: "Search AI Conversations",
  description: [
    "List AI agent conversations (grouped by gen_ai.conversation.id): first user message, LLM and tool calls, errors, tokens, cost.",
    "Filter with query (free text), project and period.",
  ].join(" "),
  inputSchema: {
    organizationSlug,
    projectSlugOrId: projectSlugOrIdParam.optional(),
    query: query.describe("Free text, e.g. refund"),
    period: period.describe(`Relative window, e.g. 24h or 30d (default ${DEFAULT_PERIOD})`),
    start: isoDateTime.optional().describe("Window start (ISO 8601), with end"),
    end: isoDateTime.optional().describe("Window end (ISO 8601), with start"),
    limit: z.number().int().min(1).max(50).default(10),
    cursor,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage", "seer"],
  requiredScopes: ["event:read", "project:read"],
  requiredCapabilities: ["traces"],
  async handler(params, ctx) {
    const org = requireOrg(ctx, params.organizationSlug);
    const range = resolveTimeRange(params, DEFAULT_PERIOD);
    const project = await resolveOptionalProject(ctx, org, params.projectSlugOrId);
    const page = await listConversations(ctx.client, org, {
      projectId: project?.id,
      query: params.query,
      period: range.statsPeriod,
      start: range.start,
      end: range.end,
      limit: params.limit,
      cursor: params.cursor,
      signal: ctx.signal,
    });
    const scope = project ? `${org}/${project.slug}` : org;
    const conversations = page.data.slice(0, params.limit);
    const lines = [
      `# AI Conversations in **${inlineCode(scope)}**`,
      "",
      `${params.query ? `Query ${inlineCode(params.query)}, ${describeRange(range)}` : capitalized(describeRange(range))}: ${conversations.length} shown.`,
    ];
    if (conversations.length === 0) {
      lines.push("", "No conversations match.");
    } else {
      lines.push("", UNTRUSTED_NOTE, "", ...conversations.map(formatConversationItem));
    }
    lines.push("", `**URL**: ${ctx.client.orgWebPath(org, "/explore/conversations/")}`);
    const notes = [
      ...(conversations[0]
        ? hintLine(
            ctx,
            "One conversation's messages and tool calls",
            "get_ai_conversation_details",
            {
              organizationSlug: org,
              conversationId: conversations[0].conversationId,
            },
          )
        : []),
      ...(page.nextCursor
        ? [`- More conversations: pass \`cursor: "${page.nextCursor}"\` with the same arguments.`]
        : []),
    ];
    if (notes.length) lines.push("", "## Response Notes", "", ...notes);
    return lines.join("\n");
  },
});
