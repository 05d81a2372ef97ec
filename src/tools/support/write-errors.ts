import { ApiError, UserInputError } from "../../errors.js";
import { truncate } from "../../format/markdown.js";
import type { Scope, Skill } from "../types.js";

/** What a write tool tells the user when Sentry refuses the change. */
export interface WriteIntent {
  /** The change in words, completing "Sentry refused to ...": `create team "data-eng"`. */
  action: string;
  /** The Sentry scope the write needs (`project:write`, `event:write`...). */
  scope: Scope;
  /** The skill that grants the tool. */
  skill: Skill;
  /** How to fix a rejected field, by Sentry's field name (`slug`, `platform`, `rateLimit`...). */
  fields?: Record<string, string>;
  /** How to fix a conflict (409), e.g. "Pick another slug; find_teams lists the taken ones." */
  conflict?: string;
  /** What a 404 means for this write, when it is more specific than "not found". */
  notFound?: string;
}

/**
 * Runs one write and turns Sentry's refusals into errors that name the field and the fix.
 * The request is sent once: writes are never retried (a retried POST could create twice), and
 * SentryClient does no retries of its own. Reads, auth, rate-limit and 5xx errors pass through
 * to the generic mapping in src/server/errors.ts.
 */
export async function guardWrite<T>(intent: WriteIntent, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw explainWriteError(error, intent);
  }
}

/** The user-facing error for a refused write, or `error` unchanged when it is not a refusal. */
export function explainWriteError(error: unknown, intent: WriteIntent): unknown {
  if (!(error instanceof ApiError)) return error;
  const detail = error.detail ?? error.message;
  switch (error.status) {
    case 403:
      return new UserInputError(
        `Sentry refused to ${intent.action}: the token lacks \`${intent.scope}\` or the user may not change this resource (Sentry: "${detail.trim().replace(/\.$/, "")}"). Grant the ${intent.skill} skill with a token (or OAuth grant) that has \`${intent.scope}\`, or ask an organization owner or manager.`,
      );
    case 409:
      return new UserInputError(
        `Sentry refused to ${intent.action}: ${sentence(detail)}${intent.conflict ? ` ${intent.conflict}` : ""}`,
      );
    case 400:
      return new UserInputError(rejectedFields(detail, intent));
    case 404:
      return intent.notFound ? new UserInputError(intent.notFound) : error;
    default:
      return error;
  }
}

/**
 * Sentry's 400 bodies are `{"field": ["message"]}` (the client flattens them to
 * `field: message; other: message`) or `{"detail": "..."}`. Each known field gets its fix.
 */
function rejectedFields(detail: string, intent: WriteIntent): string {
  const parts = detail
    .split(/;\s+(?=[A-Za-z_][\w.]*: )/)
    .map((part) => /^([A-Za-z_][\w.]*): (.*)$/s.exec(part))
    .filter((m): m is RegExpExecArray => m !== null);
  if (parts.length === 0)
    return `Sentry rejected the request to ${intent.action}: ${truncate(detail, 1000)}`;
  // Sentry's answer is untrusted in size too: at most 10 fields, each message bounded.
  const lines = parts.slice(0, 10).map(([, field, message]) => {
    const fix = intent.fields?.[field];
    return `\`${field}\`: ${sentence(truncate(message, 300))}${fix ? ` ${fix}` : ""}`;
  });
  return `Sentry rejected the request to ${intent.action}. ${lines.join(" ")}`;
}

function sentence(text: string): string {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}
