/**
 * Which embedded-agent provider runs, decided once at startup from flags and environment:
 * an explicit --agent-provider / EMBEDDED_AGENT_PROVIDER wins; otherwise exactly one API key
 * picks its provider, several keys pick none (with a notice), and no key leaves the client's
 * own model (MCP sampling) and the built-in rules.
 */
import { UserInputError } from "../errors.js";
import {
  type AgentSettings,
  type KeyProvider,
  PROVIDER_CHOICES,
  type ProviderChoice,
  type ProviderSelection,
  REASONING_EFFORTS,
  type ReasoningEffort,
} from "./types.js";

export const DEFAULT_MODELS: Record<KeyProvider, string> = {
  openai: "gpt-5-mini",
  "azure-openai": "gpt-5-mini",
  anthropic: "claude-haiku-4-5",
  openrouter: "openai/gpt-5-mini",
};

export const KEY_ENV: Record<KeyProvider, string> = {
  openai: "OPENAI_API_KEY",
  "azure-openai": "AZURE_OPENAI_API_KEY",
  anthropic: "ANTHROPIC_API_KEY",
  openrouter: "OPENROUTER_API_KEY",
};

/** The agent's CLI flags (parsed by src/cli/args.ts). */
export interface AgentFlagValues {
  "agent-provider"?: string;
  "openai-base-url"?: string;
  "openai-model"?: string;
  "anthropic-base-url"?: string;
  "anthropic-model"?: string;
}

export function emptyAgentSettings(): AgentSettings {
  return { keys: {}, openai: {}, anthropic: {}, openrouter: {} };
}

const clean = (value: string | undefined): string | undefined => value?.trim() || undefined;

function baseUrl(raw: string | undefined, name: string): string | undefined {
  const value = clean(raw);
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UserInputError(`Invalid ${name}: expected an http(s) URL.`);
  }
  if (!["http:", "https:"].includes(url.protocol) || url.username || url.password)
    throw new UserInputError(`Invalid ${name}: an http(s) URL without credentials.`);
  return url.href.replace(/\/+$/, "");
}

function parseEffort(raw: string | undefined): ReasoningEffort | undefined {
  const value = clean(raw)?.toLowerCase();
  if (value === undefined) return undefined;
  if (!(REASONING_EFFORTS as readonly string[]).includes(value))
    throw new UserInputError(
      `Invalid OPENROUTER_REASONING_EFFORT ${JSON.stringify(raw)}: one of ${REASONING_EFFORTS.join(", ")}.`,
    );
  return value as ReasoningEffort;
}

function parseChoice(raw: string | undefined, name: string): ProviderChoice | undefined {
  const value = clean(raw)?.toLowerCase();
  if (value === undefined) return undefined;
  if (!(PROVIDER_CHOICES as readonly string[]).includes(value))
    throw new UserInputError(
      `Invalid ${name} ${JSON.stringify(raw)}: one of ${PROVIDER_CHOICES.join(", ")}.`,
    );
  return value as ProviderChoice;
}

/** Azure needs a v1 base URL (…/openai/v1) or a deployment URL (…/openai/deployments/NAME). */
export function azureUrlKind(url: string): "v1" | "deployment" | undefined {
  const path = new URL(url).pathname.replace(/\/+$/, "");
  if (/\/openai\/v1$/i.test(path)) return "v1";
  if (/\/openai\/deployments\/[^/]+$/i.test(path)) return "deployment";
  return undefined;
}

function keyOf(settings: AgentSettings, provider: KeyProvider): string | undefined {
  switch (provider) {
    case "openai":
      return settings.keys.openai;
    case "azure-openai":
      return settings.keys.azureOpenai;
    case "anthropic":
      return settings.keys.anthropic;
    case "openrouter":
      return settings.keys.openrouter;
  }
}

function endpointOf(settings: AgentSettings, provider: KeyProvider) {
  if (provider === "anthropic") return settings.anthropic;
  if (provider === "openrouter") return settings.openrouter;
  return settings.openai;
}

function select(settings: AgentSettings, provider: KeyProvider, apiKey: string): ProviderSelection {
  const endpoint = endpointOf(settings, provider);
  return {
    provider,
    apiKey,
    model: endpoint.model ?? DEFAULT_MODELS[provider],
    ...(endpoint.baseUrl ? { baseUrl: endpoint.baseUrl } : {}),
    ...(provider === "azure-openai" && settings.azureApiVersion
      ? { azureApiVersion: settings.azureApiVersion }
      : {}),
    ...(provider === "openrouter" && settings.openrouter.reasoningEffort
      ? { reasoningEffort: settings.openrouter.reasoningEffort }
      : {}),
  };
}

/**
 * Fills `selection` (and `notice`) from the settings. Throws a UserInputError for an explicit
 * choice that cannot work (missing key, Azure without a supported base URL).
 */
export function chooseProvider(settings: AgentSettings): AgentSettings {
  const choice = settings.provider;
  if (choice === "none" || choice === "client") return settings;
  if (choice) {
    const key =
      keyOf(settings, choice) ?? (choice === "azure-openai" ? settings.keys.openai : undefined);
    if (!key)
      throw new UserInputError(
        `The ${choice} embedded-agent provider needs ${KEY_ENV[choice]}${choice === "azure-openai" ? " (or OPENAI_API_KEY)" : ""} in the environment.`,
      );
    if (choice === "azure-openai") {
      const url = settings.openai.baseUrl;
      if (!url || !azureUrlKind(url))
        throw new UserInputError(
          "The azure-openai provider needs --openai-base-url (OPENAI_BASE_URL) ending in /openai/v1 or /openai/deployments/<deployment>.",
        );
    }
    return { ...settings, selection: select(settings, choice, key) };
  }
  const present = (["openai", "anthropic", "openrouter", "azure-openai"] as const).filter((p) =>
    keyOf(settings, p),
  );
  if (present.length > 1)
    return {
      ...settings,
      notice: `Several LLM API keys are set (${present.map((p) => KEY_ENV[p]).join(", ")}); set EMBEDDED_AGENT_PROVIDER or --agent-provider to pick one. Until then natural-language search uses the client's model (when it supports sampling) or built-in rules.`,
    };
  const only = present[0];
  if (!only) return settings;
  if (
    only === "azure-openai" &&
    !(settings.openai.baseUrl && azureUrlKind(settings.openai.baseUrl))
  )
    return {
      ...settings,
      notice:
        "AZURE_OPENAI_API_KEY is set but --openai-base-url (OPENAI_BASE_URL) is not an Azure URL ending in /openai/v1 or /openai/deployments/<deployment>; the embedded agent is off.",
    };
  return { ...settings, selection: select(settings, only, keyOf(settings, only)!) };
}

/** Flags win over environment; keys come from the environment only. */
export function resolveAgentSettings(
  values: AgentFlagValues,
  env: NodeJS.ProcessEnv,
): AgentSettings {
  const settings: AgentSettings = {
    provider:
      parseChoice(values["agent-provider"], "--agent-provider") ??
      parseChoice(env.EMBEDDED_AGENT_PROVIDER, "EMBEDDED_AGENT_PROVIDER"),
    keys: {
      openai: clean(env.OPENAI_API_KEY),
      azureOpenai: clean(env.AZURE_OPENAI_API_KEY),
      anthropic: clean(env.ANTHROPIC_API_KEY),
      openrouter: clean(env.OPENROUTER_API_KEY),
    },
    openai: {
      baseUrl: baseUrl(values["openai-base-url"] ?? env.OPENAI_BASE_URL, "--openai-base-url"),
      model: clean(values["openai-model"] ?? env.OPENAI_MODEL),
    },
    anthropic: {
      baseUrl: baseUrl(
        values["anthropic-base-url"] ?? env.ANTHROPIC_BASE_URL,
        "--anthropic-base-url",
      ),
      model: clean(values["anthropic-model"] ?? env.ANTHROPIC_MODEL),
    },
    openrouter: {
      baseUrl: baseUrl(env.OPENROUTER_BASE_URL, "OPENROUTER_BASE_URL"),
      model: clean(env.OPENROUTER_MODEL),
      reasoningEffort: parseEffort(env.OPENROUTER_REASONING_EFFORT),
    },
    azureApiVersion: clean(env.OPENAI_API_VERSION),
  };
  if (settings.provider === undefined) delete settings.provider;
  return chooseProvider(settings);
}

/** Every configured LLM key, for log/telemetry redaction. */
export function agentSecrets(settings: AgentSettings | undefined): string[] {
  if (!settings) return [];
  return Object.values(settings.keys).filter((k): k is string => Boolean(k));
}
