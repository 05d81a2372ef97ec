/** A dashboard named by ID or exact title, and its loading for the dashboard write tools. */

import { ApiError, UserInputError } from "../../errors.js";
import { inlineCode, text } from "../../format/markdown.js";
import { type Dashboard, getDashboard, listDashboards } from "../../sentry-api/dashboards.js";
import type { ToolContext } from "../types.js";

/** Pages of title matches read before giving up on an exact title. */
const MAX_TITLE_PAGES = 5;

/** A numeric reference is the ID; otherwise the one dashboard whose title equals it (any case). */
export async function resolveDashboardId(
  ctx: ToolContext,
  org: string,
  ref: string,
): Promise<string> {
  if (/^\d+$/.test(ref)) return ref;
  const seen: Array<{ id: string; title: string }> = [];
  let cursor: string | undefined;
  for (let n = 0; n < MAX_TITLE_PAGES; n++) {
    const page = await listDashboards(ctx.client, org, {
      query: ref,
      sort: "title",
      perPage: 100,
      cursor,
      signal: ctx.signal,
    });
    seen.push(...page.data);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  const exact = seen.filter((d) => d.title.toLowerCase() === ref.toLowerCase());
  if (exact.length === 1) return exact[0].id;
  const list = (ds: typeof seen) =>
    ds
      .slice(0, 10)
      .map((d) => `${inlineCode(d.id)} ${text(d.title)}`)
      .join("; ");
  if (exact.length > 1)
    throw new UserInputError(
      `Several dashboards are titled ${JSON.stringify(ref)}: ${list(exact)}. Pass the ID.`,
    );
  throw new UserInputError(
    `No dashboard is titled ${JSON.stringify(ref)}.${seen.length ? ` Titles containing it: ${list(seen)}.` : " find_dashboards lists them."}`,
  );
}

/** The dashboard by ID or exact title; a 404 says the ID is wrong or the dashboard is gone. */
export async function loadDashboard(
  ctx: ToolContext,
  org: string,
  ref: string,
): Promise<Dashboard> {
  const id = await resolveDashboardId(ctx, org, ref);
  return getDashboard(ctx.client, org, id, ctx.signal).catch((error) => {
    if (error instanceof ApiError && error.status === 404)
      throw new UserInputError(
        `No dashboard ${id} in ${org} (wrong ID, or already deleted); find_dashboards lists them.`,
      );
    throw error;
  });
}
