import { defineTool } from "./define.js";
import { organizationSlug, projectSlug } from "./support/params.js";
import { changeProjectTeam, projectTeamOutput } from "./support/project-team.js";
import { teamSlugParam } from "./support/write-params.js";

export default defineTool({
  name: "remove_team_from_project",
  title: "Remove Team from Project",
  description:
    "Take a team's access to a project away. A team without access is reported, not an error.",
  inputSchema: { organizationSlug, projectSlug, teamSlug: teamSlugParam },
  outputSchema: projectTeamOutput,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: true,
  },
  skills: ["project-management"],
  requiredScopes: ["project:write"],
  handler: (params, ctx) => changeProjectTeam(ctx, params, "remove"),
});
