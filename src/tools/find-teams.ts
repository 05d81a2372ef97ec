import { z } from "zod";
import { listTeams } from "../sentry-api/teams.js";
import { defineTool, structuredResult } from "./define.js";
import { cursor, organizationSlug, query } from "./support/params.js";

const output = z.object({
  organization: z.string(),
  teams: z.array(
    z.object({
      slug: z.string(),
      name: z.string().optional(),
      id: z.string(),
      members: z.number().optional(),
      projects: z.array(z.string()),
    }),
  ),
  nextCursor: z.string().optional(),
});

export default defineTool({
  name: "find_teams",
  title: "Find Teams",
  description: "List teams in an organization with member counts and their projects.",
  inputSchema: { organizationSlug, query: query.describe("Filter by name or slug"), cursor },
  outputSchema: output,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage", "project-management", "seer"],
  requiredScopes: ["team:read"],
  async handler(params, ctx) {
    const page = await listTeams(ctx.client, params.organizationSlug, {
      query: params.query,
      cursor: params.cursor,
      signal: ctx.signal,
    });
    return structuredResult({
      organization: params.organizationSlug,
      teams: page.data.map((t) => ({
        slug: t.slug,
        name: t.name && t.name !== t.slug ? t.name : undefined,
        id: t.id,
        members: t.memberCount ?? undefined,
        // Under a project pin, other projects' names are not listed (teams themselves are).
        projects: (t.projects ?? [])
          .map((p) => p.slug)
          .filter((slug) => !ctx.constraints.projectSlug || slug === ctx.constraints.projectSlug),
      })),
      nextCursor: page.nextCursor,
    });
  },
});
