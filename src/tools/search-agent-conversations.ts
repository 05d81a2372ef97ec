import { z } from "zod";
import { inlineCode } from "../format/markdown.js";
import { listConversations } from "../sentry-api/ai-conversations.js";
import { defineTool } from "./define.js";
import { formatConversationItem, UNTRUSTED_NOTE } from "./support/ai-conversation-format.js";
import { requireOrg } from "./support/constraints.js";
import {
  asList,
  conversationEnvironment,
  conversationProject,
  conversationRange,
  resolveProjectIds,
  windowEnd,
  windowStart,
} from "./support/conversation-scope.js";
import { cursor, organizationSlug, period, query } from "./support/params.js";
import { describeRange } from "./support/time-range.js";
import { cursorArg, hintLine } from "./support/tool-hint.js";

const DEFAULT_PERIOD = "30d";

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export default defineTool({
  name: "search_agent_conversations",
  title: "Search Agent Conversations",
  description: [
    "List AI agent conversations (grouped by gen_ai.conversation.id): first user message, LLM and tool calls, errors, tokens, cost.",
    "Filter with query (free text), project, environment and period.",
  ].join(" "),
  // Our names before 0.39.0 parity, still taken (never listed).
  aliases: { projectSlugOrId: "project" },
  inputSchema: {
    organizationSlug,
    query: query.describe("Free text, e.g. refund"),
    project: conversationProject.optional(),
    environment: conversationEnvironment.optional(),
    period: period.describe(`Relative window, e.g. 24h or 7d (default ${DEFAULT_PERIOD})`),
    start: windowStart,
    end: windowEnd,
    limit: z.number().int().min(1).max(100).default(10),
    cursor,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage", "seer"],
  requiredScopes: ["event:read", "project:read"],
  requiredCapabilities: ["traces"],
  async handler(params, ctx) {
    const org = requireOrg(ctx, params.organizationSlug);
    const range = conversationRange(params, DEFAULT_PERIOD);
    const projects = await resolveProjectIds(ctx, org, asList(params.project));
    const environments = asList(params.environment);
    const page = await listConversations(ctx.client, org, {
      projectIds: projects.map((p) => p.id),
      environments,
      query: params.query,
      period: range.statsPeriod,
      start: range.start,
      end: range.end,
      limit: params.limit,
      cursor: params.cursor,
      signal: ctx.signal,
    });
    const scope = projects.length ? `${org}/${projects.map((p) => p.slug).join(",")}` : org;
    const conversations = page.data.slice(0, params.limit);
    const filters = [
      params.query ? `Query ${inlineCode(params.query)}` : undefined,
      environments.length ? `environment ${environments.map(inlineCode).join(", ")}` : undefined,
      describeRange(range),
    ].filter(Boolean) as string[];
    const lines = [
      `# Agent Conversations in **${inlineCode(scope)}**`,
      "",
      `${capitalized(filters.join(", "))}: ${conversations.length} shown.`,
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
            "get_agent_conversation_details",
            {
              organizationSlug: org,
              conversationId: conversations[0].conversationId,
            },
          )
        : []),
      ...(page.nextCursor
        ? [`- More conversations: pass ${cursorArg(page.nextCursor)} with the same arguments.`]
        : []),
    ];
    if (notes.length) lines.push("", "## Response Notes", "", ...notes);
    return lines.join("\n");
  },
});
