/**
 * Test helpers for the write tools: a fetch that records what the client sends, one that swaps
 * in the sandbox's read-only token (writes answer 403), and one that fails chosen requests.
 */

import { READONLY_SANDBOX_TOKEN } from "../sandbox/server.js";

export interface SentRequest {
  method: string;
  path: string;
  query: string;
  body: unknown;
}

/** A fetch that forwards to the real one and records method, path and JSON body. */
export function recordingFetch(): {
  fetch: typeof fetch;
  sent: SentRequest[];
  writes(): SentRequest[];
} {
  const sent: SentRequest[] = [];
  const wrapped: typeof fetch = (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const raw = init?.body;
    sent.push({
      method: init?.method ?? "GET",
      path: url.pathname,
      query: url.search.replace(/^\?/, ""),
      body: typeof raw === "string" ? JSON.parse(raw) : undefined,
    });
    return fetch(input, init);
  };
  return { fetch: wrapped, sent, writes: () => sent.filter((r) => r.method !== "GET") };
}

/** Sends every request with the sandbox's read-only token: reads work, writes get 403. */
export const readOnlyTokenFetch: typeof fetch = (input, init) =>
  fetch(input, {
    ...init,
    headers: {
      ...(init?.headers as Record<string, string>),
      Authorization: `Bearer ${READONLY_SANDBOX_TOKEN}`,
    },
  });

/** Answers `status` with `body` for requests matching `when`; forwards the rest. */
export function failingFetch(
  when: (method: string, path: string) => boolean,
  status: number,
  body: unknown,
): typeof fetch {
  return (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (when(init?.method ?? "GET", url.pathname)) {
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status,
          headers: { "Content-Type": "application/json" },
        }),
      );
    }
    return fetch(input, init);
  };
}

/** The text of an MCP result (errors included). */
export function textOf(result: { content: Array<{ type: string; text?: string }> }): string {
  return result.content.map((c) => c.text ?? "").join("");
}
