import { inlineCode, truncate } from "../../format/markdown.js";
import type { Breadcrumb } from "./event-entries.js";

/** Milliseconds since the epoch of a breadcrumb (ISO string or unix seconds), if valid. */
export function crumbTime(crumb: Breadcrumb): number | undefined {
  const t = crumb.timestamp;
  if (typeof t === "number") return Number.isFinite(t) ? t * 1000 : undefined;
  if (typeof t === "string") {
    const ms = Date.parse(t);
    return Number.isNaN(ms) ? undefined : ms;
  }
  return undefined;
}

function scalar(value: unknown): string | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

const SUMMARY_KEYS = ["method", "url", "status_code"];

/** `k=v` pairs of a breadcrumb's data: the request-ish keys, or every key when `all`. */
export function crumbData(data: Record<string, unknown> | null | undefined, all: boolean): string {
  if (!data) return "";
  if (!all) {
    const from = scalar(data.from);
    const to = scalar(data.to);
    const nav =
      from && to ? `${from} → ${to}` : from ? `from ${from}` : to ? `to ${to}` : undefined;
    return [...SUMMARY_KEYS.map((k) => scalar(data[k])), nav].filter(Boolean).join(" ");
  }
  return Object.entries(data)
    .map(([k, v]) => [k, scalar(v)])
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${v}`)
    .join(", ");
}

function offset(ms: number | undefined, eventMs: number | undefined): string {
  if (ms === undefined || eventMs === undefined) return "";
  const seconds = (ms - eventMs) / 1000;
  if (Math.abs(seconds) >= 3600) return ` (${(seconds / 3600).toFixed(1)}h)`;
  if (Math.abs(seconds) >= 60) return ` (${(seconds / 60).toFixed(1)}m)`;
  return ` (${seconds.toFixed(1)}s)`;
}

/**
 * One breadcrumb per line: time, offset from the event, category, level (when not info) and
 * its message. `full` adds every data key; otherwise only request-like data is folded in.
 */
export function breadcrumbLine(
  crumb: Breadcrumb,
  options: { eventMs?: number; full?: boolean } = {},
): string {
  const ms = crumbTime(crumb);
  const time = ms !== undefined ? ` ${new Date(ms).toISOString().slice(11, 19)}` : "";
  const where = `${crumb.category ?? crumb.type ?? "default"}${crumb.level && crumb.level !== "info" ? ` ${crumb.level}` : ""}`;
  const head = `-${time}${options.full ? offset(ms, options.eventMs) : ""} ${inlineCode(where)}`;
  if (options.full) {
    const parts = [
      crumb.message ? inlineCode(truncate(crumb.message, 500)) : undefined,
      crumbData(crumb.data, true)
        ? `data ${inlineCode(truncate(crumbData(crumb.data, true), 500))}`
        : undefined,
    ].filter(Boolean);
    return parts.length ? `${head}: ${parts.join(" · ")}` : head;
  }
  const body = [crumb.message, crumbData(crumb.data, false)].filter(Boolean).join(" ");
  return body ? `${head}: ${inlineCode(truncate(body, 200))}` : head;
}
