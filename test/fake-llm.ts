/**
 * A fake LLM provider on 127.0.0.1 speaking OpenAI Chat Completions (`…/chat/completions`) and
 * Anthropic Messages (`…/messages`), for the embedded-agent tests: real AI SDK clients talk to
 * it over HTTP through the base-URL overrides. Each request is recorded; answers are queued.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeLlmRequest {
  path: string;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown>;
  /** the system prompt and the user message, as the provider received them */
  system: string;
  user: string;
}

/** What the next request gets: a structured answer, or an HTTP error. */
export type FakeReply =
  | { answer: Record<string, unknown> }
  | { status: number; error: string }
  | { text: string };

export interface FakeLlm {
  url: string;
  requests: FakeLlmRequest[];
  /** replies for the next requests, in order; an empty queue answers 500 */
  replies: FakeReply[];
  close(): Promise<void>;
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content))
    return content
      .map((c) => (c && typeof c === "object" ? ((c as { text?: string }).text ?? "") : ""))
      .join("");
  return "";
}

function openaiBody(reply: FakeReply, model: string) {
  const content =
    "answer" in reply ? JSON.stringify(reply.answer) : "text" in reply ? reply.text : "";
  return {
    id: "chatcmpl-fake",
    object: "chat.completion",
    created: 1_790_000_000,
    model,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { prompt_tokens: 321, completion_tokens: 45, total_tokens: 366 },
  };
}

function anthropicBody(reply: FakeReply, model: string, body: Record<string, unknown>) {
  const tools = (body.tools as Array<{ name?: string }> | undefined) ?? [];
  const viaTool = "answer" in reply && tools.some((t) => t.name === "json");
  const content = viaTool
    ? [
        {
          type: "tool_use",
          id: "toolu_fake",
          name: "json",
          input: (reply as { answer: unknown }).answer,
        },
      ]
    : [
        {
          type: "text",
          text:
            "answer" in reply ? JSON.stringify(reply.answer) : "text" in reply ? reply.text : "",
        },
      ];
  return {
    id: "msg_fake",
    type: "message",
    role: "assistant",
    model,
    content,
    stop_reason: viaTool ? "tool_use" : "end_turn",
    stop_sequence: null,
    usage: { input_tokens: 321, output_tokens: 45 },
  };
}

export async function startFakeLlm(): Promise<FakeLlm> {
  const requests: FakeLlmRequest[] = [];
  const replies: FakeReply[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
      const path = (req.url ?? "").split("?")[0];
      const anthropic = path.endsWith("/messages");
      const messages = (body.messages as Array<{ role: string; content: unknown }>) ?? [];
      const system = anthropic
        ? textOf(body.system)
        : textOf(messages.find((m) => m.role === "system" || m.role === "developer")?.content);
      const user = textOf(messages.find((m) => m.role === "user")?.content);
      requests.push({ path: req.url ?? "", headers: req.headers, body, system, user });
      const reply = replies.shift() ?? { status: 500, error: "no reply queued" };
      res.setHeader("content-type", "application/json");
      if ("status" in reply) {
        res.statusCode = reply.status;
        res.end(
          JSON.stringify(
            anthropic
              ? { type: "error", error: { type: "api_error", message: reply.error } }
              : { error: { message: reply.error, type: "invalid_request_error" } },
          ),
        );
        return;
      }
      const model = String(body.model ?? "fake-model");
      res.end(
        JSON.stringify(anthropic ? anthropicBody(reply, model, body) : openaiBody(reply, model)),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    replies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
