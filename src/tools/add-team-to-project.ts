import { defineTool } from "./define.js";
import { organizationSlug, projectSlug } from "./support/params.js";
import { changeProjectTeam, projectTeamOutput } from "./support/project-team.js";
import { teamSlugParam } from "./support/write-params.js";

export default defineTool({
  name: "add_team_to_project",
  title: "Add Team to Project",
  description:
    "Give a team access to a project. A team that already has access is reported, not re-added.",
  inputSchema: { organizationSlug, projectSlug, teamSlug: teamSlugParam },
  outputSchema: projectTeamOutput,
  // Additive: nothing is lost, and adding twice has no further effect.
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: true,
  },
  skills: ["project-management"],
  requiredScopes: ["project:write"],
  handler: (params, ctx) => changeProjectTeam(ctx, params, "add"),
});
