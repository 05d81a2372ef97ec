/**
 * Plumbing shared by the write routes: JSON bodies, Sentry-style field validation errors
 * (`{"field": ["message"]}` with status 400), slugs and deterministic ids for new records.
 */

import type { Context } from "hono";
import type { OrgRecord, SandboxStore, TeamRecord } from "../data/types.js";
import { fail, NOT_FOUND } from "./http.js";

/** A 400 answered as Sentry's serializer errors: `{"field": ["message", ...]}`. */
export class FieldError extends Error {
  constructor(
    readonly field: string,
    readonly messages: string[],
  ) {
    super(`${field}: ${messages.join(" ")}`);
  }
}

export function fieldError(field: string, message: string): never {
  throw new FieldError(field, [message]);
}

type Handler = (c: Context) => Response | Promise<Response>;

/** Wraps a handler so a thrown FieldError becomes a 400 with Sentry's field→messages body. */
export function withFieldErrors(handler: Handler): Handler {
  return async (c) => {
    try {
      return await handler(c);
    } catch (error) {
      if (error instanceof FieldError) return c.json({ [error.field]: error.messages }, 400);
      throw error;
    }
  };
}

/** The request's JSON object body; 400 like Django REST framework for anything else. */
export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const raw = await c.req.text();
  if (raw.trim() === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch (error) {
    fail(400, `JSON parse error - ${(error as Error).message}`);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    fail(400, "Invalid data. Expected a dictionary, but got list.");
  }
  return body as Record<string, unknown>;
}

export const SLUG_PATTERN = /^(?![0-9]+$)[a-z0-9_-]+$/;
export const SLUG_MESSAGE =
  "Enter a valid slug consisting of lowercase letters, numbers, underscores or hyphens. It cannot be entirely numeric.";

/** Sentry's slugify: lower case, runs of other characters become one hyphen. */
export function slugify(name: string, max = 50): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max);
}

/** Validates an optional slug field: absent → undefined, otherwise a valid slug or a 400. */
export function optionalSlug(body: Record<string, unknown>, max: number): string | undefined {
  const value = body.slug;
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string") fieldError("slug", "Not a valid string.");
  if (value.length > max)
    fieldError("slug", `Ensure this field has no more than ${max} characters.`);
  if (!SLUG_PATTERN.test(value)) fieldError("slug", SLUG_MESSAGE);
  return value;
}

/** A string field with a length cap; undefined when absent. */
export function optionalString(
  body: Record<string, unknown>,
  field: string,
  max: number,
): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") fieldError(field, "Not a valid string.");
  if (value.trim() === "") fieldError(field, "This field may not be blank.");
  if (value.length > max)
    fieldError(field, `Ensure this field has no more than ${max} characters.`);
  return value;
}

/** Next numeric id after the largest of `ids` (seed ids are numeric strings). */
export function nextId(ids: string[], floor: number): string {
  const max = ids.reduce((m, id) => (/^\d+$/.test(id) ? Math.max(m, Number(id)) : m), floor);
  return String(max + 1);
}

export function findTeam(store: SandboxStore, org: OrgRecord, idOrSlug: string): TeamRecord {
  const team = store.teams.find(
    (t) => t.orgId === org.id && (t.slug === idOrSlug || t.id === idOrSlug),
  );
  if (!team) fail(404, NOT_FOUND);
  return team;
}

/** Resolves `user:ID` / `team:ID` (or a bare user id, username or email) to an org actor. */
export function resolveActor(
  store: SandboxStore,
  org: OrgRecord,
  ref: string,
): { type: "user" | "team"; id: string } | undefined {
  const [kind, rest] = ref.includes(":") ? ref.split(/:(.*)/s, 2) : ["", ref];
  if (kind === "team") {
    const team = store.teams.find((t) => t.orgId === org.id && (t.id === rest || t.slug === rest));
    return team ? { type: "team", id: team.id } : undefined;
  }
  if (kind !== "" && kind !== "user") return undefined;
  const wanted = rest.toLowerCase();
  const member = store.members.find((m) => {
    if (m.orgId !== org.id || !m.userId || m.pending) return false;
    const user = store.users.find((u) => u.id === m.userId);
    return (
      m.userId === rest ||
      (kind === "" && (user?.username.toLowerCase() === wanted || m.email.toLowerCase() === wanted))
    );
  });
  return member?.userId ? { type: "user", id: member.userId } : undefined;
}

/** The wire form of an actor (`assignedTo`, `owner`). */
export function actorJson(
  store: SandboxStore,
  actor: { type: "user" | "team"; id: string } | null,
): { type: "user" | "team"; id: string; name: string; email?: string } | null {
  if (!actor) return null;
  if (actor.type === "team") {
    const team = store.teams.find((t) => t.id === actor.id);
    return team ? { type: "team", id: team.id, name: team.slug } : null;
  }
  const user = store.users.find((u) => u.id === actor.id);
  return user ? { type: "user", id: user.id, name: user.name, email: user.email } : null;
}

/** `team:ID` / `user:ID` strings (how monitors store owners) as actors. */
export function parseOwner(owner: string | null): { type: "user" | "team"; id: string } | null {
  if (!owner) return null;
  const [type, id] = owner.split(":");
  return type === "team" || type === "user" ? { type, id } : null;
}
