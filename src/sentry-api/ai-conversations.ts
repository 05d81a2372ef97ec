/**
 * AI conversations: `GET /organizations/{org}/ai-conversations/` (summaries) and
 * `.../ai-conversations/{id}/` (the conversation's gen_ai spans). Undocumented in Sentry's
 * OpenAPI spec, so every field is tolerated missing or null.
 */

import { z } from "zod";
import type { Page, SentryClient } from "./client.js";
import { enc } from "./organizations.js";

const str = z.string().nullish();
const num = z.coerce.number().nullish();

export const ConversationSummarySchema = z.object({
  conversationId: z.string(),
  title: str,
  flow: z.array(z.string()).nullish(),
  errors: num,
  llmCalls: num,
  toolCalls: num,
  toolErrors: num,
  totalTokens: num,
  totalCost: num,
  startTimestamp: num,
  endTimestamp: num,
  traceIds: z.array(z.string()).nullish(),
  firstInput: str,
  lastOutput: str,
  toolNames: z.array(z.string()).nullish(),
  user: z.object({ id: str, email: str, username: str }).nullish(),
});
export type ConversationSummary = z.output<typeof ConversationSummarySchema>;

export const ConversationSpanSchema = z.object({
  span_id: z.string(),
  trace: z.string(),
  parent_span: str,
  project: str,
  "precise.start_ts": num,
  "precise.finish_ts": num,
  "span.op": str,
  "span.name": str,
  "span.status": str,
  "gen_ai.operation.type": str,
  "gen_ai.agent.name": str,
  "gen_ai.request.model": str,
  "gen_ai.response.model": str,
  "gen_ai.input.messages": str,
  "gen_ai.request.messages": str,
  "gen_ai.output.messages": str,
  "gen_ai.response.text": str,
  "gen_ai.tool.name": str,
  "gen_ai.tool.call.arguments": str,
  "gen_ai.tool.input": str,
  "gen_ai.tool.output": str,
  "gen_ai.usage.input_tokens": num,
  "gen_ai.usage.output_tokens": num,
  "gen_ai.usage.total_tokens": num,
  "gen_ai.cost.total_tokens": num,
});
export type ConversationSpan = z.output<typeof ConversationSpanSchema>;

export interface ConversationWindow {
  period?: string;
  start?: string;
  end?: string;
}

function windowQuery(w: ConversationWindow) {
  return w.start && w.end ? { start: w.start, end: w.end } : { statsPeriod: w.period };
}

export async function listConversations(
  client: SentryClient,
  org: string,
  options: ConversationWindow & {
    projectIds: string[];
    environments: string[];
    query?: string;
    limit: number;
    cursor?: string;
    signal?: AbortSignal;
  },
): Promise<Page<ConversationSummary[]>> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.getPage(
    `/api/0/organizations/${enc(org)}/ai-conversations/`,
    z.array(ConversationSummarySchema),
    {
      baseUrl,
      signal: options.signal,
      query: {
        project: options.projectIds,
        environment: options.environments,
        query: options.query,
        per_page: options.limit,
        cursor: options.cursor,
        ...windowQuery(options),
      },
    },
  );
}

const PAGE_SIZE = 100;

/**
 * One conversation's spans, following pages up to `maxSpans`. `truncated` says spans were left
 * unread; the title is the same on every page.
 */
export async function getConversation(
  client: SentryClient,
  org: string,
  conversationId: string,
  options: ConversationWindow & { projectId?: string; maxSpans: number; signal?: AbortSignal },
): Promise<{ title: string | undefined; spans: ConversationSpan[]; truncated: boolean }> {
  const baseUrl = await client.regionFor(org, options.signal);
  const spans: ConversationSpan[] = [];
  let title: string | undefined;
  let cursor: string | undefined;
  do {
    const page = await client.getPage(
      `/api/0/organizations/${enc(org)}/ai-conversations/${enc(conversationId)}/`,
      z.object({ title: str, spans: z.array(ConversationSpanSchema).nullish() }),
      {
        baseUrl,
        signal: options.signal,
        query: {
          project: options.projectId,
          per_page: PAGE_SIZE,
          cursor,
          ...windowQuery(options),
        },
      },
    );
    title = page.data.title ?? title;
    spans.push(...(page.data.spans ?? []));
    cursor = page.nextCursor;
  } while (cursor && spans.length < options.maxSpans);
  return {
    title,
    spans: spans.slice(0, options.maxSpans),
    truncated: cursor !== undefined || spans.length > options.maxSpans,
  };
}
