/**
 * Routes: AI conversations (undocumented in the OpenAPI spec). The list summarises each
 * conversation from its spans the way Sentry does; the details route pages through its spans.
 */

import type { Context, Hono } from "hono";
import type { AiConversationRecord, AiSpanRecord } from "../data/ai-conversations.js";
import type { JsonObject, OrgRecord, SandboxStore } from "../data/types.js";
import { fail, findOrg, listParam, paginate, type RouteDeps, timeWindow } from "./http.js";

const DAY_MS = 86_400_000;

function projectIds(c: Context, store: SandboxStore, org: OrgRecord): Set<string> {
  const raw = listParam(c, "project").filter((p) => p !== "-1");
  const own = store.projects.filter((p) => p.orgId === org.id);
  if (raw.length === 0) return new Set(own.map((p) => p.id));
  for (const id of raw) {
    if (!/^\d+$/.test(id)) fail(400, "Invalid project parameter. Values must be numbers.");
    if (!own.some((p) => p.id === id))
      fail(403, "You do not have permission to perform this action.");
  }
  return new Set(raw);
}

function parseMessages(
  raw: string | number | undefined,
): Array<{ role?: string; content?: string }> {
  if (typeof raw !== "string") return [];
  try {
    const parsed = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

const isLlm = (s: AiSpanRecord) => s.attrs["gen_ai.operation.type"] === "ai_client";
const isTool = (s: AiSpanRecord) => s.attrs["gen_ai.operation.type"] === "tool";
const num = (v: string | number | undefined) => (typeof v === "number" ? v : Number(v ?? 0) || 0);

function summary(conv: AiConversationRecord): JsonObject {
  const spans = [...conv.spans].sort((a, b) => a.startMs - b.startMs);
  const llm = spans.filter(isLlm);
  const tools = spans.filter(isTool);
  const firstUser = parseMessages(llm[0]?.attrs["gen_ai.input.messages"]).find(
    (m) => m.role === "user",
  );
  const lastOutput = [...llm].reverse().find((s) => s.attrs["gen_ai.response.text"]);
  const flow: string[] = [];
  for (const s of spans) {
    const agent = s.attrs["gen_ai.agent.name"];
    if (typeof agent === "string" && !flow.includes(agent)) flow.push(agent);
  }
  const user = spans[0]?.user;
  return {
    conversationId: conv.id,
    title: conv.title,
    flow,
    errors: spans.filter((s) => s.status !== "ok").length,
    llmCalls: llm.length,
    toolCalls: tools.length,
    totalTokens: llm.reduce((sum, s) => sum + num(s.attrs["gen_ai.usage.total_tokens"]), 0),
    totalCost:
      Math.round(llm.reduce((sum, s) => sum + num(s.attrs["gen_ai.cost.total_tokens"]), 0) * 1e6) /
      1e6,
    startTimestamp: spans[0]?.startMs ?? 0,
    endTimestamp: Math.max(...spans.map((s) => s.startMs + s.durationMs)),
    traceCount: new Set(spans.map((s) => s.traceId)).size,
    traceIds: [...new Set(spans.map((s) => s.traceId))],
    firstInput: firstUser?.content ?? null,
    lastOutput: (lastOutput?.attrs["gen_ai.response.text"] as string | undefined) ?? null,
    user:
      user && (user.id || user.email || user.username || user.ip)
        ? { id: user.id, email: user.email, username: user.username, ip_address: user.ip }
        : null,
    toolNames: [...new Set(tools.map((s) => String(s.attrs["gen_ai.tool.name"])))],
    toolErrors: tools.filter((s) => s.status !== "ok").length,
  };
}

function serializeSpan(store: SandboxStore, s: AiSpanRecord): JsonObject {
  const project = store.projects.find((p) => p.id === s.projectId);
  return {
    "gen_ai.conversation.id": s.conversationId,
    span_id: s.spanId,
    trace: s.traceId,
    parent_span: s.parentSpanId,
    "precise.start_ts": s.startMs / 1000,
    "precise.finish_ts": (s.startMs + s.durationMs) / 1000,
    project: project?.slug ?? null,
    "project.id": Number(s.projectId),
    "span.name": s.name,
    "span.op": s.op,
    "span.description": s.description,
    "span.status": s.status,
    "span.duration": s.durationMs,
    transaction: `invoke_agent ${String(s.attrs["gen_ai.agent.name"] ?? "")}`.trim(),
    is_transaction: s.parentSpanId === null,
    ...s.attrs,
    "user.id": s.user.id,
    "user.email": s.user.email,
    "user.username": s.user.username,
    "user.ip": s.user.ip,
  };
}

function conversationsInScope(
  c: Context,
  store: SandboxStore,
  org: OrgRecord,
  defaultDays: number,
) {
  const projects = projectIds(c, store, org);
  const envs = listParam(c, "environment");
  const now = store.now.getTime();
  const window = timeWindow(c, store.now) ?? { start: now - defaultDays * DAY_MS, end: now };
  return store.aiConversations
    .map((conv) => ({
      conv,
      spans: conv.spans.filter(
        (s) =>
          projects.has(s.projectId) &&
          (envs.length === 0 || envs.includes(s.environment)) &&
          s.startMs >= window.start &&
          s.startMs <= window.end,
      ),
    }))
    .filter((x) => x.spans.length > 0);
}

export function registerAiConversationRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;

  app.get("/api/0/organizations/:org/ai-conversations/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const query = (c.req.query("query") ?? "").trim();
    if (/(^|\s)!?[\w.]+:\S/.test(query))
      fail(400, "Invalid query: only free text is supported for conversations");
    const needle = query.replace(/"/g, "").toLowerCase();
    const rows = conversationsInScope(c, store, org, 7)
      .map(({ conv, spans }) => summary({ ...conv, spans }))
      .filter((s) =>
        !needle
          ? true
          : [
              s.title,
              s.firstInput,
              s.lastOutput,
              ...(s.toolNames as string[]),
              ...(s.flow as string[]),
            ]
              .filter((v): v is string => typeof v === "string")
              .some((v) => v.toLowerCase().includes(needle)),
      )
      .sort((a, b) => (b.endTimestamp as number) - (a.endTimestamp as number));
    return c.json(paginate(c, deps, rows, { defaultSize: 10, maxSize: 100 }));
  });

  app.get("/api/0/organizations/:org/ai-conversations/:conversationId/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const id = c.req.param("conversationId");
    const hit = conversationsInScope(c, store, org, 30).find((x) => x.conv.id === id);
    const spans = (hit?.spans ?? []).sort(
      (a, b) => a.startMs - b.startMs || a.spanId.localeCompare(b.spanId),
    );
    const page = paginate(c, deps, spans, { defaultSize: 100, maxSize: 1000 });
    return c.json({
      conversationId: id,
      title: hit?.conv.title ?? null,
      spans: page.map((s) => serializeSpan(store, s)),
    });
  });
}
