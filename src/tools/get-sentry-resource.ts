import { z } from "zod";
import { inlineCode } from "../format/markdown.js";
import { defineTool, passthrough } from "./define.js";
import { loadIssueDetails } from "./support/issue-details-load.js";
import { assertPackageSelectionAllowed, packageNamesParam } from "./support/package-versions.js";
import { organizationSlug, projectSlug } from "./support/params.js";
import { RESOURCE_TYPES, resolveResource } from "./support/resource-target.js";
import type { SentryResource } from "./support/sentry-url.js";
import type { ToolContext } from "./types.js";

interface Dispatch {
  tool: string;
  label: string;
  id: string;
  /** candidate parameter names for the id, first one the tool declares wins */
  idKeys: string[];
  project?: string;
  /** further arguments the target tool takes as they are (absent ones dropped) */
  extra?: Record<string, string | undefined>;
  webPath: string;
}

function dispatchFor(resource: SentryResource): Dispatch | undefined {
  switch (resource.type) {
    case "trace":
      return {
        tool: "get_trace_details",
        label: "trace",
        id: resource.traceId,
        idKeys: ["traceId"],
        webPath: `/explore/traces/trace/${resource.traceId}/`,
      };
    case "replay":
      return {
        tool: "get_replay_details",
        label: "replay",
        id: resource.replayId,
        idKeys: ["replayId"],
        webPath: `/replays/${resource.replayId}/`,
      };
    case "monitor":
      return {
        tool: "get_monitor_details",
        label: "monitor",
        id: resource.monitorSlug,
        idKeys: ["monitorSlug", "monitorIdOrSlug", "monitorId", "monitor"],
        project: resource.project,
        webPath: `/crons/${resource.project ? `${resource.project}/` : ""}${resource.monitorSlug}/`,
      };
    case "profile":
      return {
        tool: "get_profile_details",
        label: "profile",
        id: resource.profileId,
        idKeys: ["profileId"],
        project: resource.project,
        webPath: `/profiling/profile/${resource.project}/${resource.profileId}/flamegraph/`,
      };
    case "release":
      return {
        tool: "get_release_details",
        label: "release",
        id: resource.version,
        idKeys: ["version", "releaseVersion", "release"],
        webPath: `/releases/${encodeURIComponent(resource.version)}/`,
      };
    case "ai_conversation":
      return {
        tool: "get_agent_conversation_details",
        label: "agent conversation",
        id: resource.conversationId,
        idKeys: ["conversationId"],
        extra: {
          project: resource.project,
          start: resource.start && resource.end ? resource.start : undefined,
          end: resource.start && resource.end ? resource.end : undefined,
        },
        webPath: `/explore/conversations/${encodeURIComponent(resource.conversationId)}/`,
      };
    case "snapshot":
      return {
        tool: resource.image ? "get_snapshot_image" : "get_snapshot",
        label: "snapshot",
        id: resource.snapshotId,
        idKeys: ["snapshotId"],
        extra: { imageIdentifier: resource.image },
        webPath: `/preprod/snapshots/${encodeURIComponent(resource.snapshotId)}/`,
      };
    default:
      return undefined;
  }
}

/** Arguments for the target tool, named the way its own schema names them. */
function argumentsFor(ctx: ToolContext, org: string, d: Dispatch): Record<string, unknown> {
  const shape = ctx.catalog.tools().find((t) => t.name === d.tool)?.inputSchema ?? {};
  const pick = (keys: string[]) => keys.find((k) => k in shape) ?? keys[0];
  const args: Record<string, unknown> = { organizationSlug: org, [pick(d.idKeys)]: d.id };
  if (d.project) {
    const key = ["projectSlug", "projectSlugOrId"].find((k) => k in shape);
    if (key) args[key] = d.project;
  }
  for (const [k, v] of Object.entries(d.extra ?? {})) if (v !== undefined) args[k] = v;
  return args;
}

export default defineTool({
  name: "get_sentry_resource",
  title: "Get Sentry Resource",
  description: [
    "Open any Sentry link or ID: issue, event, trace, replay, cron monitor, profile, release, agent conversation, snapshot.",
    "Pass url as pasted, or resourceType + resourceId (+ organizationSlug).",
  ].join(" "),
  inputSchema: {
    url: z.string().trim().min(1).max(2000).optional().describe("A Sentry URL, as pasted"),
    resourceType: z.enum(RESOURCE_TYPES).optional().describe("Kind of resourceId (without url)"),
    resourceId: z
      .string()
      .trim()
      .min(1)
      .max(250)
      .optional()
      .describe("ID; for issues short or numeric, monitor slug, release version"),
    organizationSlug: organizationSlug.optional(),
    projectSlug: projectSlug.optional().describe("Project slug (profiles; optional for monitors)"),
    packageNames: packageNamesParam,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage", "seer"],
  requiredScopes: ["event:read"],
  async handler(params, ctx) {
    const { org, resource } = resolveResource(params, ctx);
    if (resource.type === "issue") {
      const explicit = resource.eventId !== undefined;
      assertPackageSelectionAllowed(params.packageNames, explicit, "an issue lookup");
      return loadIssueDetails(ctx, {
        org,
        issueId: resource.issueId,
        event: resource.eventId ?? resource.eventSelector ?? "latest",
        explicitEvent: explicit,
        packageNames: params.packageNames,
      });
    }
    if (resource.type === "event") {
      return loadIssueDetails(ctx, {
        org,
        issueId: resource.issueId,
        event: resource.eventId,
        explicitEvent: true,
        packageNames: params.packageNames,
      });
    }
    const d = dispatchFor(resource);
    if (!d) return `Unsupported resource type ${resource.type}.`;
    assertPackageSelectionAllowed(params.packageNames, false, `a ${d.label}`);
    if (ctx.canCall(d.tool)) {
      // Markdown-only by contract (no outputSchema): a structured answer (a profile) comes
      // back as its JSON text, without structuredContent a client would check against nothing.
      const { structuredContent: _, ...result } = await ctx.catalog.call(
        d.tool,
        argumentsFor(ctx, org, d),
        ctx,
      );
      return passthrough(result);
    }
    return [
      `# ${d.label[0].toUpperCase()}${d.label.slice(1)} ${inlineCode(d.id)} in **${inlineCode(org)}**`,
      "",
      `${d.tool} opens ${d.label}s, and it is not available in this session (it may need another skill or capability).`,
      "",
      `**URL**: ${ctx.client.orgWebPath(org, d.webPath)}`,
    ].join("\n");
  },
});
