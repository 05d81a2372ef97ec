import { UserInputError } from "../../errors.js";
import type { SentryClient } from "../../sentry-api/client.js";
import { getCurrentUser, listMembers, type Member } from "../../sentry-api/organizations.js";
import { listTeams } from "../../sentry-api/teams.js";

/** A user or team as Sentry's write APIs take it (`user:ID` / `team:ID`), with a label. */
export interface Actor {
  type: "user" | "team";
  id: string;
  /** user name (or email), or team slug */
  name: string | null;
}

/** Wire form for `assignedTo` / `owner`. */
export function actorRef(actor: Actor): string {
  return `${actor.type}:${actor.id}`;
}

/** `#platform` for teams, the name (or email, or `user 123`) for users. */
export function actorLabel(actor: Actor | null | undefined): string {
  if (!actor) return "nobody";
  if (actor.type === "team") return `#${actor.name ?? actor.id}`;
  return actor.name ?? `user ${actor.id}`;
}

/** Sentry's actor objects (`assignedTo`, `owner`) as an Actor; null when absent or unknown. */
export function actorFrom(
  value:
    | { type?: string | null; id?: string | null; name?: string | null; email?: string | null }
    | null
    | undefined,
): Actor | null {
  if (!value?.id || (value.type !== "user" && value.type !== "team")) return null;
  return { type: value.type, id: String(value.id), name: value.name ?? value.email ?? null };
}

export const ACTOR_FORMATS =
  '"me", a user ID, email or username, or a team as "team:slug" or "#slug"';

const MAX_MEMBER_PAGES = 5;

/**
 * Resolves what a user typed (`me`, `12345`, `user:12345`, `jane@example.com`, `jane`,
 * `team:backend`, `#backend`, `team:4500101`) to a Sentry actor of the organization, through
 * the members and teams lists. Unknown references are a clear user error.
 */
export async function resolveActor(
  client: SentryClient,
  org: string,
  input: string,
  signal?: AbortSignal,
): Promise<Actor> {
  const value = input.trim();
  if (value.toLowerCase() === "me") {
    const me = await getCurrentUser(client, signal);
    return { type: "user", id: me.id, name: me.name || me.email || me.username || null };
  }
  const team = /^(?:team:|#)(.+)$/i.exec(value)?.[1]?.trim();
  if (team) return resolveTeam(client, org, team, signal);
  const user = /^user:(.+)$/i.exec(value)?.[1]?.trim() ?? value;
  return resolveUser(client, org, user, signal);
}

async function resolveTeam(
  client: SentryClient,
  org: string,
  ref: string,
  signal?: AbortSignal,
): Promise<Actor> {
  const numeric = /^\d+$/.test(ref);
  const page = await listTeams(client, org, { query: numeric ? undefined : ref, signal });
  const wanted = ref.toLowerCase();
  const team = page.data.find((t) => (numeric ? t.id === ref : t.slug.toLowerCase() === wanted));
  if (!team) {
    throw new UserInputError(
      `No team ${JSON.stringify(ref)} in organization ${JSON.stringify(org)}. find_teams lists the teams.`,
    );
  }
  return { type: "team", id: team.id, name: team.slug };
}

function matchesUser(member: Member, ref: string): boolean {
  const wanted = ref.toLowerCase();
  if (/^\d+$/.test(ref)) return member.user?.id === ref;
  return (
    member.email?.toLowerCase() === wanted ||
    member.user?.email?.toLowerCase() === wanted ||
    member.user?.username?.toLowerCase() === wanted
  );
}

async function resolveUser(
  client: SentryClient,
  org: string,
  ref: string,
  signal?: AbortSignal,
): Promise<Actor> {
  // Sentry's member search covers emails and names; ids and usernames may need a scan.
  let found: Member | undefined;
  if (!/^\d+$/.test(ref)) {
    const page = await listMembers(client, org, { query: ref, signal });
    found = page.data.find((m) => matchesUser(m, ref));
  }
  let cursor: string | undefined;
  for (let pages = 0; !found && pages < MAX_MEMBER_PAGES; pages++) {
    const page = await listMembers(client, org, { cursor, signal });
    found = page.data.find((m) => matchesUser(m, ref));
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  if (!found) {
    throw new UserInputError(
      `No member ${JSON.stringify(ref)} in organization ${JSON.stringify(org)}. Use ${ACTOR_FORMATS}.`,
    );
  }
  if (!found.user) {
    throw new UserInputError(
      `${JSON.stringify(ref)} is invited to ${JSON.stringify(org)} but has not joined yet, so nothing can be assigned to them.`,
    );
  }
  return {
    type: "user",
    id: found.user.id,
    name: found.user.name || found.name || found.user.email || found.email || null,
  };
}
