import { z } from "zod";
import { listClientKeys } from "../sentry-api/keys.js";
import { createTeamProject } from "../sentry-api/project-writes.js";
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

const output = z.object({
  organization: z.string(),
  changed: z.boolean(),
  project: projectStateSchema.extend({ id: z.string() }),
  dsn: z.string().nullable().describe("Public DSN of the project's default key"),
  url: z.string(),
});

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
  },
  outputSchema: output,
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  skills: ["project-management"],
  requiredScopes: ["project:write"],
  // Under a project pin there is nothing else to create.
  hideWhenPinned: "project",
  async handler(params, ctx) {
    const org = params.organizationSlug;
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
    return structuredResult({
      organization: org,
      changed: true,
      project: { id: project.id, ...projectState(project) },
      dsn: key?.dsn?.public ?? null,
      url: projectSettingsUrl(ctx.client, org, project.slug),
    });
  },
});
