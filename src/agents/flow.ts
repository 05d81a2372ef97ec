/**
 * The search tools' one entry point to the embedded agent. The happy path costs no LLM call:
 *
 * 1. `naturalLanguageQuery` given → the agent (LLM key or client sampling) translates it into
 *    the request; without an agent the built-in rules do.
 * 2. The request runs. When Sentry (or the tool's own pre-check) rejects it and an agent is
 *    available, the agent repairs it once, with the rejection and the org's field names, and the
 *    repaired request runs once. A second rejection is returned with both attempts named.
 *
 * A provider failure is an LLMProviderError, never a silent fall back to the direct request.
 */
import { ApiError, UserInputError } from "../errors.js";
import type { ToolContext } from "../tools/types.js";
import { describeRequest, type ExecutedSearch, runnerLabel } from "./executed.js";
import { discoverFields, type FieldSource } from "./fields.js";
import { repairRequest } from "./repair.js";
import { changedKeys, type RequestKey, type SearchKind, type SearchRequest } from "./request.js";
import { guessDataset, translateWithRules } from "./rules.js";

/** True when an LLM (key provider or client sampling) can repair requests in this call. */
export function hasAgentProvider(ctx: Pick<ToolContext, "agent">): boolean {
  return ctx.agent !== undefined;
}

export interface SearchPlan<T> {
  ctx: ToolContext;
  kind: SearchKind;
  org: string;
  /** the caller's values; absent = the tool's default */
  request: SearchRequest;
  explicit: ReadonlySet<RequestKey>;
  naturalLanguageQuery?: string;
  /** where the agent looks up names for a request (org tags, dataset attributes, issue tags) */
  fieldSource(request: SearchRequest): FieldSource;
  /** sends the request; throws ApiError 400 or UserInputError when it cannot run as given */
  execute(request: SearchRequest): Promise<T>;
}

export interface SearchRun<T> {
  result: T;
  /** the request that ran */
  request: SearchRequest;
  /** present when rules or an agent changed the caller's request */
  executed?: ExecutedSearch;
}

/** Why the request could not run, when the request itself is at fault (400 or a pre-check). */
function rejectionOf(error: unknown): string | undefined {
  if (error instanceof ApiError)
    return error.status === 400 ? (error.detail ?? error.message) : undefined;
  if (error instanceof UserInputError) return error.message;
  return undefined;
}

/** The same error with a note on how the rejected request came about. */
function withNote(error: unknown, note: string): unknown {
  if (error instanceof ApiError) {
    const detail = `${error.detail ?? error.message} (${note})`;
    return new ApiError(error.kind, error.status, error.message, detail, error.retryAfterSeconds);
  }
  if (error instanceof UserInputError) return new UserInputError(`${error.message} (${note})`);
  return error;
}

export async function runSearch<T>(plan: SearchPlan<T>): Promise<SearchRun<T>> {
  const { ctx, kind } = plan;
  const agent = ctx.agent;
  const naturalLanguage = plan.naturalLanguageQuery?.trim() || undefined;
  const fieldsFor = (request: SearchRequest) =>
    discoverFields(ctx, plan.org, plan.fieldSource(request));

  let request = plan.request;
  let executed: ExecutedSearch | undefined;
  if (naturalLanguage && agent) {
    const guess = plan.explicit.has("dataset")
      ? request
      : { ...request, dataset: guessDataset(naturalLanguage) ?? request.dataset };
    const repaired = await repairRequest(
      agent,
      { kind, request, explicit: plan.explicit, naturalLanguage, fields: await fieldsFor(guess) },
      ctx.signal,
    );
    request = repaired.request;
    executed = {
      kind,
      request,
      by: { provider: agent.provider, model: repaired.model },
      trigger: "natural-language",
      changed: changedKeys(kind, plan.request, request),
      explanation: repaired.explanation,
    };
  } else if (naturalLanguage) {
    const translated = translateWithRules(kind, naturalLanguage, request, plan.explicit);
    request = translated.request;
    executed = {
      kind,
      request,
      by: "rules",
      trigger: "natural-language",
      changed: changedKeys(kind, plan.request, request),
      explanation: translated.explanation,
    };
  }

  try {
    return { result: await plan.execute(request), request, executed };
  } catch (error) {
    const reason = rejectionOf(error);
    if (reason === undefined) throw error;
    if (!agent) {
      if (executed?.by === "rules")
        throw withNote(
          error,
          `built-in rules made ${describeRequest(kind, request)} from naturalLanguageQuery; rephrase it or pass Sentry syntax in query`,
        );
      throw error;
    }
    const repaired = await repairRequest(
      agent,
      {
        kind,
        request,
        explicit: plan.explicit,
        naturalLanguage,
        rejection: reason,
        fields: await fieldsFor(request),
      },
      ctx.signal,
    );
    const changed = changedKeys(kind, request, repaired.request);
    if (changed.length === 0)
      throw withNote(error, `${runnerLabel(agent.provider)} found nothing to repair`);
    let result: T;
    try {
      result = await plan.execute(repaired.request);
    } catch (retryError) {
      const retryReason = rejectionOf(retryError);
      if (retryReason === undefined) throw retryError;
      throw withNote(
        retryError,
        `${runnerLabel(agent.provider)} repaired ${describeRequest(kind, request)}, rejected with ${JSON.stringify(reason)}, into ${describeRequest(kind, repaired.request)}, which failed too`,
      );
    }
    return {
      result,
      request: repaired.request,
      executed: {
        kind,
        request: repaired.request,
        by: { provider: agent.provider, model: repaired.model },
        trigger: naturalLanguage ? "natural-language" : "rejected",
        rejected: { request, reason, by: error instanceof ApiError ? "sentry" : "tool" },
        changed,
        explanation: repaired.explanation,
      },
    };
  }
}
