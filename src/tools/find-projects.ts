import { z } from "zod";
import { listProjects } from "../sentry-api/projects.js";
import { defineTool, structuredResult } from "./define.js";
import { cursor, organizationSlug, query } from "./support/params.js";

const output = z.object({
  organization: z.string(),
  projects: z.array(
    z.object({
      slug: z.string(),
      name: z.string().optional(),
      platform: z.string().optional(),
    }),
  ),
  nextCursor: z.string().optional(),
});

export default defineTool({
  name: "find_projects",
  title: "Find Projects",
  description: "Projects of an organization: slug, name when it differs, platform.",
  inputSchema: { organizationSlug, query: query.describe("Filter by name or slug"), cursor },
  outputSchema: output,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage", "project-management", "seer"],
  requiredScopes: ["project:read"],
  hideWhenPinned: "project",
  async handler(params, ctx) {
    const page = await listProjects(ctx.client, params.organizationSlug, {
      query: params.query,
      cursor: params.cursor,
      signal: ctx.signal,
    });
    return structuredResult({
      organization: params.organizationSlug,
      projects: page.data.map((p) => ({
        slug: p.slug,
        name: p.name && p.name !== p.slug ? p.name : undefined,
        platform: p.platform ?? undefined,
      })),
      nextCursor: page.nextCursor,
    });
  },
});
