import { z } from "zod";
import type { Project } from "../../sentry-api/projects.js";

/** Parameters shared by the project-management tools. */

export const teamSlugParam = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[A-Za-z0-9_-]+$/, "must be a team slug such as backend")
  .describe("Team slug (find_teams lists them)");

/** A new slug: what Sentry accepts (lowercase, digits, - and _, not only digits). */
export const newSlugParam = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^(?![0-9]+$)[a-z0-9_-]+$/, "lowercase letters, digits, - and _ (not only digits)");

export const platformParam = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9-]+$/, "a Sentry platform id such as python or javascript-react")
  .describe("Platform id: python, python-django, javascript-react, node, go, java, android...");

export const PLATFORM_FIX =
  "Use a Sentry platform id such as python, python-django, javascript, javascript-react, javascript-nextjs, node, go, java, ruby, php, dotnet, android, apple-ios, flutter, or other.";

/** A project as the write tools report it. */
export function projectState(p: Project) {
  return {
    slug: p.slug,
    name: p.name ?? null,
    platform: p.platform ?? null,
    teams: (p.teams ?? []).map((t) => t.slug),
  };
}

/** `field: before → after` lines for the fields that differ. */
export function diffLines<T extends Record<string, unknown>>(
  before: T,
  after: T,
  fields: Array<keyof T & string>,
  show: (value: unknown) => string = (v) => (v === null || v === undefined ? "none" : String(v)),
): string[] {
  return fields
    .filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]))
    .map((f) => `${f}: ${show(before[f])} → ${show(after[f])}`);
}
