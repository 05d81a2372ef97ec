import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError, ConfigurationError, LLMProviderError, UserInputError } from "../errors.js";
import { classify } from "./classify.js";

describe("classify", () => {
  it("does not report the caller's mistakes", () => {
    expect(classify(new UserInputError("bad"))).toEqual({ report: false, type: "user_input" });
    expect(classify(ApiError.fromStatus(400, "bad query"))).toEqual({
      report: false,
      type: "user_input",
    });
    expect(classify(ApiError.fromStatus(401, undefined))).toEqual({ report: false, type: "auth" });
    expect(classify(ApiError.fromStatus(403, undefined))).toEqual({
      report: false,
      type: "permission",
    });
    expect(classify(ApiError.fromStatus(404, undefined))).toEqual({
      report: false,
      type: "not_found",
    });
    expect(classify(ApiError.fromStatus(409, undefined)).report).toBe(false);
    expect(classify(new ConfigurationError("no key")).report).toBe(false);
  });

  it("does not report validation errors", () => {
    const zodError = z.object({ a: z.string() }).safeParse({}).error;
    expect(classify(zodError)).toEqual({ report: false, type: "validation" });
    const mcpError = Object.assign(new Error("Invalid params"), { name: "McpError", code: -32602 });
    expect(classify(mcpError)).toEqual({ report: false, type: "validation" });
  });

  it("reports 5xx, 429, network failures, provider failures and unexpected exceptions", () => {
    expect(classify(ApiError.fromStatus(500, "boom"))).toEqual({ report: true, type: "upstream" });
    expect(classify(ApiError.fromStatus(503, undefined)).report).toBe(true);
    expect(classify(ApiError.fromStatus(429, undefined, 5))).toEqual({
      report: true,
      type: "rate_limited",
    });
    expect(
      classify(new ApiError("upstream", 0, "Could not reach Sentry at x (ECONNREFUSED).")),
    ).toEqual({
      report: true,
      type: "upstream",
    });
    expect(classify(new ApiError("upstream", 200, "unexpected response")).report).toBe(true);
    expect(classify(new LLMProviderError("503 from provider")).report).toBe(true);
    expect(classify(new TypeError("x is undefined"))).toEqual({ report: true, type: "unexpected" });
    expect(classify("a string").report).toBe(true);
  });

  it("does not report cancellations", () => {
    expect(classify(new ApiError("upstream", 0, "The request was cancelled."))).toEqual({
      report: false,
      type: "cancelled",
    });
    expect(classify(Object.assign(new Error("aborted"), { name: "AbortError" })).report).toBe(
      false,
    );
  });

  it("does not report the user's own LLM mistakes; keeps the cause as error.type", () => {
    expect(classify(new LLMProviderError("refused key", "llm_auth"))).toEqual({
      report: false,
      type: "llm_auth",
    });
    expect(classify(new LLMProviderError("no such model", "llm_model_not_found")).report).toBe(
      false,
    );
    expect(classify(new LLMProviderError("declined", "sampling_declined"))).toEqual({
      report: false,
      type: "sampling_declined",
    });
    expect(classify(new LLMProviderError("HTTP 429"))).toEqual({
      report: true,
      type: "llm_provider",
    });
  });
});
