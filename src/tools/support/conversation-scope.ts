/**
 * Scope parameters of the agent-conversation tools, named as the incumbent names them: `project`
 * (slug or numeric ID, or a list), `environment` (one or a list), and a window where explicit
 * `start`+`end` win over `period`.
 */

import { z } from "zod";
import { UserInputError } from "../../errors.js";
import type { TimeRange } from "../../sentry-api/explore.js";
import type { ToolContext } from "../types.js";
import { projectSlugOrIdParam, resolveProject } from "./project-ref.js";
import { isoDateTime } from "./time-range.js";

export const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.union([item, z.array(item).min(1).max(20)]);

export const conversationProject = oneOrMany(projectSlugOrIdParam).describe(
  "Project slug or numeric ID, or a list",
);

export const conversationEnvironment = oneOrMany(z.string().trim().min(1).max(64)).describe(
  "Environment, or a list",
);

export const windowStart = isoDateTime.optional().describe("Window start (ISO 8601), with end");
export const windowEnd = isoDateTime.optional().describe("Window end (ISO 8601), with start");

export const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** Explicit start+end win over period (as the incumbent does); one of them alone is refused. */
export function conversationRange(
  params: { period?: string; start?: string; end?: string },
  defaultPeriod: string,
): TimeRange {
  const { start, end } = params;
  if (start || end) {
    if (!start || !end) throw new UserInputError("start and end go together; pass both.");
    if (Date.parse(start) >= Date.parse(end))
      throw new UserInputError(`start (${start}) must be before end (${end}).`);
    return { start, end };
  }
  return { statsPeriod: params.period ?? defaultPeriod };
}

/**
 * Numeric project IDs to send as repeated `project=`: the named ones (slugs looked up), or the
 * pinned project. Empty means every project of the organization.
 */
export async function resolveProjectIds(
  ctx: ToolContext,
  org: string,
  refs: string[],
): Promise<Array<{ id: string; slug: string }>> {
  if (refs.length === 0) {
    return ctx.constraints.projectSlug ? [await resolveProject(ctx, org, undefined)] : [];
  }
  return Promise.all([...new Set(refs)].map((ref) => resolveProject(ctx, org, ref)));
}
