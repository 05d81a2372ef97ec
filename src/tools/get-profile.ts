import { z } from "zod";
import { UserInputError } from "../errors.js";
import { getFlamegraph, getProfile } from "../sentry-api/profiles.js";
import { defineTool, structuredResult } from "./define.js";
import { organizationSlug, period } from "./support/params.js";
import {
  analysisSchema,
  analyzeFlamegraphs,
  comparisonSchema,
  hasProfileData,
} from "./support/profile-flamegraph.js";
import { parseProfileUrl, profileOrg, profileUrlParam } from "./support/profile-target.js";
import { projectSlugOrIdOrNumber, resolveProject } from "./support/project-ref.js";
import type { ToolContext } from "./types.js";

const DEFAULT_PERIOD = "7d";

const output = z.object({
  organization: z.string(),
  project: z.string(),
  transactionName: z.string(),
  period: z.string(),
  compareAgainstPeriod: z.string().nullable(),
  focusOnUserCode: z.boolean(),
  hasCurrentData: z.boolean(),
  hasBaselineData: z.boolean(),
  analysis: analysisSchema.nullable(),
  comparison: comparisonSchema.nullable(),
  profilesUrl: z.string(),
});

/** The transaction a profile recorded, so a profile URL alone is enough (as in the incumbent). */
async function transactionOfProfile(
  ctx: ToolContext,
  org: string,
  project: string,
  profileId: string,
): Promise<string | undefined> {
  const raw = await getProfile(ctx.client, org, project, profileId, ctx.signal);
  const name =
    raw.format === "sampled"
      ? raw.profile.transaction?.name
      : (raw.profile.metadata?.transactionName ?? raw.profile.transactionName);
  return name ?? undefined;
}

export default defineTool({
  name: "get_profile",
  title: "Get Transaction Profile",
  description: [
    "Where one transaction spends CPU time, from its aggregated flamegraph: hot paths, slowest functions with p75/p95/p99, user vs library time.",
    "Pass compareAgainstPeriod to find regressions against a baseline window.",
  ].join(" "),
  inputSchema: {
    organizationSlug: organizationSlug.optional(),
    projectSlugOrId: projectSlugOrIdOrNumber.optional(),
    transactionName: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .optional()
      .describe("Exact transaction name, e.g. 'GET /api/users' (case-sensitive)"),
    profileUrl: profileUrlParam.describe("A Sentry profile URL, for its organization and project"),
    period: period.describe(`Window to aggregate, e.g. 24h or 14d (default ${DEFAULT_PERIOD})`),
    compareAgainstPeriod: period.describe("Baseline window to compare with, e.g. 30d"),
    focusOnUserCode: z
      .boolean()
      .default(true)
      .describe("Keep only application frames in stacks and top functions (default true)"),
    maxHotPaths: z.number().int().min(1).max(20).default(10).describe("Hot paths to list (1-20)"),
  },
  outputSchema: output,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage", "seer"],
  requiredScopes: ["event:read", "project:read"],
  requiredCapabilities: ["profiles"],
  async handler(params, ctx) {
    const fromUrl = params.profileUrl ? parseProfileUrl(params.profileUrl) : undefined;
    const org = profileOrg(ctx, fromUrl?.org, params.organizationSlug);
    const project = await resolveProject(ctx, org, fromUrl?.project ?? params.projectSlugOrId);
    const transactionName =
      params.transactionName ??
      (fromUrl?.kind === "transaction"
        ? await transactionOfProfile(ctx, org, project.slug, fromUrl.profileId)
        : undefined);
    if (!transactionName)
      throw new UserInputError(
        "transactionName is required (e.g. 'GET /api/users') unless profileUrl names a transaction profile.",
      );
    const current = params.period ?? DEFAULT_PERIOD;
    const baselinePeriod = params.compareAgainstPeriod;
    const fetch = (p: string) =>
      getFlamegraph(ctx.client, org, {
        projectId: project.id,
        transactionName,
        period: p,
        signal: ctx.signal,
      });
    const [now, before] = await Promise.all([
      fetch(current),
      baselinePeriod ? fetch(baselinePeriod) : Promise.resolve(null),
    ]);
    const hasCurrentData = hasProfileData(now);
    const hasBaselineData = hasProfileData(before);
    const result = hasCurrentData
      ? analyzeFlamegraphs(now, hasBaselineData ? before : null, {
          focusOnUserCode: params.focusOnUserCode,
          maxHotPaths: params.maxHotPaths,
          baselinePeriod,
        })
      : { analysis: null, comparison: null };
    const ui = new URLSearchParams({
      project: project.id,
      transaction: transactionName,
      statsPeriod: current,
    });
    return structuredResult({
      organization: org,
      project: project.slug,
      transactionName,
      period: current,
      compareAgainstPeriod: baselinePeriod ?? null,
      focusOnUserCode: params.focusOnUserCode,
      hasCurrentData,
      hasBaselineData,
      analysis: result.analysis,
      comparison: result.comparison,
      profilesUrl: ctx.client.orgWebPath(
        org,
        `/explore/profiling/summary/${encodeURIComponent(project.slug)}/?${ui.toString()}`,
      ),
    });
  },
});
