import { z } from "zod";
import { createTeam } from "../sentry-api/project-writes.js";
import { defineTool, structuredResult } from "./define.js";
import { organizationSlug } from "./support/params.js";
import { settingsUrl } from "./support/web-urls.js";
import { guardWrite } from "./support/write-errors.js";
import { newSlugParam } from "./support/write-params.js";

const output = z.object({
  organization: z.string(),
  changed: z.boolean(),
  team: z.object({
    id: z.string(),
    slug: z.string(),
    name: z.string().nullable(),
    members: z.number().nullable(),
  }),
  url: z.string(),
});

export default defineTool({
  name: "create_team",
  title: "Create Team",
  description:
    "Create a team in an organization; you join it. The slug is derived from the name unless given.",
  inputSchema: {
    organizationSlug,
    name: z.string().trim().min(1).max(64).describe("Team name, e.g. Data Engineering"),
    slug: newSlugParam(50).optional().describe("Team slug (default: from the name)"),
  },
  outputSchema: output,
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  skills: ["project-management"],
  requiredScopes: ["team:write"],
  // Organization-wide: a project pin cannot bound it, so it is hidden under one.
  hideWhenPinned: "project",
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const team = await guardWrite(
      {
        action: `create team ${JSON.stringify(params.slug ?? params.name)} in ${org}`,
        scope: "team:write",
        skill: "project-management",
        conflict: "Pass another slug; find_teams lists the teams.",
        fields: {
          slug: "Use lowercase letters, digits, - and _ (not only digits), at most 50 characters.",
          name: "Use at most 64 characters.",
        },
      },
      () => createTeam(ctx.client, org, { name: params.name, slug: params.slug }, ctx.signal),
    );
    return structuredResult({
      organization: org,
      changed: true,
      team: {
        id: team.id,
        slug: team.slug,
        name: team.name ?? null,
        members: team.memberCount ?? null,
      },
      url: settingsUrl(ctx.client, org, `teams/${encodeURIComponent(team.slug)}/`),
    });
  },
});
