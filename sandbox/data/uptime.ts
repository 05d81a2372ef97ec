/**
 * Seed: uptime monitors (HTTP checks). Some carry request headers and bodies with secrets, as
 * real ones do, so tools can be tested for never printing them.
 */

import { ACME_ORG_ID, GLOBEX_ORG_ID } from "./organizations.js";
import type { UptimeMonitorRecord } from "./types.js";
import { ago, DAY, hash32, hexId } from "./util.js";

/** Sentry accepts these check intervals only. */
export const UPTIME_INTERVALS = [60, 300, 600, 1200, 1800, 3600];
export const UPTIME_METHODS = ["GET", "POST", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS"];

/** 1 = up, 2 = down (Sentry's `uptimeStatus`). */
export const UPTIME_UP = 1;
export const UPTIME_DOWN = 2;

export function seedUptimeMonitors(now: Date): UptimeMonitorRecord[] {
  const base = {
    status: "active" as const,
    uptimeStatus: UPTIME_UP,
    mode: 1,
    method: "GET",
    headers: [] as Array<[string, string]>,
    body: null,
    timeoutMs: 5000,
    traceSampling: false,
    responseCaptureEnabled: false,
    recoveryThreshold: 1,
    downtimeThreshold: 3,
  };
  return [
    {
      ...base,
      id: "7300101",
      orgId: ACME_ORG_ID,
      projectId: "4500014",
      name: "Payments API health",
      environment: "production",
      owner: "team:4500101",
      url: "https://pay.acme.example/healthz",
      headers: [
        ["Accept", "application/json"],
        ["Authorization", "Bearer sandbox-uptime-secret-4f2a9c"],
      ],
      intervalSeconds: 60,
      timeoutMs: 10_000,
      dateCreated: ago(now, 180 * DAY),
    },
    {
      ...base,
      id: "7300102",
      orgId: ACME_ORG_ID,
      projectId: "4500012",
      name: "Web app home",
      environment: "production",
      owner: "team:4500102",
      url: "https://app.acme.example/",
      uptimeStatus: UPTIME_DOWN,
      intervalSeconds: 300,
      traceSampling: true,
      dateCreated: ago(now, 90 * DAY),
    },
    {
      ...base,
      id: "7300103",
      orgId: ACME_ORG_ID,
      projectId: "4500011",
      name: "Status probe (staging)",
      environment: "staging",
      owner: "user:100002",
      url: "https://api.staging.acme.example/v1/status",
      method: "POST",
      headers: [["Content-Type", "application/json"]],
      body: '{"probe":true,"token":"sandbox-probe-secret-77b1"}',
      status: "disabled",
      intervalSeconds: 600,
      dateCreated: ago(now, 40 * DAY),
    },
    {
      ...base,
      id: "7300201",
      orgId: GLOBEX_ORG_ID,
      projectId: "4500021",
      name: "Shop front page",
      environment: "production",
      owner: "team:4500111",
      url: "https://shop.globex.example/",
      intervalSeconds: 300,
      dateCreated: ago(now, 120 * DAY),
    },
  ];
}

/** One uptime check result, as Sentry's `/uptime/{id}/checks/` lists them. */
export interface UptimeCheck {
  uptimeCheckId: string;
  timestamp: string;
  scheduledCheckTime: string;
  checkStatus: "success" | "failure" | "failure_incident";
  checkStatusReason: string | null;
  httpStatusCode: number | null;
  durationMs: number;
  traceId: string;
  incidentStatus: number;
  environment: string;
  region: string;
  regionName: string;
}

const REGIONS: Array<[string, string]> = [
  ["us-east-1", "US East"],
  ["eu-west-1", "Europe West"],
];

/** At most this many checks are generated per request (newest first). */
export const MAX_UPTIME_CHECKS = 1000;
/** A check runs this long after its scheduled time. */
const CHECK_LATENCY_MS = 1200;

/**
 * The monitor's checks scheduled in [start, end], newest first, derived from its schedule: a
 * down monitor's latest `downtimeThreshold + 1` checks fail as an incident; otherwise every
 * 37th check fails once with a timeout.
 */
export function uptimeChecks(
  m: UptimeMonitorRecord,
  window: { start: number; end: number },
): UptimeCheck[] {
  const step = m.intervalSeconds * 1000;
  const from = Math.max(window.start, Date.parse(m.dateCreated));
  const out: UptimeCheck[] = [];
  const last = Math.floor((window.end - CHECK_LATENCY_MS) / step) * step;
  for (let t = last, n = 0; t >= from; t -= step, n++) {
    if (out.length >= MAX_UPTIME_CHECKS) break;
    const slot = Math.floor(t / step);
    const incident = m.uptimeStatus === UPTIME_DOWN && n <= m.downtimeThreshold;
    const blip = !incident && slot % 37 === 0;
    const [region, regionName] = REGIONS[slot % REGIONS.length];
    const took = 80 + (hash32(`${m.id}:${slot}`) % 400);
    out.push({
      uptimeCheckId: hexId(`uptime-check:${m.id}:${slot}`),
      timestamp: new Date(t + CHECK_LATENCY_MS).toISOString(),
      scheduledCheckTime: new Date(t).toISOString(),
      checkStatus: incident ? "failure_incident" : blip ? "failure" : "success",
      checkStatusReason: incident || blip ? "timeout" : null,
      httpStatusCode: incident || blip ? null : 200,
      durationMs: incident || blip ? m.timeoutMs : took,
      traceId: hexId(`uptime-trace:${m.id}:${slot}`),
      incidentStatus: incident ? 1 : 0,
      environment: m.environment ?? "production",
      region,
      regionName,
    });
  }
  return out;
}
