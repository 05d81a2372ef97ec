/**
 * Maps what an LLM call throws to an LLMProviderError a calling agent can act on: it names the
 * provider and the HTTP status, never the key. AI SDK errors are recognised by name, so this
 * module does not load the SDK.
 */
import { LLMProviderError } from "../errors.js";

const MAX_DETAIL = 160;

/** Removes the configured secrets and anything shaped like an API key from provider text. */
export function redactKeys(value: string, secrets: readonly string[]): string {
  let out = value;
  for (const secret of secrets) if (secret) out = out.split(secret).join("[redacted]");
  return out
    .replace(/\b(sk|rk|pk)-[A-Za-z0-9_*-]{6,}/g, "[redacted]")
    .replace(/\b(Bearer|api-key:?)\s+\S+/gi, "$1 [redacted]");
}

/** The provider's own error message from a JSON body, e.g. `{"error":{"message":"..."}}`. */
function bodyMessage(body: unknown): string | undefined {
  if (typeof body !== "string" || body.trim() === "") return undefined;
  try {
    const parsed = JSON.parse(body) as {
      error?: { message?: unknown } | string;
      message?: unknown;
    };
    const candidate =
      typeof parsed.error === "object" ? parsed.error?.message : (parsed.error ?? parsed.message);
    return typeof candidate === "string" ? candidate : undefined;
  } catch {
    return undefined;
  }
}

function detailOf(error: { message?: unknown; responseBody?: unknown }, secrets: string[]) {
  const raw = bodyMessage(error.responseBody);
  if (!raw) return "";
  const flat = redactKeys(raw, secrets).replace(/\s+/g, " ").trim();
  const cut = flat.length > MAX_DETAIL ? `${flat.slice(0, MAX_DETAIL - 1)}…` : flat;
  return cut ? ` (${cut})` : "";
}

const SKIP_HINT =
  "Pass Sentry search syntax in `query` (without naturalLanguageQuery) to search without the embedded agent.";

function statusMessage(label: string, status: number, detail: string, keyEnv: string): string {
  if (status === 401 || status === 403)
    return `${label} refused the API key (HTTP ${status})${detail}. Check ${keyEnv} and the account's access to the model. ${SKIP_HINT}`;
  if (status === 404)
    return `${label} answered HTTP 404${detail}: check the model name and base URL. ${SKIP_HINT}`;
  if (status === 429)
    return `${label} rate-limited the request or the quota is exhausted (HTTP 429)${detail}. Retry later. ${SKIP_HINT}`;
  if (status >= 500)
    return `${label} is unavailable (HTTP ${status})${detail}. Retry later. ${SKIP_HINT}`;
  return `${label} rejected the request (HTTP ${status})${detail}. ${SKIP_HINT}`;
}

/** A refused key and an unknown model are the user's to fix; 429 and 5xx are not. */
function userCauseOf(status: number): LLMProviderError["userCause"] {
  if (status === 401 || status === 403) return "llm_auth";
  if (status === 404) return "llm_model_not_found";
  return undefined;
}

export interface ProviderErrorContext {
  /** e.g. "openai" or "the client's model (MCP sampling)" */
  label: string;
  /** environment variable holding the key, for the 401 hint */
  keyEnv: string;
  secrets: string[];
  /** true when our own timeout fired */
  timedOut?: boolean;
  timeoutMs?: number;
}

/** Any failure of a provider call → LLMProviderError; a caller's abort passes through. */
export function toProviderError(error: unknown, ctx: ProviderErrorContext): unknown {
  if (error instanceof LLMProviderError) return error;
  const e = (error ?? {}) as {
    name?: string;
    message?: string;
    statusCode?: number;
    responseBody?: unknown;
    lastError?: unknown;
    cause?: unknown;
  };
  if (e.name === "AI_RetryError" && e.lastError) return toProviderError(e.lastError, ctx);
  if (ctx.timedOut)
    return new LLMProviderError(
      `${ctx.label} did not answer within ${Math.round((ctx.timeoutMs ?? 0) / 1000)} seconds. ${SKIP_HINT}`,
    );
  if (e.name === "AI_APICallError" && typeof e.statusCode === "number")
    return new LLMProviderError(
      statusMessage(ctx.label, e.statusCode, detailOf(e, ctx.secrets), ctx.keyEnv),
      userCauseOf(e.statusCode),
    );
  if (e.name === "AI_APICallError" || e.name === "TypeError")
    return new LLMProviderError(`Could not reach ${ctx.label} (network error). ${SKIP_HINT}`);
  if (
    e.name === "AI_NoObjectGeneratedError" ||
    e.name === "AI_NoOutputGeneratedError" ||
    e.name === "AI_TypeValidationError" ||
    e.name === "AI_JSONParseError"
  )
    return new LLMProviderError(
      `${ctx.label} returned no usable search request. Rephrase naturalLanguageQuery or pass Sentry syntax in \`query\`.`,
    );
  if (e.name === "AbortError") return error;
  const message = redactKeys(String(e.message ?? error), ctx.secrets).slice(0, MAX_DETAIL);
  return new LLMProviderError(`${ctx.label} failed: ${message}. ${SKIP_HINT}`);
}
