/** Renders events-endpoint rows (and replay rows) as a bounded markdown table. */

import { markdownTable, tableCell } from "./markdown-table.js";

/** `812ms`, `3.12s`, `2.5min`: durations a reader can compare at a glance. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return String(ms);
  const abs = Math.abs(ms);
  if (abs < 1) return `${Math.round(ms * 1000) / 1000}ms`;
  if (abs < 1000) return `${Math.round(ms * 10) / 10}ms`;
  if (abs < 60_000) return `${Math.round(ms / 10) / 100}s`;
  return `${Math.round(ms / 6000) / 10}min`;
}

function formatNumber(n: number): string {
  if (Number.isInteger(n)) return n.toLocaleString("en-US");
  return n.toLocaleString("en-US", { maximumFractionDigits: 3 });
}

/** `2026-11-01 11:56:00` (UTC) from an ISO string or epoch seconds. */
function formatTimestamp(value: unknown): string {
  const date =
    typeof value === "number"
      ? new Date(value < 1e12 ? value * 1000 : value)
      : new Date(String(value));
  if (Number.isNaN(date.getTime())) return String(value);
  return date.toISOString().slice(0, 19).replace("T", " ");
}

/** Replay cells hold objects (`user`, `browser`) and arrays (`urls`); keep what reads best. */
function flatten(value: unknown): unknown {
  if (Array.isArray(value)) {
    const shown = value
      .slice(0, 3)
      .map(flatten)
      .filter((v) => v !== null && v !== "");
    return value.length > 3 ? `${shown.join(", ")} (+${value.length - 3})` : shown.join(", ");
  }
  if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    const name = o.display_name ?? o.email ?? o.username ?? o.name ?? o.id;
    if (name != null) return o.version ? `${name} ${o.version}` : name;
    return Object.entries(o)
      .filter(([, v]) => v !== null && v !== undefined && typeof v !== "object")
      .map(([k, v]) => `${k}=${v}`)
      .join(" ");
  }
  return value;
}

/** One value by its meta type (`duration`, `date`, `percentage`, `rate`, ...). */
export function formatValue(value: unknown, type?: string, unit?: string | null): unknown {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "number") {
    if (type === "duration") {
      const ms = unit === "second" ? value * 1000 : unit === "microsecond" ? value / 1000 : value;
      return formatDuration(ms);
    }
    if (type === "percentage") return `${formatNumber(Math.round(value * 10000) / 100)}%`;
    if (type === "rate") return `${formatNumber(value)}/min`;
    if (type === "date") return formatTimestamp(value);
    if (type === "size" || unit === "byte") return `${formatNumber(value)} B`;
    return formatNumber(value);
  }
  if (type === "date") return formatTimestamp(value);
  return flatten(value);
}

export interface TableInput {
  fields: string[];
  rows: Array<Record<string, unknown>>;
  types?: Record<string, string>;
  units?: Record<string, string | null>;
  /** character budget for the whole table; rows beyond it are left out */
  maxChars: number;
}

export interface TableOutput {
  lines: string[];
  shown: number;
  omitted: number;
}

/** The table, cut at a row boundary when it would exceed `maxChars`. */
export function renderTable(input: TableInput): TableOutput {
  const cellMax = input.fields.length > 8 ? 60 : 100;
  const header = input.fields.map((f) => tableCell(f, 80));
  const rows: string[][] = [];
  let size = header.join(" | ").length * 2 + 8;
  for (const row of input.rows) {
    const cells = input.fields.map((f) =>
      tableCell(formatValue(row[f], input.types?.[f], input.units?.[f]), cellMax),
    );
    const length = cells.join(" | ").length + 5;
    if (size + length > input.maxChars && rows.length > 0) break;
    size += length;
    rows.push(cells);
  }
  return {
    lines: markdownTable(header, rows),
    shown: rows.length,
    omitted: input.rows.length - rows.length,
  };
}
