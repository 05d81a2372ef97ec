/** A project named by slug or numeric ID, resolved once to both. */

import { z } from "zod";
import { UserInputError } from "../../errors.js";
import { getProject } from "../../sentry-api/projects.js";
import type { ToolContext } from "../types.js";
import { assertWithinPins } from "./constraints.js";

export const projectSlugOrIdParam = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.-]+$/, "must be a project slug or numeric ID")
  .describe("Project slug or numeric ID");

/** The same, also taking a numeric ID as a JSON number (the incumbent's `string | number`). */
export const projectSlugOrIdOrNumber = z
  .union([z.number().int().nonnegative().transform(String), projectSlugOrIdParam])
  .describe("Project slug or numeric ID");

/** Looks the project up once: its slug (for links and pins) and numeric ID (for org endpoints). */
export async function resolveProject(
  ctx: ToolContext,
  org: string,
  ref: string | undefined,
): Promise<{ id: string; slug: string }> {
  const wanted = ref ?? ctx.constraints.projectSlug;
  if (!wanted) throw new UserInputError("projectSlugOrId is required (find_projects lists them).");
  const project = await getProject(ctx.client, org, wanted, ctx.signal);
  assertWithinPins(ctx, org, project.slug);
  return { id: project.id, slug: project.slug };
}

/** The project to scope to when one was named or pinned; undefined means the whole org. */
export async function resolveOptionalProject(
  ctx: ToolContext,
  org: string,
  ref: string | undefined,
): Promise<{ id: string; slug: string } | undefined> {
  return ref || ctx.constraints.projectSlug ? resolveProject(ctx, org, ref) : undefined;
}
