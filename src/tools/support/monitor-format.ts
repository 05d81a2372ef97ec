/** Cron monitors in words: schedules, environment state, check-ins and stats. */

import { formatDate } from "../../format/dates.js";
import { inlineCode, text } from "../../format/markdown.js";
import type {
  CheckIn,
  Monitor,
  MonitorConfig,
  MonitorEnvironment,
  MonitorStatsBucket,
} from "../../sentry-api/monitors.js";

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

function two(n: number): string {
  return String(n).padStart(2, "0");
}

function dayList(field: string): string | undefined {
  const range = /^(\d)-(\d)$/.exec(field);
  if (range) return `${DAYS[Number(range[1]) % 7]} to ${DAYS[Number(range[2]) % 7]}`;
  if (/^\d(,\d)*$/.test(field))
    return field
      .split(",")
      .map((d) => DAYS[Number(d) % 7])
      .join(", ");
  return undefined;
}

/** A 5-field crontab in words, or undefined when it is not a common shape. */
export function crontabWords(expr: string): string | undefined {
  const f = expr.trim().split(/\s+/);
  if (f.length !== 5) return undefined;
  const [min, hour, dom, mon, dow] = f;
  const everyDay = dom === "*" && mon === "*" && dow === "*";
  const step = (v: string) => /^\*\/(\d+)$/.exec(v)?.[1];
  if (everyDay && min === "*" && hour === "*") return "every minute";
  if (everyDay && step(min) && hour === "*") return `every ${step(min)} minutes`;
  if (!/^\d+$/.test(min)) return undefined;
  if (everyDay && hour === "*")
    return min === "0" ? "every hour, on the hour" : `every hour at minute ${min}`;
  if (everyDay && step(hour))
    return `every ${step(hour)} hours${min === "0" ? "" : ` at minute ${min}`}`;
  if (!/^\d+$/.test(hour)) return undefined;
  const at = `at ${two(Number(hour))}:${two(Number(min))}`;
  if (everyDay) return `every day ${at}`;
  if (dom === "*" && mon === "*" && dayList(dow)) return `${at} on ${dayList(dow)}`;
  if (/^\d+$/.test(dom) && dow === "*") {
    const month = /^\d+$/.test(mon)
      ? ` of ${MONTHS[Number(mon) - 1] ?? mon}`
      : mon === "*"
        ? " of every month"
        : undefined;
    if (month) return `${at} on day ${dom}${month}`;
  }
  return undefined;
}

/** "every day at 02:00 (`0 2 * * *`), UTC" / "every 2 hours". */
export function scheduleWords(config: MonitorConfig | null | undefined): string | undefined {
  const schedule = config?.schedule;
  if (schedule == null) return undefined;
  const tz = config?.timezone ? `, ${inlineCode(config.timezone)}` : "";
  if (typeof schedule === "string") {
    const words = crontabWords(schedule);
    return words
      ? `${words} (${inlineCode(schedule)})${tz}`
      : `crontab ${inlineCode(schedule)}${tz}`;
  }
  const [count, unit] = schedule;
  const n = Number(count);
  if (!Number.isFinite(n) || typeof unit !== "string") return inlineCode(JSON.stringify(schedule));
  return n === 1 ? `every ${text(unit)}` : `every ${n} ${text(unit)}s`;
}

/** Tolerances: margin, max runtime, failure and recovery thresholds. */
export function toleranceWords(config: MonitorConfig | null | undefined): string[] {
  if (!config) return [];
  const minutes = (n: number) => `${n} minute${n === 1 ? "" : "s"}`;
  const out: string[] = [];
  if (config.checkin_margin != null)
    out.push(`a check-in may be ${minutes(config.checkin_margin)} late`);
  if (config.max_runtime != null) out.push(`a run may take ${minutes(config.max_runtime)}`);
  if (config.failure_issue_threshold != null)
    out.push(
      `${config.failure_issue_threshold} failed run${config.failure_issue_threshold === 1 ? "" : "s"} in a row open an issue`,
    );
  if (config.recovery_threshold != null)
    out.push(
      `${config.recovery_threshold} good run${config.recovery_threshold === 1 ? " resolves" : "s resolve"} it`,
    );
  return out;
}

const ENV_STATUS: Record<string, string> = {
  ok: "ok",
  error: "failing",
  active: "waiting for its first check-in",
  disabled: "disabled",
  missed_checkin: "missed a check-in",
  timeout: "timed out",
};

export function environmentLine(env: MonitorEnvironment): string {
  const status = ENV_STATUS[env.status ?? ""] ?? env.status ?? "unknown";
  const parts = [
    `${inlineCode(env.name)}: ${status}`,
    env.activeIncident?.startingTimestamp
      ? `since ${formatDate(env.activeIncident.startingTimestamp)}`
      : undefined,
    env.isMuted ? "muted" : undefined,
    env.lastCheckIn ? `last check-in ${formatDate(env.lastCheckIn)}` : "no check-ins yet",
    env.nextCheckIn && env.status !== "disabled"
      ? `next expected ${formatDate(env.nextCheckIn)}`
      : undefined,
  ];
  return parts.filter(Boolean).join(", ");
}

/** Milliseconds as "850 ms", "13.2 s", "29 min 2 s", "1 h 5 min". */
export function durationMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${Math.round(s * 10) / 10} s`;
  const totalS = Math.round(s);
  if (totalS < 3600) {
    const rest = totalS % 60;
    return `${Math.floor(totalS / 60)} min${rest ? ` ${rest} s` : ""}`;
  }
  const mins = Math.round(totalS / 60);
  return `${Math.floor(mins / 60)} h${mins % 60 ? ` ${mins % 60} min` : ""}`;
}

const CHECKIN_STATUS: Record<string, string> = {
  ok: "ok",
  error: "error",
  missed: "missed",
  timeout: "timed out",
  in_progress: "in progress",
  unknown: "unknown",
};

export function checkInLine(ci: CheckIn, showEnv: boolean): string {
  const when = formatDate(ci.expectedTime ?? ci.dateCreated) ?? "unknown time";
  const status = CHECKIN_STATUS[ci.status ?? ""] ?? ci.status ?? "unknown";
  const duration = ci.duration != null ? `, ${durationMs(ci.duration)}` : "";
  const env = showEnv && ci.environment ? ` (${inlineCode(ci.environment)})` : "";
  return `- ${when}: ${status}${duration}${env}`;
}

/** Totals over the stats buckets: "12 ok, 2 missed; average run 29 min 2 s". */
export function statsSummary(buckets: MonitorStatsBucket[]): string | undefined {
  const totals = new Map<string, number>();
  let durationSum = 0;
  let durationBuckets = 0;
  for (const b of buckets) {
    for (const [key, value] of Object.entries(b)) {
      if (key === "ts" || key === "duration" || typeof value !== "number" || value <= 0) continue;
      totals.set(key, (totals.get(key) ?? 0) + value);
    }
    if (typeof b.duration === "number" && b.duration > 0) {
      durationSum += b.duration;
      durationBuckets += 1;
    }
  }
  if (totals.size === 0) return undefined;
  const order = ["ok", "error", "missed", "timeout", "in_progress", "unknown"];
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  const counts = [...totals.entries()]
    .sort((a, b) => rank(a[0]) - rank(b[0]))
    .map(([k, n]) => `${n} ${CHECKIN_STATUS[k] ?? k}`);
  const avg = durationBuckets ? `; average run ${durationMs(durationSum / durationBuckets)}` : "";
  return `${counts.join(", ")}${avg}`;
}

export function ownerWords(monitor: Monitor): string | undefined {
  const o = monitor.owner;
  if (!o?.name && !o?.email) return undefined;
  return o.type === "team" ? inlineCode(`#${o.name}`) : inlineCode(o.name ?? o.email ?? "");
}

/** A compact list entry for find_monitors. */
export function monitorEntry(m: Monitor, url: string): string[] {
  const facts = [
    `**Slug**: ${inlineCode(m.slug)}`,
    m.project?.slug ? `**Project**: ${inlineCode(m.project.slug)}` : undefined,
    ownerWords(m) ? `**Owner**: ${ownerWords(m)}` : undefined,
    m.status === "disabled" ? "**Status**: disabled" : undefined,
    m.isMuted ? "**Muted**: yes" : undefined,
  ].filter(Boolean);
  const lines = [`### ${text(m.name ?? m.slug)}`, "", facts.join(" · ")];
  const schedule = scheduleWords(m.config);
  if (schedule) lines.push(`**Schedule**: ${schedule}`);
  const envs = m.environments;
  if (envs.length === 1) lines.push(`**Environment**: ${environmentLine(envs[0])}`);
  else if (envs.length > 1)
    lines.push("**Environments**:", ...envs.map((e) => `- ${environmentLine(e)}`));
  lines.push(`**URL**: ${url}`, "");
  return lines;
}
