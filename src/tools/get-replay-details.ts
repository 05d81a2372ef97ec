import { z } from "zod";
import { UserInputError } from "../errors.js";
import { getProject } from "../sentry-api/projects.js";
import {
  getReplay,
  getReplayErrors,
  getReplaySegments,
  type Replay,
  type ReplayError,
} from "../sentry-api/replays.js";
import { defineTool } from "./define.js";
import { assertWithinPins } from "./support/constraints.js";
import { organizationSlug } from "./support/params.js";
import { replayActivity } from "./support/replay-activity.js";
import { formatReplayDetails, MAX_ERRORS } from "./support/replay-format.js";
import { parseSentryUrl } from "./support/sentry-url.js";
import type { ToolContext } from "./types.js";

/** Recording segments read for the activity list; the rest of a long recording is skipped. */
const SEGMENTS_READ = 10;
const MINUTE_MS = 60_000;

export function assertReplayId(value: string): string {
  const id = value.trim().replace(/-/g, "").toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(id))
    throw new UserInputError(
      `replayId ${JSON.stringify(value)} is not a replay ID (32 hexadecimal characters, dashes allowed).`,
    );
  return id;
}

function resolveReplayTarget(
  params: { organizationSlug?: string; replayId?: string; replayUrl?: string },
  ctx: Pick<ToolContext, "constraints">,
): { org: string; replayId: string } {
  if (params.replayId && params.replayUrl)
    throw new UserInputError("Pass replayId or replayUrl, not both.");
  if (params.replayUrl) {
    const parsed = parseSentryUrl(params.replayUrl);
    if (parsed.resource.type !== "replay")
      throw new UserInputError(
        `replayUrl points to ${/^[aeiou]/.test(parsed.resource.type) ? "an" : "a"} ${parsed.resource.type}, not a replay. Use get_sentry_resource for other links.`,
      );
    const org = parsed.org ?? params.organizationSlug ?? ctx.constraints.organizationSlug;
    if (!org)
      throw new UserInputError("The URL does not name an organization; pass organizationSlug too.");
    assertWithinPins(ctx, org);
    return { org, replayId: assertReplayId(parsed.resource.replayId) };
  }
  if (!params.replayId)
    throw new UserInputError("Pass replayId (with organizationSlug) or replayUrl.");
  const org = params.organizationSlug ?? ctx.constraints.organizationSlug;
  if (!org)
    throw new UserInputError(
      "organizationSlug is required with replayId (find_organizations lists them).",
    );
  return { org, replayId: assertReplayId(params.replayId) };
}

/** The replay's project slug; under a project pin it must resolve and match. */
async function replayProject(
  ctx: ToolContext,
  org: string,
  replay: Replay,
): Promise<string | undefined> {
  const id = replay.project_id;
  const pinned = ctx.constraints.projectSlug;
  if (!id) {
    if (pinned) assertWithinPins(ctx, org, "(unknown project)");
    return undefined;
  }
  const slug = await getProject(ctx.client, org, id, ctx.signal).then(
    (p) => p.slug,
    (error) => {
      if (pinned) throw error;
      return undefined;
    },
  );
  assertWithinPins(ctx, org, slug);
  return slug ?? id;
}

/** Issue short ids of the replay's errors; optional, so any failure leaves them out. */
async function errorIssues(
  ctx: ToolContext,
  org: string,
  replay: Replay,
): Promise<Map<string, ReplayError> | undefined> {
  const ids = (replay.error_ids ?? []).slice(0, MAX_ERRORS).map((id) => id.replace(/-/g, ""));
  const started = Date.parse(replay.started_at ?? "");
  const finished = Date.parse(replay.finished_at ?? "");
  if (!ids.length || !replay.project_id || Number.isNaN(started) || Number.isNaN(finished))
    return undefined;
  try {
    const rows = await getReplayErrors(ctx.client, org, {
      projectId: replay.project_id,
      errorIds: ids,
      start: new Date(started - MINUTE_MS).toISOString(),
      end: new Date(finished + MINUTE_MS).toISOString(),
      signal: ctx.signal,
    });
    return new Map(rows.map((row) => [row.id.replace(/-/g, ""), row]));
  } catch {
    return undefined;
  }
}

async function activity(ctx: ToolContext, org: string, replay: Replay) {
  if (!replay.project_id || !replay.count_segments) return undefined;
  try {
    const { segments, more } = await getReplaySegments(
      ctx.client,
      org,
      replay.project_id,
      replay.id.replace(/-/g, ""),
      { perPage: SEGMENTS_READ, signal: ctx.signal },
    );
    const start = Date.parse(replay.started_at ?? "");
    return {
      items: replayActivity(segments, Number.isNaN(start) ? undefined : start),
      segmentsRead: segments.length,
      moreSegments: more || (replay.count_segments ?? 0) > segments.length,
    };
  } catch {
    return undefined;
  }
}

export default defineTool({
  name: "get_replay_details",
  title: "Get Replay Details",
  description: [
    "What happened in one session replay: user, browser, pages visited, errors with their issues, clicks (dead and rage clicks), traces.",
    "Pass replayUrl, or organizationSlug + replayId.",
  ].join(" "),
  inputSchema: {
    organizationSlug: organizationSlug.optional(),
    replayId: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .optional()
      .describe("Replay ID (32 hex characters, dashes allowed)"),
    replayUrl: z.string().trim().url().max(2000).optional().describe("A Sentry replay URL"),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage", "seer"],
  requiredScopes: ["event:read", "project:read"],
  requiredCapabilities: ["replays"],
  async handler(params, ctx) {
    const { org, replayId } = resolveReplayTarget(params, ctx);
    const replay = await getReplay(ctx.client, org, replayId, ctx.signal);
    const project = await replayProject(ctx, org, replay);
    const [errors, recorded] = replay.is_archived
      ? [undefined, undefined]
      : await Promise.all([errorIssues(ctx, org, replay), activity(ctx, org, replay)]);
    return formatReplayDetails(
      {
        org,
        project,
        replay,
        errors,
        activity: recorded,
        url: ctx.client.orgWebPath(org, `/explore/replays/${replayId}/`),
      },
      ctx,
    );
  },
});
