import { z } from "zod";
import { UserInputError } from "../errors.js";
import { updateProject } from "../sentry-api/project-writes.js";
import { getProject } from "../sentry-api/projects.js";
import { defineTool, structuredResult } from "./define.js";
import { organizationSlug, projectSlug } from "./support/params.js";
import { projectSettingsUrl } from "./support/web-urls.js";
import { guardWrite } from "./support/write-errors.js";
import { projectStateSchema } from "./support/write-output.js";
import {
  diffLines,
  newSlugParam,
  PLATFORM_FIX,
  platformParam,
  projectState,
} from "./support/write-params.js";

const output = z.object({
  organization: z.string(),
  changed: z.boolean(),
  summary: z.string(),
  changes: z.array(z.string()),
  before: projectStateSchema,
  after: projectStateSchema,
  url: z.string(),
});

export default defineTool({
  name: "update_project",
  title: "Update Project",
  description:
    "Rename a project, change its slug or its platform. Answers before → after; values already set are reported, not sent.",
  inputSchema: {
    organizationSlug,
    projectSlug: projectSlug.describe("The project to change"),
    name: z.string().trim().min(1).max(200).optional().describe("New name"),
    slug: newSlugParam(100).optional().describe("New slug (links and DSNs keep working)"),
    platform: platformParam.optional().describe("New platform id, e.g. python or node"),
  },
  outputSchema: output,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: true,
  },
  skills: ["project-management"],
  requiredScopes: ["project:write"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    if (params.name === undefined && params.slug === undefined && params.platform === undefined) {
      throw new UserInputError("Pass at least one of name, slug or platform.");
    }
    const pinned = ctx.constraints.projectSlug;
    if (pinned && params.slug !== undefined && params.slug !== params.projectSlug) {
      throw new UserInputError(
        `This session is pinned to project ${JSON.stringify(pinned)}; renaming its slug would move it out of the session. Change the slug in Sentry or from an unpinned session.`,
      );
    }
    const current = await getProject(ctx.client, org, params.projectSlug, ctx.signal);
    const before = projectState(current);
    const body: { name?: string; slug?: string; platform?: string } = {};
    if (params.name !== undefined && params.name !== before.name) body.name = params.name;
    if (params.slug !== undefined && params.slug !== before.slug) body.slug = params.slug;
    if (params.platform !== undefined && params.platform !== before.platform)
      body.platform = params.platform;

    let after = before;
    if (Object.keys(body).length > 0) {
      const updated = await guardWrite(
        {
          action: `update project ${before.slug} in ${org}`,
          scope: "project:write",
          skill: "project-management",
          fields: {
            slug: "Pick a slug no other project uses (find_projects lists them).",
            platform: PLATFORM_FIX,
            name: "Use at most 200 characters.",
          },
        },
        () => updateProject(ctx.client, org, before.slug, body, ctx.signal),
      );
      // Sentry's answer omits teams on some versions; they do not change here.
      after = {
        ...projectState(updated),
        teams: updated.teams ? projectState(updated).teams : before.teams,
      };
    }
    const changes = diffLines(before, after, ["name", "slug", "platform"]);
    return structuredResult({
      organization: org,
      changed: changes.length > 0,
      summary: changes.length
        ? `Updated project ${after.slug}: ${changes.join("; ")}.`
        : `Nothing to change: project ${before.slug} already has these values.`,
      changes,
      before,
      after,
      url: projectSettingsUrl(ctx.client, org, after.slug),
    });
  },
});
