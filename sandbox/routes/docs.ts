/**
 * Routes: a tiny stand-in for Sentry's docs site and the docs search service, for search_docs and
 * get_doc in tests and `--demo`. Pages live under `/docs` (`/docs/platforms/python.md`); like
 * docs.sentry.io, a missing page answers 200 with an `X-Sentry-Docs-Not-Found` header.
 * `/docs-404/...` plays a plain static host that answers 404 instead.
 */

import type { Context, Hono } from "hono";
import { DOC_PAGES, DOCS_SEARCH_FAILURES, searchDocs } from "../data/docs.js";
import { baseUrlOf, type RouteDeps } from "./http.js";

function pageFor(pathname: string, prefix: string) {
  const rest = pathname.slice(prefix.length).replace(/\.md$/, "").replace(/\/+$/, "");
  return DOC_PAGES.find((p) => p.path === `${rest}/`);
}

function markdown(c: Context, body: string, status: 200 | 404 = 200) {
  return c.body(body, status, { "Content-Type": "text/markdown; charset=utf-8" });
}

export function registerDocsRoutes(app: Hono, deps: RouteDeps): void {
  app.post("/api/search", async (c) => {
    const body = (await c.req.json().catch(() => null)) as {
      query?: unknown;
      maxResults?: unknown;
      guide?: unknown;
    } | null;
    const query = typeof body?.query === "string" ? body.query : "";
    if (!query.trim()) return c.json({ error: "Query is required", name: "INVALID_REQUEST" }, 400);
    if (query.includes(DOCS_SEARCH_FAILURES.http))
      return c.json({ error: "Internal server error", name: "INTERNAL_ERROR" }, 500);
    if (query.includes(DOCS_SEARCH_FAILURES.body)) {
      return c.json({
        query,
        results: [],
        error: "Failed to search documentation. Please try again later.",
      });
    }
    const max = Number.isInteger(body?.maxResults) ? Number(body?.maxResults) : 10;
    const guide = typeof body?.guide === "string" ? body.guide : null;
    const origin = baseUrlOf(c, deps);
    const hits = searchDocs(query, Math.min(Math.max(max, 1), 10), guide);
    return c.json({
      query,
      results: hits.map((h) => ({
        id: `${h.page.path.slice(1, -1)}.md`,
        url: `${origin}/docs${h.page.path}`,
        snippet: h.snippet,
        relevance: h.score,
      })),
    });
  });

  app.get("/docs/*", (c) => {
    const page = pageFor(new URL(c.req.url).pathname, "/docs");
    if (page) return markdown(c, page.markdown);
    c.header("X-Sentry-Docs-Not-Found", "true");
    return markdown(c, "# Page Not Found\n\nThe page you are looking for does not exist.\n");
  });

  app.get("/docs-404/*", (c) => {
    const page = pageFor(new URL(c.req.url).pathname, "/docs-404");
    return page ? markdown(c, page.markdown) : markdown(c, "Not Found", 404);
  });
}
