/**
 * The `client` provider: the connected MCP client's own model, asked through
 * `sampling/createMessage` (a server-to-client request for 2025-era clients, an `input_required`
 * result for 2026-07-28 ones: the channel decides). No key needed; the client may show the
 * request to its user first. Sampling has no structured output, so the JSON Schema goes into the
 * (static) system prompt and the answer is parsed and validated here.
 */
import type { CreateMessageRequestParams, CreateMessageResult } from "@modelcontextprotocol/server";
import { z } from "zod";
import { LLMProviderError } from "../errors.js";
import { withAgentSpan } from "../telemetry/index.js";
import { redactKeys } from "./provider-errors.js";
import { AGENT_TIMEOUT_MS } from "./providers.js";
import type { AgentRequest, AgentRunner } from "./types.js";

const LABEL = "The client's model (MCP sampling)";
const MAX_TOKENS = 1_500;

/** Every balanced `{...}` in the text, outermost first, skipping braces inside strings. */
export function jsonObjects(text: string): string[] {
  const found: string[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === "\\") escaped = true;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"' && depth > 0) inString = true;
    else if (c === "{") {
      if (depth === 0) start = i;
      depth++;
    } else if (c === "}" && depth > 0 && --depth === 0) found.push(text.slice(start, i + 1));
  }
  return found;
}

/** The first JSON object in a model's text answer that the schema accepts. */
export function parseJsonAnswer<T>(text: string, schema: z.ZodType<T>): T | undefined {
  for (const candidate of jsonObjects(text)) {
    try {
      const parsed = schema.safeParse(JSON.parse(candidate));
      if (parsed.success) return parsed.data;
    } catch {
      // not JSON; try the next candidate
    }
  }
  return undefined;
}

const systemPrompts = new Map<string, string>();

/** The task's system prompt plus the answer's JSON Schema: static per schema, cacheable. */
function systemFor<T>(request: AgentRequest<T>): string {
  const key = `${request.schemaName}\n${request.system}`;
  let prompt = systemPrompts.get(key);
  if (!prompt) {
    const jsonSchema = JSON.stringify(z.toJSONSchema(request.schema));
    prompt = `${request.system}\n\nAnswer with exactly one JSON object and nothing else, matching this JSON Schema:\n${jsonSchema}`;
    systemPrompts.set(key, prompt);
  }
  return prompt;
}

function textOf(content: unknown): string {
  const blocks = Array.isArray(content) ? content : [content];
  return blocks
    .map((b) =>
      b && typeof b === "object" && (b as { type?: unknown }).type === "text"
        ? (b as { text: string }).text
        : "",
    )
    .join("\n");
}

/**
 * The user (or their client) said no to the sampling request: MCP asks clients to answer -1
 * ("User rejected sampling request"); clients that answer with another code still say so.
 */
function isDeclined(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === -1) return true;
  return typeof message === "string" && /\b(reject|declin|denied|refus)/i.test(message);
}

/** How this tool call reaches the client's model (src/server/input.ts). */
export interface SamplingChannel {
  sample(
    params: CreateMessageRequestParams,
    options: { signal?: AbortSignal; timeout?: number },
  ): Promise<CreateMessageResult>;
}

/** An error that must pass through untouched (the 2026 call waiting for the client's answer). */
const isSuspension = (error: unknown) => (error as Error)?.name === "InputNeeded";

export function createSamplingRunner(target: SamplingChannel): AgentRunner {
  return {
    provider: "client",
    model: "the client's model",
    async generate<T>(request: AgentRequest<T>) {
      const result = await withAgentSpan(
        { system: "mcp.sampling", model: "client", maxTokens: MAX_TOKENS, target: "sampling" },
        async () => {
          try {
            return await target.sample(
              {
                systemPrompt: systemFor(request),
                messages: [{ role: "user", content: { type: "text", text: request.prompt } }],
                maxTokens: MAX_TOKENS,
                temperature: 0,
                includeContext: "none",
                modelPreferences: {
                  speedPriority: 0.8,
                  costPriority: 0.6,
                  intelligencePriority: 0.4,
                },
              },
              { signal: request.signal, timeout: AGENT_TIMEOUT_MS },
            );
          } catch (error) {
            if (request.signal?.aborted || isSuspension(error)) throw error;
            const message = redactKeys(String((error as Error)?.message ?? error), []).slice(
              0,
              200,
            );
            throw new LLMProviderError(
              `${LABEL} failed: ${message}. Pass Sentry search syntax in \`query\` to search without it.`,
              isDeclined(error) ? "sampling_declined" : undefined,
            );
          }
        },
      );
      const value = parseJsonAnswer(textOf(result.content), request.schema);
      if (value === undefined)
        throw new LLMProviderError(
          `${LABEL} returned no usable search request. Rephrase naturalLanguageQuery or pass Sentry syntax in \`query\`.`,
        );
      return { value, model: result.model || "client" };
    },
  };
}
