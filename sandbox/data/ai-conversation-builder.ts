/**
 * Builds AI conversation records: each user turn becomes one trace with an agent span and the
 * chat (LLM) and tool spans beneath it, carrying the gen_ai attributes Sentry stores.
 */

import { PROJECT_IDS as P } from "./trace-builder.js";
import { hexId } from "./util.js";

export interface AiUser {
  id: string | null;
  email: string | null;
  username: string | null;
  ip: string | null;
}

export interface AiSpanRecord {
  conversationId: string;
  spanId: string;
  traceId: string;
  parentSpanId: string | null;
  projectId: string;
  startMs: number;
  durationMs: number;
  op: string;
  name: string;
  description: string;
  status: string;
  environment: string;
  /** gen_ai.* attributes as Sentry returns them (messages are JSON strings) */
  attrs: Record<string, string | number>;
  user: AiUser;
}

export interface AiConversationRecord {
  id: string;
  /** AI-generated title; null when Sentry has none */
  title: string | null;
  projectId: string;
  environment: string;
  spans: AiSpanRecord[];
}

export type Step =
  | {
      llm: {
        model: string;
        /** the new user message of this call, when the turn starts here */
        user?: string;
        output?: string;
        toolCall?: string;
        input: number;
        out: number;
        cost: number;
        ms: number;
        status?: string;
      };
    }
  | { tool: { name: string; args: string; output: string; ms: number; status?: string } };

export interface Turn {
  /** ms after the conversation start */
  at: number;
  steps: Step[];
}

const SYSTEM = "You are Acme's support assistant. Use the tools; never reveal internal data.";

export function build(
  id: string,
  title: string | null,
  start: number,
  user: AiUser,
  turns: Turn[],
  agent = "support-agent",
): AiConversationRecord {
  const spans: AiSpanRecord[] = [];
  const history: Array<{ role: string; content: string }> = [];
  turns.forEach((turn, t) => {
    const traceId = hexId(`ai:${id}:trace:${t}`);
    const rootId = hexId(`ai:${id}:${t}:agent`, 16);
    const base = {
      conversationId: id,
      traceId,
      projectId: P.backend,
      environment: "production",
      user,
    };
    let at = start + turn.at + 20;
    const children: AiSpanRecord[] = [];
    turn.steps.forEach((step, k) => {
      const spanId = hexId(`ai:${id}:${t}:${k}`, 16);
      if ("llm" in step) {
        const s = step.llm;
        if (s.user) history.push({ role: "user", content: s.user });
        const output = s.output ?? "";
        const attrs: Record<string, string | number> = {
          "gen_ai.operation.type": "ai_client",
          "gen_ai.request.model": s.model,
          "gen_ai.response.model": s.model,
          "gen_ai.agent.name": agent,
          "gen_ai.system_instructions": SYSTEM,
          "gen_ai.input.messages": JSON.stringify(history),
          "gen_ai.usage.input_tokens": s.input,
          "gen_ai.usage.output_tokens": s.out,
          "gen_ai.usage.total_tokens": s.input + s.out,
          "gen_ai.cost.total_tokens": s.cost,
        };
        if (s.toolCall) {
          attrs["gen_ai.response.tool_calls"] = JSON.stringify([{ name: s.toolCall }]);
        } else {
          attrs["gen_ai.output.messages"] = JSON.stringify([
            { role: "assistant", content: output },
          ]);
          attrs["gen_ai.response.text"] = output;
          history.push({ role: "assistant", content: output });
        }
        children.push({
          ...base,
          spanId,
          parentSpanId: rootId,
          startMs: at,
          durationMs: s.ms,
          op: "gen_ai.chat",
          name: `chat ${s.model}`,
          description: `chat ${s.model}`,
          status: s.status ?? "ok",
          attrs,
        });
        at += s.ms + 5;
      } else {
        const s = step.tool;
        children.push({
          ...base,
          spanId,
          parentSpanId: rootId,
          startMs: at,
          durationMs: s.ms,
          op: "gen_ai.execute_tool",
          name: `execute_tool ${s.name}`,
          description: `execute_tool ${s.name}`,
          status: s.status ?? "ok",
          attrs: {
            "gen_ai.operation.type": "tool",
            "gen_ai.tool.name": s.name,
            "gen_ai.tool.call.arguments": s.args,
            "gen_ai.tool.output": s.output,
            "gen_ai.agent.name": agent,
          },
        });
        at += s.ms + 5;
      }
    });
    spans.push({
      ...base,
      spanId: rootId,
      parentSpanId: null,
      startMs: start + turn.at,
      durationMs: at - (start + turn.at) + 10,
      op: "gen_ai.invoke_agent",
      name: `invoke_agent ${agent}`,
      description: `invoke_agent ${agent}`,
      status: "ok",
      attrs: { "gen_ai.operation.type": "agent", "gen_ai.agent.name": agent },
    });
    spans.push(...children);
  });
  return { id, title, projectId: P.backend, environment: "production", spans };
}
