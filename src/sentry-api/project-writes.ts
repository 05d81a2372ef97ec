import type { SentryClient } from "./client.js";
import { enc } from "./organizations.js";
import { type Project, ProjectSchema } from "./projects.js";
import { type Team, TeamSchema } from "./teams.js";

// Writes are sent exactly once: SentryClient never retries, and callers must not either (a
// repeated POST could create twice). See src/tools/support/write-errors.ts.

export async function createTeam(
  client: SentryClient,
  org: string,
  body: { name: string; slug?: string },
  signal?: AbortSignal,
): Promise<Team> {
  const baseUrl = await client.regionFor(org, signal);
  return client.send("POST", `/api/0/organizations/${enc(org)}/teams/`, body, TeamSchema, {
    baseUrl,
    signal,
  });
}

/** Creates a project owned by a team (Sentry also creates its default client key). */
export async function createTeamProject(
  client: SentryClient,
  org: string,
  team: string,
  body: { name: string; slug?: string; platform?: string },
  signal?: AbortSignal,
): Promise<Project> {
  const baseUrl = await client.regionFor(org, signal);
  return client.send(
    "POST",
    `/api/0/teams/${enc(org)}/${enc(team)}/projects/`,
    body,
    ProjectSchema,
    { baseUrl, signal },
  );
}

export async function updateProject(
  client: SentryClient,
  org: string,
  project: string,
  body: { name?: string; slug?: string; platform?: string | null },
  signal?: AbortSignal,
): Promise<Project> {
  const baseUrl = await client.regionFor(org, signal);
  return client.send("PUT", `/api/0/projects/${enc(org)}/${enc(project)}/`, body, ProjectSchema, {
    baseUrl,
    signal,
  });
}

/** Gives a team access to a project (POST) or takes it away (DELETE); answers the project. */
export async function setProjectTeam(
  client: SentryClient,
  org: string,
  project: string,
  team: string,
  method: "POST" | "DELETE",
  signal?: AbortSignal,
): Promise<Project> {
  const baseUrl = await client.regionFor(org, signal);
  return client.send(
    method,
    `/api/0/projects/${enc(org)}/${enc(project)}/teams/${enc(team)}/`,
    undefined,
    ProjectSchema,
    { baseUrl, signal },
  );
}
