import { z } from "zod";
import { ApiError } from "../errors.js";
import { getConversation } from "../sentry-api/ai-conversations.js";
import { defineTool } from "./define.js";
import { formatConversation } from "./support/ai-conversation-format.js";
import { assertWithinPins, requireOrg } from "./support/constraints.js";
import {
  conversationRange,
  resolveProjectIds,
  windowEnd,
  windowStart,
} from "./support/conversation-scope.js";
import { organizationSlug, period } from "./support/params.js";
import { projectSlugOrIdParam } from "./support/project-ref.js";
import { describeRange } from "./support/time-range.js";

const DEFAULT_PERIOD = "30d";
/** Spans read per conversation; longer conversations are cut with a note. */
const MAX_SPANS = 500;

export default defineTool({
  name: "get_agent_conversation_details",
  title: "Get Agent Conversation Details",
  description: [
    "One agent conversation turn by turn: user and assistant messages, LLM calls with model and tokens, tool calls with arguments and results, and each turn's trace.",
    "conversationId comes from search_agent_conversations.",
  ].join(" "),
  // Our names before 0.39.0 parity, still taken (never listed).
  aliases: { projectSlugOrId: "project" },
  inputSchema: {
    organizationSlug,
    conversationId: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .regex(/^[^\s/?#]+$/, "must be a conversation ID without spaces or slashes")
      .describe("Conversation ID (gen_ai.conversation.id)"),
    project: projectSlugOrIdParam.optional(),
    period: period.describe(`Window to look in, e.g. 90d (default ${DEFAULT_PERIOD})`),
    start: windowStart,
    end: windowEnd,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage", "seer"],
  requiredScopes: ["event:read", "project:read"],
  requiredCapabilities: ["traces"],
  async handler(params, ctx) {
    const org = requireOrg(ctx, params.organizationSlug);
    const range = conversationRange(params, DEFAULT_PERIOD);
    const [project] = await resolveProjectIds(ctx, org, params.project ? [params.project] : []);
    const { title, spans, truncated } = await getConversation(
      ctx.client,
      org,
      params.conversationId,
      {
        projectId: project?.id,
        period: range.statsPeriod,
        start: range.start,
        end: range.end,
        maxSpans: MAX_SPANS,
        signal: ctx.signal,
      },
    );
    if (spans.length === 0) {
      const detail = `no spans of agent conversation ${params.conversationId} in the ${describeRange(range)}; pass a wider period (e.g. 90d) if it is older`;
      throw new ApiError("not_found", 404, detail, detail);
    }
    for (const s of spans) assertWithinPins(ctx, org, s.project ?? undefined);
    return formatConversation(
      {
        org,
        conversationId: params.conversationId,
        title,
        spans,
        truncated,
        url: ctx.client.orgWebPath(
          org,
          `/explore/conversations/${encodeURIComponent(params.conversationId)}/`,
        ),
      },
      ctx,
    );
  },
});
