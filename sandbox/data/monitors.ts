/**
 * Seed: cron monitors with their per-environment state and check-in history. Check-ins are laid
 * on each monitor's schedule, counted back from `now`, so the newest run is always recent.
 */

import { ACME_ORG_ID, GLOBEX_ORG_ID } from "./organizations.js";
import type { JsonObject } from "./types.js";
import { DAY, HOUR, hexId, MINUTE } from "./util.js";

export type CheckInStatus = "ok" | "error" | "missed" | "timeout" | "in_progress";

export interface MonitorConfigRecord {
  schedule_type: "crontab" | "interval";
  /** a crontab string, or `[count, unit]` for interval schedules */
  schedule: string | [number, string];
  checkin_margin: number | null;
  max_runtime: number | null;
  timezone: string | null;
  failure_issue_threshold: number | null;
  recovery_threshold: number | null;
  alert_rule_id: number | null;
}

export interface MonitorEnvironmentRecord {
  name: string;
  /** ok | error | active | disabled */
  status: string;
  isMuted: boolean;
  dateCreated: string;
  /** when the current failure streak started, if any */
  incidentStartedAt: string | null;
}

export interface MonitorRecord {
  /** the monitor's GUID, as the API sends it */
  id: string;
  orgId: string;
  projectId: string;
  slug: string;
  name: string;
  /** active | disabled */
  status: string;
  isMuted: boolean;
  /** `team:<id>` or `user:<id>` */
  owner: string | null;
  dateCreated: string;
  config: MonitorConfigRecord;
  /** schedule period and offset from the epoch in ms (how the seed lays out check-ins) */
  periodMs: number;
  offsetMs: number;
  environments: MonitorEnvironmentRecord[];
}

export interface CheckInRecord {
  id: string;
  monitorId: string;
  environment: string;
  status: CheckInStatus;
  /** milliseconds; null for missed check-ins */
  duration: number | null;
  /** the scheduled time this check-in belongs to */
  expectedTime: string;
  dateCreated: string;
  dateInProgress: string | null;
  dateUpdated: string;
}

export interface MonitorStore {
  monitors: MonitorRecord[];
  /** every check-in of every monitor, newest first */
  checkIns: CheckInRecord[];
}

function uuid(seed: string): string {
  const h = hexId(seed, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Most recent scheduled run at or before `now` for a schedule of `periodMs` shifted by `offsetMs`. */
export function lastRun(now: Date, periodMs: number, offsetMs: number): number {
  return Math.floor((now.getTime() - offsetMs) / periodMs) * periodMs + offsetMs;
}

interface MonitorSeed {
  slug: string;
  name: string;
  orgId: string;
  projectId: string;
  owner: string | null;
  ageDays: number;
  isMuted?: boolean;
  config: Partial<MonitorConfigRecord> & Pick<MonitorConfigRecord, "schedule" | "schedule_type">;
  periodMs: number;
  offsetMs: number;
  /** per environment: statuses of the most recent runs, newest first, and a typical duration */
  envs: Array<{ name: string; muted?: boolean; runs: CheckInStatus[]; durationMs: number }>;
}

const SEEDS: MonitorSeed[] = [
  {
    slug: "nightly-ledger-reconcile",
    name: "Nightly ledger reconcile",
    orgId: ACME_ORG_ID,
    projectId: "4500011",
    owner: "team:4500101",
    ageDays: 210,
    config: {
      schedule_type: "crontab",
      schedule: "0 2 * * *",
      timezone: "UTC",
      checkin_margin: 10,
      max_runtime: 60,
      failure_issue_threshold: 2,
      recovery_threshold: 1,
    },
    periodMs: DAY,
    offsetMs: 2 * HOUR,
    envs: [
      {
        name: "production",
        runs: ["missed", "missed", "ok", "ok", "ok", "ok", "ok", "ok"],
        durationMs: 1_742_000,
      },
      { name: "staging", runs: ["ok", "ok", "ok", "ok", "ok"], durationMs: 412_000 },
    ],
  },
  {
    slug: "hourly-cache-warmup",
    name: "Hourly cache warm-up",
    orgId: ACME_ORG_ID,
    projectId: "4500011",
    owner: "user:100005",
    ageDays: 95,
    config: {
      schedule_type: "interval",
      schedule: [1, "hour"],
      timezone: "UTC",
      checkin_margin: 5,
      max_runtime: 15,
      failure_issue_threshold: 1,
      recovery_threshold: 1,
    },
    periodMs: HOUR,
    offsetMs: 0,
    envs: [
      {
        name: "production",
        runs: ["ok", "ok", "timeout", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok"],
        durationMs: 96_000,
      },
    ],
  },
  {
    slug: "payout-batch",
    name: "Merchant payout batch",
    orgId: ACME_ORG_ID,
    projectId: "4500014",
    owner: "team:4500101",
    ageDays: 300,
    config: {
      schedule_type: "crontab",
      schedule: "*/15 * * * *",
      timezone: "America/New_York",
      checkin_margin: 2,
      max_runtime: 10,
      failure_issue_threshold: 3,
      recovery_threshold: 2,
    },
    periodMs: 15 * MINUTE,
    offsetMs: 0,
    envs: [
      {
        name: "production",
        runs: ["in_progress", "ok", "ok", "ok", "error", "ok", "ok", "ok"],
        durationMs: 48_000,
      },
    ],
  },
  {
    slug: "push-digest",
    name: "Daily push digest",
    orgId: ACME_ORG_ID,
    projectId: "4500013",
    owner: "team:4500103",
    ageDays: 60,
    isMuted: true,
    config: {
      schedule_type: "crontab",
      schedule: "0 9 * * *",
      timezone: "Asia/Tokyo",
      checkin_margin: null,
      max_runtime: null,
      failure_issue_threshold: null,
      recovery_threshold: null,
    },
    // 09:00 in Tokyo is 00:00 UTC
    periodMs: DAY,
    offsetMs: 0,
    envs: [
      { name: "production", muted: true, runs: ["error", "error", "ok", "ok"], durationMs: 8_000 },
    ],
  },
  {
    slug: "sitemap-rebuild",
    name: "Sitemap rebuild",
    orgId: GLOBEX_ORG_ID,
    projectId: "4500021",
    owner: "team:4500111",
    ageDays: 150,
    config: {
      schedule_type: "crontab",
      schedule: "0 */6 * * *",
      timezone: "UTC",
      checkin_margin: 30,
      max_runtime: 120,
      failure_issue_threshold: 1,
      recovery_threshold: 1,
    },
    periodMs: 6 * HOUR,
    offsetMs: 0,
    envs: [{ name: "production", runs: ["ok", "ok", "ok", "ok"], durationMs: 230_000 }],
  },
];

function envStatus(runs: CheckInStatus[], threshold: number): string {
  const failures = runs.findIndex((r) => r === "ok" || r === "in_progress");
  const streak = failures === -1 ? runs.length : failures;
  return streak >= threshold ? "error" : "ok";
}

export function seedMonitors(now: Date): MonitorStore {
  const monitors: MonitorRecord[] = [];
  const checkIns: CheckInRecord[] = [];
  for (const seed of SEEDS) {
    const id = uuid(`monitor:${seed.slug}`);
    const created = new Date(now.getTime() - seed.ageDays * DAY).toISOString();
    const config: MonitorConfigRecord = {
      checkin_margin: null,
      max_runtime: null,
      timezone: null,
      failure_issue_threshold: null,
      recovery_threshold: null,
      alert_rule_id: null,
      ...seed.config,
    };
    const last = lastRun(now, seed.periodMs, seed.offsetMs);
    const environments: MonitorEnvironmentRecord[] = seed.envs.map((env) => {
      const threshold = config.failure_issue_threshold ?? 1;
      const status = envStatus(env.runs, threshold);
      const streak = env.runs.findIndex((r) => r === "ok" || r === "in_progress");
      return {
        name: env.name,
        status,
        isMuted: env.muted ?? false,
        dateCreated: created,
        incidentStartedAt:
          status === "error"
            ? new Date(
                last - ((streak === -1 ? env.runs.length : streak) - 1) * seed.periodMs,
              ).toISOString()
            : null,
      };
    });
    monitors.push({
      id,
      orgId: seed.orgId,
      projectId: seed.projectId,
      slug: seed.slug,
      name: seed.name,
      status: "active",
      isMuted: seed.isMuted ?? false,
      owner: seed.owner,
      dateCreated: created,
      config,
      periodMs: seed.periodMs,
      offsetMs: seed.offsetMs,
      environments,
    });
    for (const env of seed.envs) {
      env.runs.forEach((status, k) => {
        const expected = last - k * seed.periodMs;
        // Deterministic jitter of a few seconds so durations and times do not look machine-made.
        const jitter = (Number.parseInt(hexId(`${seed.slug}:${env.name}:${k}`, 4), 16) % 20) * 1000;
        const duration =
          status === "missed" || status === "in_progress"
            ? null
            : status === "timeout"
              ? (config.max_runtime ?? 30) * MINUTE
              : env.durationMs + jitter * 3;
        const started = expected + jitter;
        const created =
          status === "missed" ? expected + (config.checkin_margin ?? 1) * MINUTE : started;
        const updated = duration === null ? created : started + duration;
        checkIns.push({
          id: uuid(`checkin:${seed.slug}:${env.name}:${k}`),
          monitorId: id,
          environment: env.name,
          status,
          duration,
          expectedTime: new Date(expected).toISOString(),
          dateCreated: new Date(created).toISOString(),
          dateInProgress: status === "missed" ? null : new Date(started).toISOString(),
          dateUpdated: new Date(updated).toISOString(),
        });
      });
    }
  }
  checkIns.sort((a, b) => b.dateCreated.localeCompare(a.dateCreated) || a.id.localeCompare(b.id));
  return { monitors, checkIns };
}

/** The config as JSON (a copy, so serialized bodies never alias the store). */
export function monitorConfigJson(config: MonitorConfigRecord): JsonObject {
  const schedule = Array.isArray(config.schedule) ? [...config.schedule] : config.schedule;
  return { ...config, schedule };
}
