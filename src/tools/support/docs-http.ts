/**
 * HTTP for the docs tools. The docs site and search service are not Sentry's API: requests go
 * out without the Sentry token, to the configured URLs only, and paths are checked first so a
 * caller cannot point them at another host (SSRF guard).
 */

import { defaultConfig, USER_AGENT } from "../../config.js";
import { ApiError, UserInputError } from "../../errors.js";
import type { DocsEndpoints, ToolContext } from "../types.js";

export const DOCS_TIMEOUT_MS = 15_000;

/** The session's docs endpoints, or the public ones. */
export function docsEndpoints(ctx: Pick<ToolContext, "docs">): DocsEndpoints {
  return ctx.docs ?? defaultConfig().docs;
}

const PATH = /^\/[A-Za-z0-9_./-]*$/;

/**
 * A docs page path as search results give it: `/`-rooted, no `..`, no scheme or host, no query.
 * Returns the path without `.md` and without the trailing slash (`/platforms/python`).
 */
export function normalizeDocPath(raw: string): string {
  const path = raw.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith("//"))
    throw new UserInputError(
      "Pass a docs path starting with / (e.g. /platforms/python/), not a URL. search_docs returns paths.",
    );
  if (!path.startsWith("/"))
    throw new UserInputError("A docs path starts with / (e.g. /platforms/python/).");
  if (!PATH.test(path) || path.split("/").some((s) => s === ".." || s === "."))
    throw new UserInputError(
      "Invalid docs path: only letters, digits, - _ . and / are allowed, and no . or .. segments.",
    );
  const trimmed = path
    .replace(/\.md$/, "")
    .replace(/\/+$/, "")
    .replace(/\/index$/, "");
  if (trimmed === "")
    throw new UserInputError(
      "Pass a page path such as /platforms/python/ (search_docs finds them).",
    );
  return trimmed;
}

/** `/platforms/python` → `/platforms/python/`, the form docs URLs and search results use. */
export function displayPath(normalized: string): string {
  return `${normalized}/`;
}

function signalFor(signal: AbortSignal): AbortSignal {
  return AbortSignal.any([signal, AbortSignal.timeout(DOCS_TIMEOUT_MS)]);
}

function transportError(error: unknown, url: URL, signal: AbortSignal): ApiError {
  if (signal.aborted) return new ApiError("upstream", 0, "The request was cancelled.");
  const cause = (error as { cause?: { code?: string } })?.cause?.code ?? (error as Error)?.name;
  return new ApiError("upstream", 0, `Could not reach ${url.host} (${cause ?? "network error"}).`);
}

export async function docsFetch(
  url: URL,
  init: { method?: "GET" | "POST"; body?: unknown; accept: string; signal: AbortSignal },
): Promise<Response> {
  try {
    return await fetch(url, {
      method: init.method ?? "GET",
      signal: signalFor(init.signal),
      headers: {
        Accept: init.accept,
        "User-Agent": USER_AGENT,
        ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch (error) {
    throw transportError(error, url, init.signal);
  }
}
