/**
 * Embedded agents: the optional LLM step that turns a natural-language search into Sentry
 * syntax and repairs search requests Sentry rejected. See docs/embedded-agents.md.
 */
import type { z } from "zod";

/** Providers reached with an API key through the Vercel AI SDK. */
export const KEY_PROVIDERS = ["openai", "azure-openai", "anthropic", "openrouter"] as const;
export type KeyProvider = (typeof KEY_PROVIDERS)[number];

/** `client`: the connected MCP client's own model, through `sampling/createMessage`. */
export type AgentProviderName = KeyProvider | "client";

/** Values of --agent-provider / EMBEDDED_AGENT_PROVIDER; `none` turns the LLM step off. */
export const PROVIDER_CHOICES = [...KEY_PROVIDERS, "client", "none"] as const;
export type ProviderChoice = (typeof PROVIDER_CHOICES)[number];

/** OPENROUTER_REASONING_EFFORT: how much a reasoning model on OpenRouter thinks. */
export const REASONING_EFFORTS = ["none", "minimal", "low", "medium", "high", "xhigh"] as const;
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];

export interface EndpointOverrides {
  baseUrl?: string;
  model?: string;
}

/** Config.agent: what flags and environment say about the embedded agent. Keys are secrets. */
export interface AgentSettings {
  /** The explicit choice; absent = auto (one key set → that provider; none → client sampling). */
  provider?: ProviderChoice;
  keys: {
    openai?: string;
    azureOpenai?: string;
    anthropic?: string;
    openrouter?: string;
  };
  openai: EndpointOverrides;
  anthropic: EndpointOverrides;
  openrouter: EndpointOverrides & { reasoningEffort?: ReasoningEffort };
  /** Azure `api-version` for deployment URLs (OPENAI_API_VERSION). */
  azureApiVersion?: string;
  /** The resolved key provider, when there is one (filled by resolveAgentSettings). */
  selection?: ProviderSelection;
  /** One line for stderr at startup when keys were found but no provider could be chosen. */
  notice?: string;
}

/** A provider chosen at startup, with everything needed to call it. */
export interface ProviderSelection {
  provider: KeyProvider;
  apiKey: string;
  model: string;
  baseUrl?: string;
  azureApiVersion?: string;
  /** OpenRouter only: sent as `reasoning_effort` */
  reasoningEffort?: ReasoningEffort;
}

export interface AgentRequest<T> {
  /** Static per task, so providers can cache it. */
  system: string;
  /** The variable part: the request, the rejection, known fields. */
  prompt: string;
  schema: z.ZodType<T>;
  schemaName: string;
  signal?: AbortSignal;
}

/**
 * One structured LLM call. Failures are LLMProviderErrors naming the provider; nothing retries.
 */
export interface AgentRunner {
  readonly provider: AgentProviderName;
  /** Model id, or a description for the client's model before it answered. */
  readonly model: string;
  generate<T>(request: AgentRequest<T>): Promise<{ value: T; model: string }>;
}
