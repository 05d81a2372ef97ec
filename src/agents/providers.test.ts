import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { type FakeLlm, startFakeLlm } from "../../test/fake-llm.js";
import { LLMProviderError } from "../errors.js";
import { createProviderRunner } from "./providers.js";
import type { KeyProvider, ProviderSelection } from "./types.js";

let fake: FakeLlm;
beforeAll(async () => {
  fake = await startFakeLlm();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.replies.length = 0;
});

const KEY = "sk-test-fake-key-0123456789abcdef";
const schema = z.object({ query: z.string(), period: z.string().nullable() });
const request = {
  system: "STATIC SYSTEM",
  prompt: "variable user part",
  schema,
  schemaName: "search_request",
};

function selection(
  provider: KeyProvider,
  extra: Partial<ProviderSelection> = {},
): ProviderSelection {
  const base =
    provider === "azure-openai" ? `${fake.url}/openai/deployments/mini` : `${fake.url}/v1`;
  return { provider, apiKey: KEY, model: "fake-model", baseUrl: base, ...extra };
}

describe("key providers over real HTTP", () => {
  it("openai: chat completions with a strict JSON schema, no retries, key as bearer", async () => {
    fake.replies.push({ answer: { query: "is:unresolved", period: "24h" } });
    const out = await createProviderRunner(selection("openai")).generate(request);
    expect(out).toEqual({ value: { query: "is:unresolved", period: "24h" }, model: "fake-model" });
    const [req] = fake.requests;
    expect(req.path).toBe("/v1/chat/completions");
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.system).toBe("STATIC SYSTEM");
    expect(req.user).toBe("variable user part");
    expect(req.body.response_format).toMatchObject({
      type: "json_schema",
      json_schema: { name: "search_request", strict: true },
    });
  });

  it.each([
    ["claude-haiku-4-5", "output_config"],
    ["older-model", "tools"],
  ])("anthropic %s: messages API, structured output via %s", async (model, via) => {
    fake.replies.push({ answer: { query: "level:error", period: null } });
    const runner = createProviderRunner(selection("anthropic", { model }));
    expect((await runner.generate(request)).value).toEqual({ query: "level:error", period: null });
    const [req] = fake.requests;
    expect(req.path).toBe("/v1/messages");
    expect(req.headers["x-api-key"]).toBe(KEY);
    expect(req.system).toBe("STATIC SYSTEM");
    expect(req.user).toBe("variable user part");
    expect(req.body[via]).toBeDefined();
  });

  it("azure-openai: deployment URL gets api-key and api-version", async () => {
    fake.replies.push({ answer: { query: "x", period: null } });
    await createProviderRunner(selection("azure-openai")).generate(request);
    const [req] = fake.requests;
    expect(req.path).toBe("/openai/deployments/mini/chat/completions?api-version=2024-10-21");
    expect(req.headers["api-key"]).toBe(KEY);
  });

  it("openrouter: OpenAI-compatible chat completions", async () => {
    fake.replies.push({ answer: { query: "x", period: "7d" } });
    const out = await createProviderRunner(selection("openrouter")).generate(request);
    expect(out.value).toEqual({ query: "x", period: "7d" });
    expect(fake.requests[0].path).toBe("/v1/chat/completions");
    expect(fake.requests[0].headers.authorization).toBe(`Bearer ${KEY}`);
    expect(fake.requests[0].body.reasoning_effort).toBeUndefined();
  });

  it("openrouter: OPENROUTER_REASONING_EFFORT is sent as reasoning_effort", async () => {
    fake.replies.push({ answer: { query: "x", period: null } });
    await createProviderRunner(selection("openrouter", { reasoningEffort: "low" })).generate(
      request,
    );
    expect(fake.requests[0].body.reasoning_effort).toBe("low");
  });

  it.each([
    ["openai", 401, /^openai refused the API key \(HTTP 401\).*Check OPENAI_API_KEY/],
    ["anthropic", 401, /^anthropic refused the API key \(HTTP 401\).*Check ANTHROPIC_API_KEY/],
    ["openai", 429, /^openai rate-limited the request or the quota is exhausted \(HTTP 429\)/],
    ["anthropic", 529, /^anthropic is unavailable \(HTTP 529\)/],
    ["openai", 500, /^openai is unavailable \(HTTP 500\)/],
    ["openrouter", 400, /^openrouter rejected the request \(HTTP 400\)/],
  ] as const)(
    "%s HTTP %d → LLMProviderError without the key, one attempt",
    async (provider, status, pattern) => {
      fake.replies.push({ status, error: `Incorrect API key provided: ${KEY}` });
      const error = await createProviderRunner(selection(provider))
        .generate(request)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LLMProviderError);
      const message = (error as Error).message;
      expect(message).toMatch(pattern);
      expect(message).toContain("Incorrect API key provided: [redacted]");
      expect(message).not.toContain("0123456789abcdef");
      expect(fake.requests).toHaveLength(1);
    },
  );

  it("network failure and unusable output are provider errors too", async () => {
    const unreachable = createProviderRunner({
      ...selection("openai"),
      baseUrl: "http://127.0.0.1:9/v1",
    });
    await expect(unreachable.generate(request)).rejects.toThrow(
      /^Could not reach openai \(network error\)/,
    );
    fake.replies.push({ text: "I cannot help with that" });
    await expect(createProviderRunner(selection("openai")).generate(request)).rejects.toThrow(
      /^openai returned no usable search request/,
    );
  });
});
