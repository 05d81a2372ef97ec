/**
 * Key-based providers through the Vercel AI SDK: one `generateText` call with a zod output
 * schema, no retries, a static system prompt and a time limit. The SDK loads on first use.
 */
import type { LanguageModel } from "ai";
import { USER_AGENT } from "../config.js";
import { withAgentSpan } from "../telemetry/index.js";
import { toProviderError } from "./provider-errors.js";
import { azureUrlKind, DEFAULT_MODELS, KEY_ENV } from "./settings.js";
import type { AgentRequest, AgentRunner, ProviderSelection } from "./types.js";

export const AGENT_TIMEOUT_MS = 30_000;
const MAX_OUTPUT_TOKENS = 2_000;
const OPENROUTER_URL = "https://openrouter.ai/api/v1";
const DEFAULT_AZURE_API_VERSION = "2024-10-21";

/** Azure: `api-key` header, and `api-version` on deployment URLs. */
function azureFetch(selection: ProviderSelection): typeof fetch {
  const deployment = selection.baseUrl && azureUrlKind(selection.baseUrl) === "deployment";
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (deployment && !url.searchParams.has("api-version"))
      url.searchParams.set("api-version", selection.azureApiVersion ?? DEFAULT_AZURE_API_VERSION);
    const headers = new Headers(init?.headers);
    headers.set("api-key", selection.apiKey);
    return fetch(url, { ...init, headers });
  };
}

async function modelFor(selection: ProviderSelection): Promise<LanguageModel> {
  const headers = { "User-Agent": USER_AGENT };
  switch (selection.provider) {
    case "anthropic": {
      const { createAnthropic } = await import("@ai-sdk/anthropic");
      return createAnthropic({ apiKey: selection.apiKey, baseURL: selection.baseUrl, headers })(
        selection.model,
      );
    }
    case "openai": {
      const { createOpenAI } = await import("@ai-sdk/openai");
      // Chat Completions: what OpenAI-compatible servers behind a custom base URL speak.
      return createOpenAI({ apiKey: selection.apiKey, baseURL: selection.baseUrl, headers }).chat(
        selection.model,
      );
    }
    case "azure-openai": {
      const { createOpenAI } = await import("@ai-sdk/openai");
      return createOpenAI({
        name: "azure-openai",
        apiKey: selection.apiKey,
        baseURL: selection.baseUrl,
        headers,
        fetch: azureFetch(selection),
      }).chat(selection.model);
    }
    case "openrouter": {
      const { createOpenAICompatible } = await import("@ai-sdk/openai-compatible");
      return createOpenAICompatible({
        name: "openrouter",
        apiKey: selection.apiKey,
        baseURL: selection.baseUrl ?? OPENROUTER_URL,
        headers: {
          ...headers,
          "HTTP-Referer": "https://github.com/sentry-mcp-lite",
          "X-Title": "Sentry MCP",
        },
        supportsStructuredOutputs: true,
      })(selection.model);
    }
  }
}

/** Reasoning models answer a short translation faster with little reasoning. */
function providerOptions(
  selection: ProviderSelection,
): Record<string, Record<string, string>> | undefined {
  if (selection.provider === "openai" && selection.model === DEFAULT_MODELS.openai)
    return { openai: { reasoningEffort: "minimal" } };
  // OPENROUTER_REASONING_EFFORT, as @sentry/mcp-server reads it: sent as `reasoning_effort`.
  if (selection.provider === "openrouter" && selection.reasoningEffort)
    return { openrouter: { reasoningEffort: selection.reasoningEffort } };
  return undefined;
}

export function createProviderRunner(selection: ProviderSelection): AgentRunner {
  let model: Promise<LanguageModel> | undefined;
  const label = selection.provider;
  return {
    provider: selection.provider,
    model: selection.model,
    async generate<T>(request: AgentRequest<T>) {
      const timeout = AbortSignal.timeout(AGENT_TIMEOUT_MS);
      const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
      try {
        model ??= modelFor(selection);
        const [{ generateText, Output }, languageModel] = await Promise.all([import("ai"), model]);
        const result = await withAgentSpan(
          { system: selection.provider, model: selection.model, maxTokens: MAX_OUTPUT_TOKENS },
          async (span) => {
            const r = await generateText({
              model: languageModel,
              system: request.system,
              prompt: request.prompt,
              output: Output.object({ schema: request.schema, name: request.schemaName }),
              maxRetries: 0,
              maxOutputTokens: MAX_OUTPUT_TOKENS,
              abortSignal: signal,
              providerOptions: providerOptions(selection),
            });
            span.recordUsage({
              inputTokens: r.usage.inputTokens,
              outputTokens: r.usage.outputTokens,
            });
            return r;
          },
        );
        return { value: result.output as T, model: result.response.modelId || selection.model };
      } catch (error) {
        throw toProviderError(error, {
          label,
          keyEnv: KEY_ENV[selection.provider],
          secrets: [selection.apiKey],
          timedOut: timeout.aborted && !request.signal?.aborted,
          timeoutMs: AGENT_TIMEOUT_MS,
        });
      }
    },
  };
}
