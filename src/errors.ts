/**
 * Errors are values with a kind. The server maps each kind to a message a model can act on
 * (see src/server/errors.ts). Nothing here ever carries the access token.
 */
export type ErrorKind =
  | "user_input"
  | "not_found"
  | "permission"
  | "auth"
  | "rate_limited"
  | "upstream"
  | "configuration"
  | "llm_provider";

export class ToolError extends Error {
  readonly kind: ErrorKind;
  constructor(kind: ErrorKind, message: string) {
    super(message);
    this.kind = kind;
    this.name = new.target.name;
  }
}

/** Bad arguments from the caller: fix the call and retry. */
export class UserInputError extends ToolError {
  constructor(message: string) {
    super("user_input", message);
  }
}

/** The server is misconfigured (flags, env, missing provider). */
export class ConfigurationError extends ToolError {
  constructor(message: string) {
    super("configuration", message);
  }
}

/**
 * An embedded-agent provider (OpenAI, Anthropic...) failed. `userCause` is set when the failure
 * is the user's to fix (a refused key, an unknown model, a declined sampling request): it
 * becomes the span's `error.type` and nothing is reported. Without it (429, 5xx, network,
 * unusable answers) the failure is ours to look at.
 */
export class LLMProviderError extends ToolError {
  readonly userCause: "llm_auth" | "llm_model_not_found" | "sampling_declined" | undefined;
  constructor(message: string, userCause?: LLMProviderError["userCause"]) {
    super("llm_provider", message);
    this.userCause = userCause;
  }
}

/** A non-2xx answer from Sentry, or a transport failure talking to it. */
export class ApiError extends ToolError {
  readonly status: number;
  readonly detail: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  constructor(
    kind: ErrorKind,
    status: number,
    message: string,
    detail?: string,
    retryAfterSeconds?: number,
  ) {
    super(kind, message);
    this.status = status;
    this.detail = detail;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  static fromStatus(status: number, detail: string | undefined, retryAfterSeconds?: number) {
    const kind: ErrorKind =
      status === 401
        ? "auth"
        : status === 403
          ? "permission"
          : status === 404
            ? "not_found"
            : status === 429
              ? "rate_limited"
              : status >= 400 && status < 500
                ? "user_input"
                : "upstream";
    const message = detail ? `Sentry answered ${status}: ${detail}` : `Sentry answered ${status}`;
    return new ApiError(kind, status, message, detail, retryAfterSeconds);
  }
}

export function isToolError(error: unknown): error is ToolError {
  return error instanceof ToolError;
}
