import { describe, expect, it } from "vitest";
import { parseCli } from "../cli/args.js";
import { agentSecrets, resolveAgentSettings } from "./settings.js";

const resolve = (env: Record<string, string>, flags: Record<string, string> = {}) =>
  resolveAgentSettings(flags, env);

describe("provider selection", () => {
  it("no key: no provider and no notice (client sampling or rules at call time)", () => {
    const s = resolve({});
    expect(s.selection).toBeUndefined();
    expect(s.notice).toBeUndefined();
  });

  it("one key picks its provider with default or overridden model and base URL", () => {
    expect(resolve({ ANTHROPIC_API_KEY: "a-key" }).selection).toEqual({
      provider: "anthropic",
      apiKey: "a-key",
      model: "claude-haiku-4-5",
    });
    expect(
      resolve(
        { OPENAI_API_KEY: "o-key", OPENAI_MODEL: "gpt-env" },
        { "openai-base-url": "http://127.0.0.1:9/v1/", "openai-model": "gpt-flag" },
      ).selection,
    ).toEqual({
      provider: "openai",
      apiKey: "o-key",
      model: "gpt-flag",
      baseUrl: "http://127.0.0.1:9/v1",
    });
    expect(resolve({ OPENROUTER_API_KEY: "r", OPENROUTER_MODEL: "x/y" }).selection).toMatchObject({
      provider: "openrouter",
      model: "x/y",
    });
  });

  it("reads OPENROUTER_REASONING_EFFORT for OpenRouter and refuses an unknown value", () => {
    expect(
      resolve({ OPENROUTER_API_KEY: "r", OPENROUTER_REASONING_EFFORT: " High " }).selection,
    ).toMatchObject({ provider: "openrouter", reasoningEffort: "high" });
    expect(
      resolve({ OPENAI_API_KEY: "o", OPENROUTER_REASONING_EFFORT: "low" }).selection,
    ).not.toHaveProperty("reasoningEffort");
    expect(() => resolve({ OPENROUTER_REASONING_EFFORT: "extreme" })).toThrow(
      'Invalid OPENROUTER_REASONING_EFFORT "extreme": one of none, minimal, low, medium, high, xhigh.',
    );
  });

  it("two keys without a choice: no provider, a one-line notice naming the variables only", () => {
    const s = resolve({ OPENAI_API_KEY: "sk-secret-1", ANTHROPIC_API_KEY: "sk-ant-secret-2" });
    expect(s.selection).toBeUndefined();
    expect(s.notice).toMatch(/^Several LLM API keys are set \(OPENAI_API_KEY, ANTHROPIC_API_KEY\)/);
    expect(s.notice).not.toMatch(/secret|\n/);
  });

  it("an explicit choice (flag over env) settles two keys", () => {
    const env = { OPENAI_API_KEY: "o", ANTHROPIC_API_KEY: "a", EMBEDDED_AGENT_PROVIDER: "openai" };
    expect(resolve(env).selection?.provider).toBe("openai");
    expect(resolve(env, { "agent-provider": "Anthropic" }).selection?.provider).toBe("anthropic");
    expect(resolve(env, { "agent-provider": "none" }).selection).toBeUndefined();
    expect(resolve(env, { "agent-provider": "client" }).selection).toBeUndefined();
  });

  it("an explicit provider without its key, or a bad value, is a startup error", () => {
    expect(() => resolve({ EMBEDDED_AGENT_PROVIDER: "anthropic" })).toThrow(
      /anthropic embedded-agent provider needs ANTHROPIC_API_KEY/,
    );
    expect(() => resolve({}, { "agent-provider": "gemini" })).toThrow(/Invalid --agent-provider/);
    expect(() => resolve({ OPENAI_BASE_URL: "ftp://x" })).toThrow(/Invalid --openai-base-url/);
    expect(() => resolve({ OPENAI_BASE_URL: "https://u:p@x.example" })).toThrow(/credentials/);
  });

  it("azure-openai needs an Azure base URL; its key falls back to OPENAI_API_KEY", () => {
    expect(() =>
      resolve({ EMBEDDED_AGENT_PROVIDER: "azure-openai", AZURE_OPENAI_API_KEY: "z" }),
    ).toThrow(/needs --openai-base-url/);
    const s = resolve({
      EMBEDDED_AGENT_PROVIDER: "azure-openai",
      OPENAI_API_KEY: "o",
      OPENAI_BASE_URL: "https://r.openai.azure.com/openai/deployments/mini",
      OPENAI_API_VERSION: "2025-01-01",
    });
    expect(s.selection).toMatchObject({
      provider: "azure-openai",
      apiKey: "o",
      azureApiVersion: "2025-01-01",
    });
    const auto = resolve({ AZURE_OPENAI_API_KEY: "z" });
    expect(auto.selection).toBeUndefined();
    expect(auto.notice).toMatch(/AZURE_OPENAI_API_KEY is set but/);
    expect(
      resolve({
        AZURE_OPENAI_API_KEY: "z",
        OPENAI_BASE_URL: "https://r.openai.azure.com/openai/v1",
      }).selection?.provider,
    ).toBe("azure-openai");
  });

  it("parseCli fills config.agent; keys are listed for redaction", () => {
    const { config } = parseCli(["--demo", "--anthropic-model=claude-x"], {
      ANTHROPIC_API_KEY: "a-key",
    });
    expect(config.agent.selection).toEqual({
      provider: "anthropic",
      apiKey: "a-key",
      model: "claude-x",
    });
    expect(agentSecrets(config.agent)).toEqual(["a-key"]);
  });
});
