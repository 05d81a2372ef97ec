import { z } from "zod";
import { ApiError } from "../errors.js";
import { defineTool, structuredResult } from "./define.js";
import { displayPath, docsEndpoints, docsFetch, normalizeDocPath } from "./support/docs-http.js";
import {
  buildSuggestedToolAction,
  SuggestedToolActionSchema,
  suggestedActions,
} from "./support/suggested-actions.js";

/** Only the first results carry a snippet; later ones are for choosing a page to read. */
const SNIPPETS = 3;
const MAX_SNIPPET = 1500;

const output = z.object({
  query: z.string(),
  guide: z.string().nullable(),
  results: z.array(
    z.object({
      path: z.string().nullable().describe("Pass to get_doc"),
      url: z.string().nullable(),
      score: z.number().min(0).max(1),
      snippet: z.string().nullable(),
    }),
  ),
  suggestedActions: z.array(SuggestedToolActionSchema).max(1),
});

const UpstreamSchema = z.object({
  error: z.unknown().optional(),
  results: z
    .array(
      z.object({
        id: z.string().nullish(),
        url: z.string().nullish(),
        snippet: z.string().nullish(),
        relevance: z.number().nullish(),
      }),
    )
    .nullish(),
});

/** The get_doc path of a result: from its URL under the docs site, else from its id. */
function pathOf(
  result: { id?: string | null; url?: string | null },
  baseUrl: string,
): string | null {
  const candidates: string[] = [];
  try {
    const base = new URL(baseUrl);
    const url = new URL(result.url ?? "");
    const prefix = base.pathname.replace(/\/+$/, "");
    if (url.origin === base.origin && url.pathname.startsWith(`${prefix}/`))
      candidates.push(url.pathname.slice(prefix.length));
  } catch {
    // no usable URL: fall back to the id
  }
  if (result.id) candidates.push(`/${result.id.replace(/^\/+/, "")}`);
  for (const candidate of candidates) {
    try {
      return displayPath(normalizeDocPath(candidate));
    } catch {
      // not a safe docs path; try the next form
    }
  }
  return null;
}

function httpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

export default defineTool({
  name: "search_docs",
  title: "Search Sentry Docs",
  description:
    "Search Sentry's documentation (SDK setup, configuration, product features). Returns matching pages with snippets; read a whole page with get_doc and its path.",
  inputSchema: {
    query: z
      .string()
      .trim()
      .min(2, "The query needs at least 2 characters.")
      .max(200, "Keep the query under 200 characters.")
      .describe("What to look for, e.g. 'Django setup traces_sample_rate'"),
    maxResults: z.number().int().min(1).max(10).default(3).describe("Results (1-10)"),
    guide: z
      .string()
      .trim()
      .regex(/^[a-z0-9_-]+(\/[a-z0-9_-]+)?$/i, "must look like python or ruby/delayed_job")
      .optional()
      .describe("Limit to one platform or guide, e.g. python/django or javascript/nextjs"),
  },
  outputSchema: output,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "docs", "triage", "seer", "project-management"],
  requiredScopes: [],
  async handler(params, ctx) {
    const url = new URL(docsEndpoints(ctx).searchUrl);
    const response = await docsFetch(url, {
      method: "POST",
      body: { query: params.query, maxResults: params.maxResults, guide: params.guide ?? null },
      accept: "application/json",
      signal: ctx.signal,
    });
    const raw = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      body = undefined;
    }
    const parsed = UpstreamSchema.safeParse(body);
    const reported = parsed.success && parsed.data.error ? String(parsed.data.error) : undefined;
    if (!response.ok || reported || !parsed.success) {
      const why = !response.ok
        ? `status ${response.status}${reported ? `: ${reported}` : ""}`
        : (reported ?? "an unreadable answer");
      throw new ApiError(
        "upstream",
        response.status,
        `The documentation search failed (${why.slice(0, 200)}).`,
      );
    }
    const results = (parsed.data.results ?? []).slice(0, params.maxResults).map((r, k) => {
      const path = pathOf(r, docsEndpoints(ctx).baseUrl);
      const score = Math.min(1, Math.max(0, r.relevance ?? 0));
      const snippet =
        k < SNIPPETS && r.snippet?.trim() ? r.snippet.trim().slice(0, MAX_SNIPPET) : null;
      return {
        path,
        url: httpUrl(r.url) ?? (path ? `${docsEndpoints(ctx).baseUrl}${path}` : null),
        score: Math.round(score * 1000) / 1000,
        snippet,
      };
    });
    const first = results.find((r) => r.path);
    return structuredResult({
      query: params.query,
      guide: params.guide ?? null,
      results,
      suggestedActions: suggestedActions(
        [
          first?.path
            ? buildSuggestedToolAction(
                ctx,
                "get_doc",
                { path: first.path },
                "Read the full page of the best match; search results carry only snippets.",
              )
            : null,
        ],
        1,
      ),
    });
  },
});
