/**
 * The `owner` filter of Sentry's cron and uptime monitor lists (repeatable): `user:ID`,
 * `team:ID`, `me`, `myteams` (teams of the caller) and `unassigned`. A monitor matches when its
 * owner matches any value.
 */

import type { OrgRecord, SandboxStore } from "../data/types.js";

export function ownerFilter(
  store: SandboxStore,
  org: OrgRecord,
  values: string[],
): (owner: string | null) => boolean {
  if (values.length === 0) return () => true;
  const me = store.members.find((m) => m.orgId === org.id && m.userId === store.currentUserId);
  const myTeams = new Set(
    store.teams
      .filter((t) => t.orgId === org.id && me?.teams.includes(t.slug))
      .map((t) => `team:${t.id}`),
  );
  return (owner) =>
    values.some((v) => {
      if (v === "unassigned") return owner === null;
      if (v === "me") return owner === `user:${store.currentUserId}`;
      if (v === "myteams") return owner !== null && myTeams.has(owner);
      return owner === v;
    });
}
