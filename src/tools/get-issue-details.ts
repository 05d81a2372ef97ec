import { defineTool } from "./define.js";
import { loadIssueDetails } from "./support/issue-details-load.js";
import { issueDetailsOutput } from "./support/issue-details-output.js";
import {
  eventIdParam,
  issueIdParam,
  issueUrlParam,
  resolveIssueRef,
} from "./support/issue-target.js";
import { assertPackageSelectionAllowed, packageNamesParam } from "./support/package-versions.js";
import { organizationSlug } from "./support/params.js";

export { resolveIssueTarget } from "./support/issue-target.js";

export default defineTool({
  name: "get_issue_details",
  title: "Get Issue Details",
  description: [
    "One issue: stack trace, tags, contexts, suspect commit, and the evidence of performance, metric, CSP and feedback issues.",
    "Pass issueUrl, organizationSlug + issueId, or organizationSlug + eventId alone.",
  ].join(" "),
  inputSchema: {
    organizationSlug: organizationSlug.optional(),
    issueId: issueIdParam,
    issueUrl: issueUrlParam,
    eventId: eventIdParam,
    packageNames: packageNamesParam,
  },
  experimentalOutputSchema: issueDetailsOutput,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage", "seer"],
  requiredScopes: ["event:read"],
  async handler(params, ctx) {
    const ref = resolveIssueRef(params, ctx, { allowEventOnly: true });
    assertPackageSelectionAllowed(
      params.packageNames,
      ref.explicitEvent,
      "the issue's latest event",
    );
    return loadIssueDetails(ctx, { ...ref, packageNames: params.packageNames });
  },
});
