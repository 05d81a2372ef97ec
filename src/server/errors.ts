import { ApiError, isToolError } from "../errors.js";

/** Ends a message with one period. */
function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * Turns any thrown value into a message a model can act on. Sentry's own `detail` is kept
 * (it says what was wrong); stack traces and tokens never are.
 */
export function errorMessage(error: unknown): string {
  if (!isToolError(error)) {
    const message = error instanceof Error ? error.message : String(error);
    return `Unexpected error: ${message}. This is a bug in the MCP server; try again or report it.`;
  }
  const detail = error instanceof ApiError ? (error.detail ?? error.message) : error.message;
  switch (error.kind) {
    case "user_input":
      return `Input error: ${error instanceof ApiError ? `Sentry rejected the request (${error.status}): ${detail}` : detail}`;
    case "not_found":
      return `Not found: ${detail}. Check the organization, project and ID; find_organizations and find_projects list what this token can see.`;
    case "permission":
      return `Permission denied: ${detail}. The token lacks a scope this call needs, or the user has no access to this resource.`;
    case "auth":
      return `Authentication failed: ${detail}. The access token is invalid or expired; create a new one or log in again.`;
    case "rate_limited": {
      const seconds = error instanceof ApiError ? error.retryAfterSeconds : undefined;
      const wait = seconds
        ? ` Retry after ${seconds} second${seconds === 1 ? "" : "s"}.`
        : " Wait a moment and retry.";
      return `Rate limited by Sentry: ${sentence(detail ?? "")}${wait}`;
    }
    case "upstream":
      // A 2xx that could not be read is not a blip like a 503: say what may cause it.
      return error instanceof ApiError && error.status >= 200 && error.status < 300
        ? `Sentry error: ${sentence(error.message)} If this persists, a proxy may be changing Sentry's answers or this Sentry version answers in a shape this server does not support.`
        : `Sentry error: ${sentence(error.message)} This is usually temporary; retry shortly.`;
    case "configuration":
      return `Configuration error: ${detail}`;
    case "llm_provider":
      return `Embedded agent provider error: ${detail}`;
  }
}
