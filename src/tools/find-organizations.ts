import { z } from "zod";
import { listOrganizations } from "../sentry-api/organizations.js";
import { defineTool, structuredResult } from "./define.js";
import { cursor, query } from "./support/params.js";

const output = z.object({
  organizations: z.array(
    z.object({ slug: z.string(), name: z.string().optional(), url: z.string() }),
  ),
  nextCursor: z.string().optional(),
});

export default defineTool({
  name: "find_organizations",
  title: "Find Organizations",
  description:
    "Sentry organizations the token can access, with the slugs other tools take as organizationSlug.",
  inputSchema: { query: query.describe("Filter by name or slug"), cursor },
  outputSchema: output,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage", "project-management", "seer"],
  requiredScopes: ["org:read"],
  hideWhenPinned: "organization",
  async handler(params, ctx) {
    const page = await listOrganizations(ctx.client, {
      query: params.query,
      cursor: params.cursor,
      signal: ctx.signal,
    });
    return structuredResult({
      organizations: page.data.map((org) => ({
        slug: org.slug,
        name: org.name && org.name !== org.slug ? org.name : undefined,
        url: org.links?.organizationUrl ?? ctx.client.orgWebPath(org.slug, "/"),
      })),
      nextCursor: page.nextCursor,
    });
  },
});
