/**
 * Names for the ids alerting APIs return (project ids, `team:123` owners, user ids in actions).
 * Loads only the lists it needs, once per call; a failed lookup leaves the raw id in place.
 */

import { listMembers } from "../../sentry-api/organizations.js";
import { listProjects } from "../../sentry-api/projects.js";
import { listTeams } from "../../sentry-api/teams.js";
import type { ToolContext } from "../types.js";
import type { Directory } from "./alert-conditions.js";

export interface OrgDirectory extends Directory {
  project(id: string): string | undefined;
}

export interface DirectoryNeeds {
  projects?: boolean;
  teams?: boolean;
  users?: boolean;
}

export async function loadDirectory(
  ctx: Pick<ToolContext, "client" | "signal">,
  org: string,
  needs: DirectoryNeeds,
): Promise<OrgDirectory> {
  const none = Promise.resolve(new Map<string, string>());
  const [projects, teams, users] = await Promise.all([
    needs.projects
      ? listProjects(ctx.client, org, { perPage: 100, signal: ctx.signal })
          .then((p) => new Map(p.data.map((x) => [x.id, x.slug])))
          .catch(() => new Map<string, string>())
      : none,
    needs.teams
      ? listTeams(ctx.client, org, { perPage: 100, signal: ctx.signal })
          .then((p) => new Map(p.data.map((x) => [x.id, x.slug])))
          .catch(() => new Map<string, string>())
      : none,
    needs.users
      ? listMembers(ctx.client, org, { signal: ctx.signal })
          .then(
            (p) =>
              new Map(
                p.data
                  .filter((m) => m.user?.id)
                  .map((m) => [m.user?.id ?? "", m.name || m.user?.name || m.email || ""]),
              ),
          )
          .catch(() => new Map<string, string>())
      : none,
  ]);
  return {
    project: (id) => projects.get(id),
    team: (id) => teams.get(id),
    user: (id) => users.get(id) || undefined,
  };
}

/** What a set of owners (`team:1`, `user:2`) and action targets needs resolved. */
export function needsFor(refs: Array<string | null | undefined>): DirectoryNeeds {
  return {
    teams: refs.some((r) => r?.startsWith("team:")),
    users: refs.some((r) => r?.startsWith("user:")),
  };
}
