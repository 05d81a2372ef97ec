/** Routes: replay details and recording segments. */

import type { Hono } from "hono";
import type { ReplayRecord } from "../data/replays.js";
import type { JsonObject, SandboxStore } from "../data/types.js";
import { fail, findOrg, findProject, NOT_FOUND, paginate, type RouteDeps } from "./http.js";

const REPLAY_NOT_FOUND = "Replay not found.";

/** Sentry accepts the id with or without UUID dashes; anything else is a 404. */
function replayIdParam(raw: string): string {
  const id = raw.replace(/-/g, "").toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(id)) fail(404, REPLAY_NOT_FOUND);
  return id;
}

function findReplay(store: SandboxStore, orgId: string, id: string): ReplayRecord {
  const replay = store.replays.find(
    (r) => r.id === id && store.projects.some((p) => p.id === r.projectId && p.orgId === orgId),
  );
  if (!replay) fail(404, REPLAY_NOT_FOUND);
  return replay;
}

const iso = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");

/** Sentry's activity score: errors weigh more than pages, clamped to 1..10. */
function activity(r: ReplayRecord): number {
  return Math.min(10, Math.max(1, Math.floor((r.errorIds.length * 25 + r.urls.length * 5) / 10)));
}

export function serializeReplay(r: ReplayRecord): JsonObject {
  return {
    id: r.id,
    project_id: r.projectId,
    trace_ids: r.traceIds,
    error_ids: r.errorIds,
    warning_ids: r.warningIds,
    info_ids: r.infoIds,
    environment: r.environment,
    tags: r.isArchived ? [] : r.tags,
    user: { ...r.user },
    sdk: { ...r.sdk },
    os: { ...r.os },
    browser: { ...r.browser },
    device: { ...r.device },
    is_archived: r.isArchived,
    urls: r.isArchived ? null : r.urls,
    clicks: [],
    count_dead_clicks: r.countDeadClicks,
    count_rage_clicks: r.countRageClicks,
    count_errors: r.errorIds.length,
    count_warnings: r.warningIds.length,
    count_infos: r.infoIds.length,
    duration: Math.round((r.finishedAtMs - r.startedAtMs) / 1000),
    started_at: iso(r.startedAtMs),
    finished_at: iso(r.finishedAtMs),
    activity: r.isArchived ? null : activity(r),
    count_urls: r.urls.length,
    replay_type: r.replayType,
    count_segments: r.segments.length,
    platform: r.platform,
    releases: r.releases,
    dist: null,
    has_viewed: false,
  };
}

export function registerReplayRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;

  app.get("/api/0/organizations/:org/replays/:replayId/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const replay = findReplay(store, org.id, replayIdParam(c.req.param("replayId")));
    return c.json({ data: serializeReplay(replay) });
  });

  app.get("/api/0/projects/:org/:project/replays/:replayId/recording-segments/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const project = findProject(store, org, c.req.param("project"));
    const replay = findReplay(store, org.id, replayIdParam(c.req.param("replayId")));
    if (replay.projectId !== project.id) fail(404, NOT_FOUND);
    return c.json(paginate(c, deps, replay.segments, { defaultSize: 100, maxSize: 100 }));
  });
}
