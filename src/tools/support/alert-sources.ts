/**
 * What an alert (workflow) listens to: its sources are monitors (detectors). A project's
 * issue-stream monitor connects all issues of that project; other monitors (metric, uptime,
 * cron) connect their own issues. Here: resolving `projectSlugs` / detector ids to sources, and
 * the project scope of an alert, which a project-pinned session must cover exclusively.
 */

import { ApiError, UserInputError } from "../../errors.js";
import { inlineCode } from "../../format/markdown.js";
import { getProject } from "../../sentry-api/projects.js";
import {
  type Detector,
  getDetector,
  listDetectors,
  type Workflow,
} from "../../sentry-api/workflows.js";
import type { ToolContext } from "../types.js";

export interface Source {
  id: string;
  name: string;
  type: string;
  /** project slug; null when the monitor covers all projects or its project is unknown */
  project: string | null;
}

type Ctx = Pick<ToolContext, "client" | "signal" | "constraints">;

const notFound = (error: unknown) => error instanceof ApiError && error.status === 404;

async function projectIdOf(ctx: Ctx, org: string, slug: string): Promise<string> {
  try {
    return (await getProject(ctx.client, org, slug, ctx.signal)).id;
  } catch (error) {
    if (notFound(error))
      throw new UserInputError(
        `No project ${JSON.stringify(slug)} in ${org}; find_projects lists them.`,
      );
    throw error;
  }
}

/** The id of the session's pinned project, or undefined without a project pin. */
export async function pinnedProjectId(ctx: Ctx, org: string): Promise<string | undefined> {
  const pin = ctx.constraints.projectSlug;
  return pin ? projectIdOf(ctx, org, pin) : undefined;
}

/** Project slugs by id, for the projects the given monitors belong to. */
export class SourceBook {
  readonly detectors = new Map<string, Detector>();
  readonly slugs = new Map<string, string>();

  view(id: string): Source {
    const d = this.detectors.get(id);
    const project = d?.projectId ? (this.slugs.get(d.projectId) ?? d.projectId) : null;
    return { id, name: d?.name ?? `monitor ${id}`, type: d?.type ?? "unknown", project };
  }
}

async function issueStream(ctx: Ctx, org: string, slug: string, book: SourceBook) {
  const projectId = await projectIdOf(ctx, org, slug);
  book.slugs.set(projectId, slug);
  const page = await listDetectors(ctx.client, org, {
    projects: [projectId],
    query: "type:issue_stream",
    perPage: 100,
    signal: ctx.signal,
  });
  const matches = page.data.filter((d) => d.type === "issue_stream" && d.projectId === projectId);
  if (matches.length !== 1)
    throw new UserInputError(
      matches.length === 0
        ? `Project ${slug} has no issue-stream monitor (Sentry creates one per project); connect its monitors by detectorIds instead.`
        : `Project ${slug} has several issue-stream monitors; pass the one to use in detectorIds.`,
    );
  book.detectors.set(matches[0].id, matches[0]);
  return matches[0];
}

async function monitor(ctx: Ctx, org: string, id: string, book: SourceBook) {
  const known = book.detectors.get(id);
  if (known) return known;
  try {
    const d = await getDetector(ctx.client, org, id, ctx.signal);
    book.detectors.set(d.id, d);
    return d;
  } catch (error) {
    if (notFound(error))
      throw new UserInputError(
        `No monitor ${id} in ${org}; get_alert_options with section "sources" lists them.`,
      );
    throw error;
  }
}

/** Resolves added and removed sources to the alert's new detector ids. */
export async function resolveSources(
  ctx: Ctx,
  org: string,
  change: {
    current: string[];
    addProjectSlugs?: string[];
    removeProjectSlugs?: string[];
    addDetectorIds?: string[];
    removeDetectorIds?: string[];
  },
  book: SourceBook,
): Promise<string[]> {
  const pinId = await pinnedProjectId(ctx, org);
  const pin = ctx.constraints.projectSlug;
  if (pin && pinId) book.slugs.set(pinId, pin);
  const refuse = (d: Detector) => {
    throw new UserInputError(
      `This session is limited to project ${JSON.stringify(pin)}; monitor ${d.id} (${inlineCode(d.name)}) is not in it.`,
    );
  };
  const resolve = async (slugs: string[] = [], ids: string[] = [], removing: boolean) => {
    const out = new Set<string>();
    for (const slug of new Set(slugs)) {
      const d = await issueStream(ctx, org, slug, book);
      if (pinId !== undefined && d.projectId !== pinId) refuse(d);
      out.add(d.id);
    }
    for (const id of new Set(ids)) {
      // A connected monitor can be removed even when it can no longer be read.
      if (removing && change.current.includes(id)) {
        out.add(id);
        continue;
      }
      const d = await monitor(ctx, org, id, book);
      if (pinId !== undefined && d.projectId !== pinId) refuse(d);
      out.add(d.id);
    }
    return out;
  };
  const added = await resolve(change.addProjectSlugs, change.addDetectorIds, false);
  const removed = await resolve(change.removeProjectSlugs, change.removeDetectorIds, true);
  const both = [...added].filter((id) => removed.has(id));
  if (both.length)
    throw new UserInputError(`Source ${both.join(", ")} cannot be added and removed in one call.`);
  const next = [...change.current.filter((id) => !removed.has(id)), ...added];
  const unique = [...new Set(next)];
  if (pin && unique.length === 0)
    throw new UserInputError(
      `An alert without sources is organization-wide: a session limited to project ${JSON.stringify(pin)} cannot leave it without a source in that project.`,
    );
  return unique;
}

/** Loads the alert's monitors into the book (unknown ones stay unknown) and names projects. */
export async function loadSources(ctx: Ctx, org: string, ids: string[], book: SourceBook) {
  await Promise.all(
    ids
      .filter((id) => !book.detectors.has(id))
      .map((id) =>
        getDetector(ctx.client, org, id, ctx.signal).then(
          (d) => book.detectors.set(d.id, d),
          (error) => {
            if (!notFound(error) && !(error instanceof ApiError && error.status === 403))
              throw error;
          },
        ),
      ),
  );
  const projectIds = [...book.detectors.values()]
    .map((d) => d.projectId)
    .filter((p): p is string => !!p && !book.slugs.has(p));
  await Promise.all(
    [...new Set(projectIds)].map((id) =>
      getProject(ctx.client, org, id, ctx.signal).then(
        (p) => book.slugs.set(p.id, p.slug),
        () => undefined,
      ),
    ),
  );
}

/**
 * Refuses an alert outside the session's project pin or the given `projectSlug`. A pinned
 * session may only change alerts whose every source is in the pinned project.
 */
export async function assertAlertInScope(
  ctx: Ctx,
  org: string,
  w: Workflow,
  projectSlug: string | undefined,
  book: SourceBook,
): Promise<void> {
  const ids = w.detectorIds ?? [];
  await loadSources(ctx, org, ids, book);
  const projectIds = ids.map((id) => book.detectors.get(id)?.projectId ?? null);
  const pin = ctx.constraints.projectSlug;
  if (pin) {
    const pinId = await pinnedProjectId(ctx, org);
    if (projectIds.length === 0 || projectIds.some((p) => p !== pinId))
      throw new UserInputError(
        `This session is limited to project ${JSON.stringify(pin)}; alert ${w.id} (${inlineCode(w.name)}) ${projectIds.length === 0 ? "has no sources, so it is organization-wide" : "also covers other projects"}. Use an organization-wide session.`,
      );
    return;
  }
  if (projectSlug) {
    const wanted = await projectIdOf(ctx, org, projectSlug);
    if (!projectIds.includes(wanted))
      throw new UserInputError(
        `Alert ${w.id} (${inlineCode(w.name)}) is not connected to project ${projectSlug}.`,
      );
  }
}
