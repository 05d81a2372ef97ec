import { z } from "zod";
import { setProjectTeam } from "../../sentry-api/project-writes.js";
import { getProject } from "../../sentry-api/projects.js";
import { structuredResult } from "../define.js";
import type { StructuredResult, ToolContext } from "../types.js";
import { projectSettingsUrl } from "./web-urls.js";
import { guardWrite } from "./write-errors.js";

export const projectTeamOutput = z.object({
  organization: z.string(),
  project: z.string(),
  team: z.string(),
  changed: z.boolean(),
  summary: z.string(),
  before: z.object({ teams: z.array(z.string()) }),
  after: z.object({ teams: z.array(z.string()) }),
  url: z.string(),
});
type Output = z.output<typeof projectTeamOutput>;

/**
 * Adds or removes a team's access to a project. Reads the project first: a team already there
 * (or already gone) is reported without a write.
 */
export async function changeProjectTeam(
  ctx: ToolContext,
  params: { organizationSlug: string; projectSlug: string; teamSlug: string },
  mode: "add" | "remove",
): Promise<StructuredResult<Output>> {
  const org = params.organizationSlug;
  const project = await getProject(ctx.client, org, params.projectSlug, ctx.signal);
  const before = (project.teams ?? []).map((t) => t.slug);
  const wanted = params.teamSlug.toLowerCase();
  const present = before.some((slug) => slug.toLowerCase() === wanted);
  let after = before;
  if (present !== (mode === "add")) {
    const updated = await guardWrite(
      {
        action: `${mode} team ${params.teamSlug} ${mode === "add" ? "to" : "from"} project ${project.slug}`,
        scope: "project:write",
        skill: "project-management",
        notFound: `No team ${JSON.stringify(params.teamSlug)} in organization ${JSON.stringify(org)}; find_teams lists the teams.`,
      },
      () =>
        setProjectTeam(
          ctx.client,
          org,
          project.slug,
          params.teamSlug,
          mode === "add" ? "POST" : "DELETE",
          ctx.signal,
        ),
    );
    after = (updated.teams ?? []).map((t) => t.slug);
  }
  const changed = JSON.stringify(before) !== JSON.stringify(after);
  const list = (teams: string[]) => (teams.length ? teams.map((t) => `#${t}`).join(", ") : "none");
  let summary: string;
  if (!changed) {
    summary =
      mode === "add"
        ? `Nothing to change: #${params.teamSlug} already has access to ${project.slug}.`
        : `Nothing to change: #${params.teamSlug} has no access to ${project.slug}.`;
  } else {
    summary = `${mode === "add" ? "Added" : "Removed"} #${params.teamSlug} ${mode === "add" ? "to" : "from"} ${project.slug}: teams ${list(before)} → ${list(after)}.`;
    if (after.length === 0)
      summary +=
        " The project has no team now: only organization owners and managers can reach it.";
  }
  return structuredResult({
    organization: org,
    project: project.slug,
    team: params.teamSlug,
    changed,
    summary,
    before: { teams: before },
    after: { teams: after },
    url: projectSettingsUrl(ctx.client, org, project.slug),
  });
}
