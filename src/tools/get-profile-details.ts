import { z } from "zod";
import { ApiError, UserInputError } from "../errors.js";
import { getProfile, getProfileChunk } from "../sentry-api/profiles.js";
import { defineTool, structuredResult } from "./define.js";
import { organizationSlug } from "./support/params.js";
import {
  analyzeSamples,
  continuousProfileSummary,
  legacyProfileSummary,
  profileSummarySchema,
  sampleAnalysisSchema,
  transactionProfileSummary,
} from "./support/profile-samples.js";
import {
  assertHexId,
  type ProfileUrlTarget,
  parseProfileUrl,
  profileOrg,
  profileUrlParam,
} from "./support/profile-target.js";
import { projectSlugOrIdOrNumber, resolveProject } from "./support/project-ref.js";
import {
  buildSuggestedToolAction,
  SuggestedToolActionSchema,
  suggestedActions,
} from "./support/suggested-actions.js";
import { isoDateTime } from "./support/time-range.js";

const output = z.object({
  profile: profileSummarySchema,
  samples: sampleAnalysisSchema.nullable(),
  suggestedActions: z.array(SuggestedToolActionSchema).optional(),
});

type Target =
  | { kind: "transaction"; profileId: string }
  | { kind: "continuous"; profilerId: string; start: string; end: string };

function resolveTarget(
  params: { profileId?: string; profilerId?: string; start?: string; end?: string },
  fromUrl: ProfileUrlTarget | undefined,
): Target {
  if (fromUrl) {
    if (params.profileId || params.profilerId)
      throw new UserInputError("Pass profileUrl or the profile's IDs, not both.");
    return fromUrl.kind === "transaction"
      ? { kind: "transaction", profileId: fromUrl.profileId }
      : fromUrl;
  }
  if (params.profileId && (params.profilerId || params.start || params.end))
    throw new UserInputError(
      "Pass profileId for a transaction profile, or profilerId + start + end for a continuous profile, not both.",
    );
  if (params.profileId)
    return { kind: "transaction", profileId: assertHexId(params.profileId, "profileId") };
  if (params.profilerId && params.start && params.end) {
    if (Date.parse(params.start) >= Date.parse(params.end))
      throw new UserInputError(`start (${params.start}) must be before end (${params.end}).`);
    return {
      kind: "continuous",
      profilerId: assertHexId(params.profilerId, "profilerId"),
      start: params.start,
      end: params.end,
    };
  }
  throw new UserInputError(
    "Pass profileUrl, profileId (transaction profile), or profilerId + start + end (continuous profile).",
  );
}

export default defineTool({
  name: "get_profile_details",
  title: "Get Profile Details",
  description: [
    "One profile: summary (transaction, trace, release, device) and sample analysis (threads, most frequent frames).",
    "Pass profileUrl, or projectSlugOrId with profileId (transaction profile) or profilerId + start + end (continuous profile).",
  ].join(" "),
  inputSchema: {
    profileUrl: profileUrlParam,
    organizationSlug: organizationSlug.optional(),
    projectSlugOrId: projectSlugOrIdOrNumber.optional(),
    profileId: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .optional()
      .describe("Transaction profile ID (32 hex characters)"),
    profilerId: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .optional()
      .describe("Continuous profiler ID (32 hex characters)"),
    start: isoDateTime.optional().describe("Continuous profile window start (ISO 8601)"),
    end: isoDateTime.optional().describe("Continuous profile window end (ISO 8601)"),
    focusOnUserCode: z
      .boolean()
      .default(true)
      .describe("List only application frames among the most frequent (default true)"),
  },
  outputSchema: output,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage", "seer"],
  requiredScopes: ["event:read", "project:read"],
  requiredCapabilities: ["profiles"],
  async handler(params, ctx) {
    const fromUrl = params.profileUrl ? parseProfileUrl(params.profileUrl) : undefined;
    const target = resolveTarget(params, fromUrl);
    const org = profileOrg(ctx, fromUrl?.org, params.organizationSlug);
    const project = await resolveProject(ctx, org, fromUrl?.project ?? params.projectSlugOrId);
    const slug = encodeURIComponent(project.slug);
    const traceUrl = (traceId: string) =>
      ctx.client.orgWebPath(org, `/explore/traces/trace/${traceId}/`);

    if (target.kind === "continuous") {
      const chunk = await getProfileChunk(ctx.client, org, {
        projectId: project.id,
        profilerId: target.profilerId,
        start: target.start,
        end: target.end,
        signal: ctx.signal,
      });
      if (!chunk) {
        const detail = `no continuous profile data for profiler ${target.profilerId} between ${target.start} and ${target.end}`;
        throw new ApiError("not_found", 404, detail, detail);
      }
      const ui = new URLSearchParams({
        profilerId: target.profilerId,
        start: target.start,
        end: target.end,
      });
      return structuredResult({
        profile: continuousProfileSummary(chunk, target, {
          organization: org,
          project: project.slug,
          profileUrl: ctx.client.orgWebPath(
            org,
            `/explore/profiling/profile/${slug}/flamegraph/?${ui.toString()}`,
          ),
        }),
        samples: analyzeSamples(chunk.profile, { focusOnUserCode: params.focusOnUserCode }),
      });
    }

    const raw = await getProfile(ctx.client, org, project.slug, target.profileId, ctx.signal);
    const links = {
      organization: org,
      project: project.slug,
      profileUrl: ctx.client.orgWebPath(
        org,
        `/explore/profiling/profile/${slug}/${target.profileId}/flamegraph/`,
      ),
      traceUrl,
    };
    if (raw.format === "sampled") {
      return structuredResult({
        profile: transactionProfileSummary(raw.profile, target.profileId, links),
        samples: analyzeSamples(raw.profile.profile, {
          focusOnUserCode: params.focusOnUserCode,
          activeThread: raw.profile.transaction?.active_thread_id ?? undefined,
        }),
      });
    }
    const profile = legacyProfileSummary(raw.profile, target.profileId, links);
    const transactionName =
      profile.profileType === "legacy_speedscope" ? profile.transactionName : undefined;
    const actions = suggestedActions([
      transactionName
        ? buildSuggestedToolAction(
            ctx,
            "get_profile",
            { organizationSlug: org, projectSlugOrId: project.slug, transactionName },
            "Legacy profiles carry no sample data; the transaction's aggregated flamegraph shows where its time goes.",
          )
        : null,
    ]);
    return structuredResult({
      profile,
      samples: null,
      suggestedActions: actions.length ? actions : undefined,
    });
  },
});
