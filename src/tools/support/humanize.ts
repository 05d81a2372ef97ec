/** Small translations from Sentry's machine names and units into words. */

/** `event_frequency_count` → "Event frequency count"; `conditionResult` → "Condition result". */
export function humanize(name: string): string {
  const spaced = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_.-]+/g, " ")
    .trim()
    .toLowerCase();
  return spaced ? spaced[0].toUpperCase() + spaced.slice(1) : name;
}

/** Seconds as the largest whole unit: 3600 → "1h", 900 → "15m", 604800 → "1w". */
export function compactDuration(seconds: number): string {
  const units: Array<[number, string]> = [
    [604800, "w"],
    [86400, "d"],
    [3600, "h"],
    [60, "m"],
  ];
  for (const [size, unit] of units)
    if (seconds >= size && seconds % size === 0) return `${seconds / size}${unit}`;
  return `${seconds}s`;
}

/** Seconds in words: 3600 → "1 hour", 900 → "15 minutes". */
export function durationWords(seconds: number): string {
  const units: Array<[number, string]> = [
    [604800, "week"],
    [86400, "day"],
    [3600, "hour"],
    [60, "minute"],
    [1, "second"],
  ];
  for (const [size, unit] of units) {
    if (seconds >= size && seconds % size === 0) {
      const n = seconds / size;
      return `${n} ${unit}${n === 1 ? "" : "s"}`;
    }
  }
  return `${seconds} seconds`;
}

/** Sentry interval strings (`1h`, `15m`, `1d`, `1w`) in words. */
export function intervalWords(value: unknown): string | undefined {
  const m = typeof value === "string" ? /^(\d+)([smhdw])$/.exec(value) : null;
  if (!m) return typeof value === "string" && value ? value : undefined;
  const size = { s: 1, m: 60, h: 3600, d: 86400, w: 604800 }[m[2] as "s"];
  return durationWords(Number(m[1]) * size);
}

const MATCH: Record<string, string> = {
  eq: "equals",
  ne: "does not equal",
  co: "contains",
  nc: "does not contain",
  sw: "starts with",
  ew: "ends with",
  is: "is set",
  ns: "is not set",
  in: "is one of",
  nin: "is not one of",
  gt: "is above",
  gte: "is at least",
  lt: "is below",
  lte: "is at most",
};

/** A match operator (`eq`, `co`, `gte`...) in words. */
export function matchWords(match: unknown): string {
  return MATCH[String(match)] ?? humanize(String(match ?? "matches")).toLowerCase();
}

const LEVELS: Record<string, string> = {
  "0": "sample",
  "10": "debug",
  "20": "info",
  "30": "warning",
  "40": "error",
  "50": "fatal",
};

export function levelName(level: unknown): string {
  return LEVELS[String(level)] ?? String(level);
}

/** Issue priority numbers (detector condition results, priority filters) as labels. */
export function priorityName(value: unknown): string | undefined {
  const n = Number(value);
  if (value === null || value === undefined || Number.isNaN(n)) return undefined;
  if (n >= 75) return "high";
  if (n >= 50) return "medium";
  if (n > 0) return "low";
  return undefined;
}

/** "any-short" / "any" / "all" / "none" as a phrase to put before a list. */
export function logicWords(logicType: unknown): string {
  switch (String(logicType ?? "")) {
    case "all":
      return "all of";
    case "none":
      return "none of";
    default:
      return "any of";
  }
}

/** Minutes in words, for action intervals and legacy time windows. */
export function minutesWords(minutes: number): string {
  return durationWords(minutes * 60);
}

const PERIODS: Record<string, string> = {
  s: "second",
  m: "minute",
  h: "hour",
  d: "day",
  w: "week",
};

/** A relative period as written in the UI: `7d` → "last 7 days", `1h` → "last hour". */
export function periodWords(period: string | null | undefined): string | undefined {
  const m = period ? /^(\d+)([smhdw])$/.exec(period) : null;
  if (!m) return period ?? undefined;
  const n = Number(m[1]);
  return `last ${n === 1 ? "" : `${n} `}${PERIODS[m[2]]}${n === 1 ? "" : "s"}`;
}
