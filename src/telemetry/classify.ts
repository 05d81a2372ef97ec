import { ApiError, isToolError, LLMProviderError } from "../errors.js";

/**
 * Whether an error that reached the tool dispatcher is this server's problem (report it to
 * Sentry) or the caller's (bad input, missing access, unknown ids: the tool result says so and
 * nothing is reported). `type` becomes the span's `error.type` attribute.
 */
export interface Classification {
  report: boolean;
  type: string;
}

const INVALID_PARAMS = -32602;

function isValidationError(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { name, code, issues } = error as { name?: unknown; code?: unknown; issues?: unknown };
  if (name === "ZodError" || (name === "$ZodError" && Array.isArray(issues))) return true;
  // The MCP SDK's McpError for malformed params.
  return name === "McpError" && code === INVALID_PARAMS;
}

function isCancellation(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 0 && /cancelled/i.test(error.message);
  return error instanceof Error && error.name === "AbortError";
}

export function classify(error: unknown): Classification {
  if (isCancellation(error)) return { report: false, type: "cancelled" };
  if (error instanceof ApiError) {
    if (error.status === 429 || error.kind === "rate_limited")
      return { report: true, type: "rate_limited" };
    // 4xx: the request was wrong or not allowed; Sentry's answer already tells the caller why.
    if (error.status >= 400 && error.status < 500) return { report: false, type: error.kind };
    // 5xx, network failures (status 0) and unreadable 2xx bodies.
    return { report: true, type: error.kind };
  }
  // A refused LLM key, an unknown model, a declined sampling request: the user's to fix.
  if (error instanceof LLMProviderError && error.userCause)
    return { report: false, type: error.userCause };
  if (isToolError(error)) {
    switch (error.kind) {
      case "rate_limited":
      case "upstream":
      case "llm_provider":
        return { report: true, type: error.kind };
      default:
        // user_input, not_found, permission, auth, configuration
        return { report: false, type: error.kind };
    }
  }
  if (isValidationError(error)) return { report: false, type: "validation" };
  return { report: true, type: "unexpected" };
}
