/**
 * Asking the client for something in the middle of a tool call (a confirmation, a sampling
 * answer), in either protocol revision:
 *
 * - 2025-era connections get a real server-to-client request (`elicitation/create`,
 *   `sampling/createMessage`) and the call waits for the answer.
 * - 2026-07-28 requests cannot be asked anything: the call stops with {@link InputNeeded}, the
 *   dispatcher answers `input_required` with the embedded request, and the client retries the
 *   same call with the answer in `inputResponses` under our key. The retried call runs again
 *   from the start and finds the answer where it stopped before.
 *
 * A confirmation's key is derived from what is asked (the tool and its exact arguments), so an
 * answer only ever confirms the same call. Sampling keys count the requests of the call (its
 * prompts may mention the current time, so they are not stable across retries); the retried call
 * takes the same path and asks the same questions in the same order.
 */
import { createHash } from "node:crypto";
import {
  type ClientCapabilities,
  type CreateMessageRequestParams,
  type CreateMessageResult,
  type ElicitRequestFormParams,
  type ElicitResult,
  type InputRequest,
  inputRequired,
  inputResponse,
} from "@modelcontextprotocol/server";

/** Stops a 2026-07-28 tool call until the client has answered `request` under `key`. */
export class InputNeeded extends Error {
  constructor(
    readonly key: string,
    readonly request: InputRequest,
  ) {
    super(`waiting for the client's answer to ${key}`);
    this.name = "InputNeeded";
  }
}

/** One tool call's way to the client, whichever revision it speaks. */
export interface ClientChannel {
  /** What the client declared: per request in 2026-07-28, at `initialize` in 2025. */
  capabilities: ClientCapabilities | undefined;
  /** Form elicitation; throws {@link InputNeeded} on a 2026 request not yet answered. */
  elicit(
    params: Omit<ElicitRequestFormParams, "mode">,
    signal?: AbortSignal,
  ): Promise<ElicitResult>;
  /** Sampling; throws {@link InputNeeded} on a 2026 request not yet answered. */
  sample(
    params: CreateMessageRequestParams,
    options: { signal?: AbortSignal; timeout?: number },
  ): Promise<CreateMessageResult>;
}

/** What the server's per-request context offers (the subset we use). */
export interface RequestSide {
  /** 2026-07-28: answers to earlier `input_required` results, by key. */
  responses: Record<string, unknown> | undefined;
  modern: boolean;
  capabilities: ClientCapabilities | undefined;
  elicitInput(
    params: ElicitRequestFormParams,
    options?: { signal?: AbortSignal },
  ): Promise<ElicitResult>;
  requestSampling(
    params: CreateMessageRequestParams,
    options?: { signal?: AbortSignal; timeout?: number },
  ): Promise<CreateMessageResult>;
}

export function inputKey(kind: string, question: unknown): string {
  const digest = createHash("sha256").update(JSON.stringify(question)).digest("base64url");
  return `${kind}-${digest.slice(0, 16)}`;
}

export function clientChannel(side: RequestSide): ClientChannel {
  let samples = 0;
  return {
    capabilities: side.capabilities,
    async elicit(params, signal) {
      const form: ElicitRequestFormParams = { mode: "form", ...params };
      if (!side.modern) return side.elicitInput(form, { signal });
      const key = inputKey("confirm", form);
      const answer = inputResponse(side.responses, key);
      if (answer.kind === "elicit")
        return { action: answer.action, content: answer.content } as ElicitResult;
      throw new InputNeeded(key, inputRequired.elicit(params));
    },
    async sample(params, options) {
      if (!side.modern) return side.requestSampling(params, options);
      const key = `sample-${++samples}`;
      const answer = inputResponse(side.responses, key);
      if (answer.kind === "sampling") return answer.result as CreateMessageResult;
      throw new InputNeeded(key, inputRequired.createMessage(params));
    },
  };
}

/** The `input_required` result for a call stopped by {@link InputNeeded}. */
export function inputRequiredResult(needed: InputNeeded) {
  return inputRequired({ inputRequests: { [needed.key]: needed.request } });
}
