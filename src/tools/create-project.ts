import { z } from "zod";
import { UserInputError } from "../errors.js";
import { listClientKeys } from "../sentry-api/keys.js";
import { createTeamProject } from "../sentry-api/project-writes.js";
import { linkRepository, listRepositories, type Repository } from "../sentry-api/repos.js";
import { defineTool, structuredResult } from "./define.js";
import { organizationSlug } from "./support/params.js";
import { projectSettingsUrl } from "./support/web-urls.js";
import { guardWrite } from "./support/write-errors.js";
import { projectStateSchema } from "./support/write-output.js";
import {
  newSlugParam,
  PLATFORM_FIX,
  platformParam,
  projectState,
  teamSlugParam,
} from "./support/write-params.js";
import type { ToolContext } from "./types.js";

const output = z.object({
  organization: z.string(),
  changed: z.boolean(),
  project: projectStateSchema.extend({ id: z.string() }),
  dsn: z.string().nullable().describe("Public DSN of the project's default key"),
  repository: z
    .object({ name: z.string(), linked: z.boolean() })
    .nullable()
    .describe("The repository asked for; linked false: link it in Sentry"),
  url: z.string(),
});

/** The one connected repository named `ref` (full owner/name, or a unique repo name). */
async function findRepository(ctx: ToolContext, org: string, ref: string): Promise<Repository> {
  const repos = await listRepositories(ctx.client, org, { query: ref, signal: ctx.signal });
  const exact = repos.filter((r) => r.name === ref);
  const matches =
    exact.length || ref.includes("/") ? exact : repos.filter((r) => r.name.endsWith(`/${ref}`));
  if (matches.length === 1) return matches[0];
  throw new UserInputError(
    matches.length
      ? `Repository ${JSON.stringify(ref)} matches ${matches.map((r) => r.name).join(", ")}; pass the full owner/name.`
      : `No connected repository ${JSON.stringify(ref)} in ${org}; connect it through a source code integration first.`,
  );
}

export default defineTool({
  name: "create_project",
  title: "Create Project",
  description:
    "Create a project owned by a team and get its DSN for the SDK setup. The slug is derived from the name unless given.",
  inputSchema: {
    organizationSlug,
    teamSlug: teamSlugParam.describe("Team that owns the project (find_teams lists them)"),
    name: z.string().trim().min(1).max(50).describe("Project name"),
    slug: newSlugParam(100).optional().describe("Project slug (default: from the name)"),
    platform: platformParam.optional(),
    repository: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe("Connected repo (owner/name) to link with a root code mapping"),
  },
  outputSchema: output,
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  skills: ["project-management"],
  requiredScopes: ["project:write"],
  // Under a project pin there is nothing else to create.
  hideWhenPinned: "project",
  async handler(params, ctx) {
    const org = params.organizationSlug;
    // Resolved first, so a wrong name never leaves an unwanted project behind.
    const repo = params.repository ? await findRepository(ctx, org, params.repository) : undefined;
    const project = await guardWrite(
      {
        action: `create project ${JSON.stringify(params.slug ?? params.name)} in ${org}`,
        scope: "project:write",
        skill: "project-management",
        conflict: "Pass another slug (find_projects lists the projects), or leave slug out.",
        notFound: `No team ${JSON.stringify(params.teamSlug)} in organization ${JSON.stringify(org)}; find_teams lists the teams.`,
        fields: {
          platform: PLATFORM_FIX,
          slug: "Use lowercase letters, digits, - and _ (not only digits), at most 100 characters.",
          name: "Use at most 50 characters.",
        },
      },
      () =>
        createTeamProject(
          ctx.client,
          org,
          params.teamSlug,
          { name: params.name, slug: params.slug, platform: params.platform },
          ctx.signal,
        ),
    );
    // Sentry creates a default key with the project; a failed lookup leaves the DSN out.
    const keys = await listClientKeys(ctx.client, org, project.slug, { signal: ctx.signal }).catch(
      () => null,
    );
    const key = keys?.data.find((k) => k.isActive !== false) ?? keys?.data[0];
    // The project exists by now: a failed link is reported, not thrown.
    const linked = repo
      ? await linkRepository(
          ctx.client,
          org,
          {
            project: project.slug,
            repository: repo.name,
            provider: repo.provider?.id?.replace(/^integrations:/, "") || null,
          },
          ctx.signal,
        ).catch(() => false)
      : false;
    return structuredResult({
      organization: org,
      changed: true,
      project: { id: project.id, ...projectState(project) },
      dsn: key?.dsn?.public ?? null,
      repository: repo ? { name: repo.name, linked } : null,
      url: projectSettingsUrl(ctx.client, org, project.slug),
    });
  },
});
