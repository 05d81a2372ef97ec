/** Routes: cron monitors, their check-ins and check-in stats. */

import type { Context, Hono } from "hono";
import { type CheckInRecord, type MonitorRecord, monitorConfigJson } from "../data/monitors.js";
import type { JsonObject, OrgRecord, SandboxStore } from "../data/types.js";
import { MINUTE } from "../data/util.js";
import {
  fail,
  findOrg,
  findProject,
  listParam,
  NOT_FOUND,
  paginate,
  parsePeriod,
  type RouteDeps,
  timeWindow,
} from "./http.js";
import { ownerFilter } from "./owner-filter.js";
import { serializeProjectForTeam } from "./serialize-orgs.js";

function ownerJson(store: SandboxStore, owner: string | null): JsonObject | null {
  const m = owner ? /^(user|team):(\d+)$/.exec(owner) : null;
  if (!m) return null;
  if (m[1] === "team") {
    const team = store.teams.find((t) => t.id === m[2]);
    return { type: "team", id: m[2], name: team?.slug ?? m[2] };
  }
  const user = store.users.find((u) => u.id === m[2]);
  return { type: "user", id: m[2], name: user?.name ?? m[2], email: user?.email ?? "" };
}

function checkInsOf(store: SandboxStore, monitor: MonitorRecord, env?: string): CheckInRecord[] {
  return store.crons.checkIns.filter(
    (ci) => ci.monitorId === monitor.id && (env === undefined || ci.environment === env),
  );
}

function serializeMonitor(store: SandboxStore, m: MonitorRecord, envs?: string[]): JsonObject {
  const project = store.projects.find((p) => p.id === m.projectId)!;
  const environments = m.environments
    .filter((e) => !envs?.length || envs.includes(e.name))
    .map((e) => {
      const history = checkInsOf(store, m, e.name);
      const last = history.find((ci) => ci.status !== "missed") ?? history[0];
      const lastExpected = history[0]
        ? Date.parse(history[0].expectedTime)
        : Date.parse(m.dateCreated);
      const next = lastExpected + m.periodMs;
      return {
        name: e.name,
        status: e.status,
        isMuted: e.isMuted,
        dateCreated: e.dateCreated,
        lastCheckIn: last?.dateCreated ?? null,
        nextCheckIn: new Date(next).toISOString(),
        nextCheckInLatest: new Date(next + (m.config.checkin_margin ?? 1) * MINUTE).toISOString(),
        activeIncident: e.incidentStartedAt
          ? { startingTimestamp: e.incidentStartedAt, resolvingTimestamp: null, brokenNotice: null }
          : null,
      };
    });
  return {
    id: m.id,
    slug: m.slug,
    name: m.name,
    status: m.status,
    isMuted: m.isMuted,
    isUpserting: false,
    config: monitorConfigJson(m.config),
    dateCreated: m.dateCreated,
    project: serializeProjectForTeam(store, project),
    environments,
    owner: ownerJson(store, m.owner),
  };
}

function serializeCheckIn(m: MonitorRecord, ci: CheckInRecord): JsonObject {
  return {
    id: ci.id,
    environment: ci.environment,
    status: ci.status,
    duration: ci.duration,
    dateCreated: ci.dateCreated,
    dateAdded: ci.dateCreated,
    dateUpdated: ci.dateUpdated,
    dateInProgress: ci.dateInProgress,
    dateClock: ci.dateCreated,
    expectedTime: ci.expectedTime,
    monitorConfig: monitorConfigJson(m.config),
    groups: [],
  };
}

export function findMonitor(store: SandboxStore, org: OrgRecord, idOrSlug: string): MonitorRecord {
  const m = store.crons.monitors.find(
    (x) => x.orgId === org.id && (x.slug === idOrSlug || x.id === idOrSlug),
  );
  if (!m) fail(404, NOT_FOUND);
  return m;
}

function failing(m: MonitorRecord): number {
  return m.environments.some((e) => e.status === "error") ? 0 : 1;
}

function statsWindow(c: Context, now: Date): { since: number; until: number } {
  const since = c.req.query("since");
  const until = c.req.query("until");
  if (since || until) {
    const s = Number(since);
    const u = Number(until);
    if (!Number.isFinite(s) || !Number.isFinite(u) || s > u) fail(400, "Invalid since/until");
    return { since: s * 1000, until: u * 1000 };
  }
  const window = timeWindow(c, now);
  return window
    ? { since: window.start, until: window.end }
    : { since: now.getTime() - 86_400_000, until: now.getTime() };
}

export function registerMonitorRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;

  app.get("/api/0/organizations/:org/monitors/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const projects = listParam(c, "project").filter((p) => p !== "-1");
    const projectIds = new Set(projects.map((p) => findProject(store, org, p).id));
    const envs = listParam(c, "environment");
    const ownerOk = ownerFilter(store, org, listParam(c, "owner"));
    const query = (c.req.query("query") ?? "").trim().toLowerCase();
    const monitors = store.crons.monitors
      .filter(
        (m) =>
          m.orgId === org.id &&
          (projectIds.size === 0 || projectIds.has(m.projectId)) &&
          (envs.length === 0 || m.environments.some((e) => envs.includes(e.name))) &&
          ownerOk(m.owner) &&
          (!query || m.name.toLowerCase().includes(query) || m.slug.includes(query)),
      )
      .sort((a, b) => failing(a) - failing(b) || a.name.localeCompare(b.name));
    const page = paginate(c, deps, monitors);
    return c.json(page.map((m) => serializeMonitor(store, m, envs)));
  });

  app.get("/api/0/organizations/:org/monitors/:monitor/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const m = findMonitor(store, org, c.req.param("monitor"));
    return c.json(serializeMonitor(store, m, listParam(c, "environment")));
  });

  app.get("/api/0/organizations/:org/monitors/:monitor/checkins/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const m = findMonitor(store, org, c.req.param("monitor"));
    const envs = listParam(c, "environment");
    const window = timeWindow(c, store.now);
    const items = checkInsOf(store, m).filter(
      (ci) =>
        (envs.length === 0 || envs.includes(ci.environment)) &&
        (!window ||
          (Date.parse(ci.dateCreated) >= window.start && Date.parse(ci.dateCreated) <= window.end)),
    );
    const page = paginate(c, deps, items);
    return c.json(page.map((ci) => serializeCheckIn(m, ci)));
  });

  // Undocumented: check-in counts per time bucket.
  app.get("/api/0/organizations/:org/monitors/:monitor/stats/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const m = findMonitor(store, org, c.req.param("monitor"));
    const envs = listParam(c, "environment");
    const { since, until } = statsWindow(c, store.now);
    const resolution = parsePeriod(c.req.query("resolution") ?? "1h", "resolution");
    const start = Math.floor(since / resolution) * resolution;
    const buckets: JsonObject[] = [];
    for (let ts = start; ts < until && buckets.length < 2000; ts += resolution) {
      const inBucket = checkInsOf(store, m).filter((ci) => {
        const t = Date.parse(ci.expectedTime);
        return (
          t >= ts && t < ts + resolution && (envs.length === 0 || envs.includes(ci.environment))
        );
      });
      const count = (s: string) => inBucket.filter((ci) => ci.status === s).length;
      const durations = inBucket.map((ci) => ci.duration).filter((d): d is number => d !== null);
      buckets.push({
        ts: ts / 1000,
        ok: count("ok"),
        error: count("error"),
        missed: count("missed"),
        timeout: count("timeout"),
        in_progress: count("in_progress"),
        unknown: 0,
        duration: durations.length
          ? Math.round(durations.reduce((a, b) => a + b, 0) / durations.length)
          : 0,
      });
    }
    return c.json(buckets);
  });
}
