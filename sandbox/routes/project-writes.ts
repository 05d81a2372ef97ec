/**
 * Write routes for teams and projects: create a team, create a project through a team (with its
 * default client key, as Sentry does), update a project, add or remove a project's team.
 * Slug conflicts answer 409 on create and 400 on rename, like Sentry.
 */

import type { Context, Hono } from "hono";
import { addProjectKey } from "../data/keys.js";
import { PLATFORM_IDS } from "../data/platform-ids.js";
import type { OrgRecord, ProjectFlags, ProjectRecord, SandboxStore } from "../data/types.js";
import { baseUrlOf, fail, findOrg, findProject, type RouteDeps } from "./http.js";
import {
  serializeProjectDetail,
  serializeProjectSummary,
  serializeTeam,
} from "./serialize-orgs.js";
import {
  fieldError,
  findTeam,
  jsonBody,
  nextId,
  optionalSlug,
  optionalString,
  slugify,
  withFieldErrors,
} from "./write-helpers.js";

const PROJECT_COLORS = ["#3f70bf", "#bf6e3f", "#57be8c", "#8c57be", "#be5757", "#bfb93f"];

/** `platform` must be one of Sentry's identifiers (null clears it). */
function optionalPlatform(body: Record<string, unknown>): string | null | undefined {
  if (!("platform" in body)) return undefined;
  const value = body.platform;
  if (value === null || value === "") return null;
  if (typeof value !== "string" || !PLATFORM_IDS.has(value))
    fieldError("platform", "Invalid platform");
  return value;
}

/** A slug free in the org: the derived one, or it with `-2`, `-3`... appended. */
function uniqueSlug(taken: Set<string>, base: string, max: number): string {
  const root = base || "project";
  if (!taken.has(root)) return root;
  for (let n = 2; ; n++) {
    const candidate = `${root.slice(0, max - String(n).length - 1)}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

function orgProjects(store: SandboxStore, org: OrgRecord): ProjectRecord[] {
  return store.projects.filter((p) => p.orgId === org.id);
}

function noFlags(store: SandboxStore): ProjectFlags {
  const template = store.projects[0]?.flags ?? ({} as ProjectFlags);
  return Object.fromEntries(
    Object.keys(template).map((k) => [k, false]),
  ) as unknown as ProjectFlags;
}

export function registerProjectWriteRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;

  app.post(
    "/api/0/organizations/:org/teams/",
    withFieldErrors(async (c: Context) => {
      const org = findOrg(store, c.req.param("org")!);
      const body = await jsonBody(c);
      const name = optionalString(body, "name", 64);
      const slug = optionalSlug(body, 50) ?? (name ? slugify(name) : undefined);
      if (!slug) fieldError("slug", "This field is required.");
      if (store.teams.some((t) => t.orgId === org.id && t.slug === slug)) {
        fail(409, "A team with this slug already exists.");
      }
      const team = {
        id: nextId(
          store.teams.map((t) => t.id),
          4_500_100,
        ),
        orgId: org.id,
        slug,
        name: name ?? slug,
        dateCreated: store.now.toISOString(),
        avatar: { avatarType: "letter_avatar", avatarUuid: null, avatarUrl: null },
      };
      store.teams.push(team);
      // The creator joins the new team, as in Sentry.
      const member = store.members.find(
        (m) => m.orgId === org.id && m.userId === store.currentUserId,
      );
      member?.teams.push(slug);
      return c.json(serializeTeam(store, team, false), 201);
    }),
  );

  app.post(
    "/api/0/teams/:org/:team/projects/",
    withFieldErrors(async (c: Context) => {
      const org = findOrg(store, c.req.param("org")!);
      const team = findTeam(store, org, c.req.param("team")!);
      const body = await jsonBody(c);
      const name = optionalString(body, "name", 50);
      if (!name) fieldError("name", "This field is required.");
      const platform = optionalPlatform(body) ?? null;
      const taken = new Set(orgProjects(store, org).map((p) => p.slug));
      const given = optionalSlug(body, 100);
      if (given && taken.has(given)) fail(409, "A project with this slug already exists.");
      const slug = given ?? uniqueSlug(taken, slugify(name, 100), 100);
      const id = nextId(
        store.projects.map((p) => p.id),
        4_500_000,
      );
      const project: ProjectRecord = {
        id,
        orgId: org.id,
        slug,
        name,
        platform,
        platforms: platform ? [platform] : [],
        dateCreated: store.now.toISOString(),
        firstEvent: null,
        teamIds: [team.id],
        features: [],
        environments: [],
        color: PROJECT_COLORS[Number(id) % PROJECT_COLORS.length],
        isBookmarked: false,
        flags: noFlags(store),
      };
      store.projects.push(project);
      addProjectKey(store, project, "Default");
      return c.json(serializeProjectSummary(store, project), 201);
    }),
  );

  app.put(
    "/api/0/projects/:org/:project/",
    withFieldErrors(async (c: Context) => {
      const org = findOrg(store, c.req.param("org")!);
      const project = findProject(store, org, c.req.param("project")!);
      const body = await jsonBody(c);
      const name = optionalString(body, "name", 200);
      const slug = optionalSlug(body, 100);
      const platform = optionalPlatform(body);
      if (slug && slug !== project.slug) {
        const other = orgProjects(store, org).find((p) => p.slug === slug);
        if (other) fieldError("slug", `Another project (${other.slug}) is already using that slug`);
      }
      if ("isBookmarked" in body && typeof body.isBookmarked !== "boolean") {
        fieldError("isBookmarked", "Must be a valid boolean.");
      }
      if (name !== undefined) project.name = name;
      if (slug !== undefined) project.slug = slug;
      if (platform !== undefined) {
        project.platform = platform;
        if (platform && !project.platforms.includes(platform)) project.platforms.push(platform);
      }
      if (typeof body.isBookmarked === "boolean") project.isBookmarked = body.isBookmarked;
      return c.json(serializeProjectDetail(store, project, baseUrlOf(c, deps)));
    }),
  );

  app.post("/api/0/projects/:org/:project/teams/:team/", (c) => {
    const org = findOrg(store, c.req.param("org")!);
    const project = findProject(store, org, c.req.param("project")!);
    const team = findTeam(store, org, c.req.param("team")!);
    if (!project.teamIds.includes(team.id)) project.teamIds.push(team.id);
    return c.json(serializeProjectDetail(store, project, baseUrlOf(c, deps)), 201);
  });

  app.delete("/api/0/projects/:org/:project/teams/:team/", (c) => {
    const org = findOrg(store, c.req.param("org")!);
    const project = findProject(store, org, c.req.param("project")!);
    const team = findTeam(store, org, c.req.param("team")!);
    project.teamIds = project.teamIds.filter((id) => id !== team.id);
    return c.json(serializeProjectDetail(store, project, baseUrlOf(c, deps)));
  });
}
