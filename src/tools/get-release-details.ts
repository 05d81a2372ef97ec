import { z } from "zod";
import { UserInputError } from "../errors.js";
import { facts, formatDate } from "../format/dates.js";
import { inlineCode, text } from "../format/markdown.js";
import { listIssues } from "../sentry-api/issues.js";
import {
  getRelease,
  listReleaseCommits,
  listReleaseDeploys,
  listReleases,
  type Release,
} from "../sentry-api/releases.js";
import { defineTool } from "./define.js";
import { assertWithinPins } from "./support/constraints.js";
import { issueLine, projectLegend } from "./support/issue-format.js";
import { organizationSlug } from "./support/params.js";
import {
  commitLine,
  deployLabel,
  healthLine,
  packageOf,
  plural,
} from "./support/release-format.js";
import { parseSentryUrl } from "./support/sentry-url.js";
import type { ToolContext } from "./types.js";

const ISSUES = 5;

function resolveRelease(
  params: { organizationSlug?: string; releaseVersion?: string; releaseUrl?: string },
  ctx: Pick<ToolContext, "constraints">,
): { org: string; version: string } {
  if (params.releaseUrl) {
    const parsed = parseSentryUrl(params.releaseUrl);
    if (parsed.resource.type !== "release")
      throw new UserInputError(`releaseUrl points to a ${parsed.resource.type}, not a release.`);
    const org = parsed.org ?? params.organizationSlug ?? ctx.constraints.organizationSlug;
    if (!org)
      throw new UserInputError("The URL does not name an organization; pass organizationSlug too.");
    assertWithinPins(ctx, org);
    return { org, version: parsed.resource.version };
  }
  if (!params.releaseVersion)
    throw new UserInputError("Pass releaseVersion (with organizationSlug) or releaseUrl.");
  const org = params.organizationSlug ?? ctx.constraints.organizationSlug;
  if (!org) throw new UserInputError("organizationSlug is required with releaseVersion.");
  return { org, version: params.releaseVersion };
}

/** The release created just before this one with the same package, from one list page. */
function previousOf(release: Release, list: Release[] | null): Release | undefined {
  if (!list || !release.dateCreated) return undefined;
  return list
    .filter(
      (r) => r.version !== release.version && r.dateCreated && r.dateCreated < release.dateCreated!,
    )
    .sort((a, b) => (b.dateCreated ?? "").localeCompare(a.dateCreated ?? ""))[0];
}

function comparison(current: Release, prev: Release): string[] {
  const days =
    prev.dateCreated && current.dateCreated
      ? Math.round((Date.parse(current.dateCreated) - Date.parse(prev.dateCreated)) / 86_400_000)
      : undefined;
  const when = prev.dateReleased
    ? `Released ${formatDate(prev.dateReleased)}`
    : formatDate(prev.dateCreated) && `Created ${formatDate(prev.dateCreated)}`;
  // `days` needs both creation dates, so `when` is set whenever it is.
  const lines = [
    ...(when
      ? [
          `- ${when}${days !== undefined ? ` (${plural(days, "day")} before this release was created)` : ""}`,
        ]
      : []),
    `- New issues: ${prev.newGroups ?? 0} then, ${current.newGroups ?? 0} now`,
    `- Commits: ${prev.commitCount ?? 0} then, ${current.commitCount ?? 0} now`,
  ];
  for (const p of current.projects ?? []) {
    const now = p.healthData?.hasHealthData ? p.healthData.crashFreeSessions : undefined;
    const before = prev.projects?.find((q) => q.slug === p.slug)?.healthData;
    const then = before?.hasHealthData ? before.crashFreeSessions : undefined;
    if (typeof now === "number" && typeof then === "number")
      lines.push(`- Crash-free sessions in ${inlineCode(p.slug)}: ${then}% then, ${now}% now`);
  }
  return lines;
}

export default defineTool({
  name: "get_release_details",
  title: "Get Release Details",
  description:
    "One release: dates, deploys, commits (author, message), new issues first seen in it, session health and adoption when available, and the previous release for comparison. Pass version (e.g. backend@2.14.0) or releaseUrl.",
  // Our names before 0.39.0 parity, still taken (never listed).
  aliases: { version: "releaseVersion", projectSlug: "projectSlugOrId" },
  inputSchema: {
    organizationSlug: organizationSlug.optional(),
    releaseVersion: z
      .string()
      .trim()
      .min(1)
      .max(250)
      .optional()
      .describe("Release version, e.g. backend@2.14.0"),
    releaseUrl: z.string().trim().url().max(2000).optional().describe("A Sentry release URL"),
    projectSlugOrId: z
      .union([z.string().trim().min(1).max(100), z.number().int().positive()])
      .optional()
      .transform((v) => (v === undefined ? undefined : String(v)))
      .describe("Scope to this project (slug or ID)"),
    includeHealth: z.boolean().default(false).describe("Add session health and adoption"),
    includeDeploys: z.boolean().default(true),
    includeCommits: z.boolean().default(true),
    limit: z.number().int().min(1).max(50).default(10).describe("Deploys and commits (1-50)"),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage", "seer"],
  requiredScopes: ["project:read", "event:read"],
  async handler(params, ctx) {
    const { org, version } = resolveRelease(params, ctx);
    const project = params.projectSlugOrId;
    const projectFilter = project
      ? `${/^\d+$/.test(project) ? "project.id" : "project"}:${project} `
      : "";
    const pkg = packageOf(version);
    const quoted = `"${version.replace(/"/g, '\\"')}"`;
    const page = { project, perPage: params.limit, signal: ctx.signal };
    const [release, commits, deploys, issues, siblings] = await Promise.all([
      getRelease(ctx.client, org, version, {
        project,
        health: params.includeHealth,
        signal: ctx.signal,
      }),
      params.includeCommits
        ? listReleaseCommits(ctx.client, org, version, page).catch(() => null)
        : null,
      params.includeDeploys
        ? listReleaseDeploys(ctx.client, org, version, page).catch(() => null)
        : null,
      listIssues(ctx.client, org, {
        query: `${projectFilter}firstRelease:${quoted}`,
        sort: "freq",
        statsPeriod: "90d",
        limit: ISSUES,
        signal: ctx.signal,
      }).catch(() => null),
      pkg || project
        ? listReleases(ctx.client, org, {
            query: pkg ? `${pkg}@` : undefined,
            project,
            health: true,
            perPage: 10,
            signal: ctx.signal,
          }).catch(() => null)
        : Promise.resolve(null),
    ]);
    const pin = ctx.constraints.projectSlug;
    if (pin && release.projects && !release.projects.some((p) => p.slug === pin))
      throw new UserInputError(
        `This session is limited to project ${JSON.stringify(pin)}; release ${version} does not include it.`,
      );
    const scope = project ? `${org}/${project}` : org;
    const authors = new Set(
      (release.authors ?? []).map((a) => a.email ?? a.name).filter((a): a is string => Boolean(a)),
    );
    const lines = [
      `# Release ${inlineCode(version)} in **${inlineCode(scope)}**`,
      "",
      facts([
        ["Created", formatDate(release.dateCreated)],
        ["Released", formatDate(release.dateReleased)],
        ["Ref", release.ref ? inlineCode(release.ref) : undefined],
        ["Projects", release.projects?.map((p) => inlineCode(p.slug)).join(", ")],
        ["New issues", release.newGroups ?? undefined],
        [
          "Commits",
          release.commitCount !== null && release.commitCount !== undefined
            ? `${release.commitCount}${authors.size ? ` by ${plural(authors.size, "author")}` : ""}`
            : undefined,
        ],
        ["Deploys", release.deployCount ?? undefined],
        ["First event", formatDate(release.firstEvent)],
        ["Last event", formatDate(release.lastEvent)],
        ["URL", ctx.client.orgWebPath(org, `/releases/${encodeURIComponent(version)}/`)],
      ]),
    ];
    const health = (release.projects ?? []).flatMap((p) => {
      const line = p.healthData ? healthLine(p.healthData) : undefined;
      const stage = release.adoptionStages?.[p.slug]?.stage;
      if (!line && !stage) return [];
      const stageText = stage ? `adoption stage ${text(stage.replace(/_/g, " "))}` : undefined;
      return [`- ${inlineCode(p.slug)}: ${[line, stageText].filter(Boolean).join(", ")}`];
    });
    if (health.length > 0) lines.push("", "## Health (last 14 days)", "", ...health);
    if (deploys && deploys.data.length > 0) {
      lines.push("", "## Deploys", "");
      for (const d of deploys.data) {
        const extra = [d.name ? text(d.name) : undefined, d.url ? inlineCode(d.url) : undefined];
        lines.push(`- ${[deployLabel(d), ...extra].filter(Boolean).join(" · ")}`);
      }
      if (deploys.nextCursor) lines.push(`- … more deploys in Sentry`);
    }
    if (commits && commits.data.length > 0) {
      lines.push("", `## Commits (${release.commitCount ?? commits.data.length})`, "");
      lines.push(...commits.data.map(commitLine));
      const more = (release.commitCount ?? 0) - commits.data.length;
      if (more > 0) lines.push(`- … ${more} more commits`);
    }
    if (issues && issues.data.length > 0) {
      lines.push(
        "",
        `## New Issues (${release.newGroups ?? issues.data.length}, most frequent first${projectLegend(issues.data) ? `; ${projectLegend(issues.data)}` : ""})`,
        "",
      );
      lines.push(...issues.data.map(issueLine));
    }
    const prev = previousOf(release, siblings?.data ?? null);
    if (prev)
      lines.push(
        "",
        `## Compared With ${inlineCode(prev.version)}`,
        "",
        ...comparison(release, prev),
      );
    const notes: string[] = [];
    if (ctx.canCall("search_issues"))
      notes.push(
        `- \`search_issues\` with \`query: 'firstRelease:${quoted}'\` lists every new issue; \`release:${quoted}\` every issue seen in it.`,
      );
    if (ctx.canCall("get_issue_details") && issues && issues.data.length > 0)
      notes.push("- `get_issue_details` with a short ID above shows its stack trace.");
    if (notes.length > 0) lines.push("", "## Response Notes", "", ...notes);
    return lines.join("\n");
  },
});
