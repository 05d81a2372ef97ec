/**
 * A small table engine behind `GET /organizations/{org}/events/`: selects fields, filters with
 * a subset of Sentry's search syntax, groups by the plain fields when aggregates are selected,
 * sorts (only by a selected field, like Sentry) and reports `meta.fields` / `meta.units`.
 */

import { fail } from "./http.js";
import { tokenize } from "./search.js";

export type Cell = string | number | boolean | null;
export type Row = Record<string, Cell>;
export type AttrType = "string" | "number" | "integer" | "boolean" | "duration" | "date";

export interface DatasetSpec {
  name: string;
  rows: Row[];
  /** documented attributes and their meta types; other keys found in rows are custom ones */
  attributes: Record<string, AttrType>;
  /** numeric attribute of argument-less aggregates such as `p95()` */
  defaultNumeric: string | null;
  /** attributes free text is matched against */
  textKeys: string[];
  /** unknown plain fields: 400 (trace-item datasets) or a tag that is null (errors) */
  unknownFields: "reject" | "tag";
  /** tracemetrics aggregates: `fn(value,name,type,unit)` filter rows by metric name */
  metricArgs?: boolean;
}

interface Aggregate {
  field: string;
  fn: string;
  arg: string | null;
  /** tracemetrics: the unit named in `fn(value,name,type,unit)` */
  unit?: string;
  filter?: (row: Row) => boolean;
}

const NUMERIC_FNS = ["avg", "sum", "min", "max", "p50", "p75", "p90", "p95", "p99"];
const FUNCTIONS = [...NUMERIC_FNS, "count", "count_unique", "last_seen", "epm", "failure_rate"];
const AGGREGATE = /^([a-z_0-9]+)\((.*)\)$/i;

/** Every attribute of a dataset with its type: declared ones plus custom keys seen in rows. */
export function attributeTypes(spec: DatasetSpec): Map<string, AttrType> {
  const types = new Map<string, AttrType>(Object.entries(spec.attributes));
  for (const row of spec.rows) {
    for (const [key, value] of Object.entries(row)) {
      if (types.has(key) || value === null) continue;
      types.set(
        key,
        typeof value === "number" ? "number" : typeof value === "boolean" ? "boolean" : "string",
      );
    }
  }
  return types;
}

const isNumeric = (t: AttrType | undefined) =>
  t === "number" || t === "integer" || t === "duration";

function parseAggregate(field: string, spec: DatasetSpec, types: Map<string, AttrType>): Aggregate {
  const m = AGGREGATE.exec(field)!;
  const fn = m[1].toLowerCase();
  const args = m[2]
    .split(",")
    .map((a) => a.trim())
    .filter((a) => a !== "");
  if (!FUNCTIONS.includes(fn)) fail(400, `${fn} is not a valid function`);
  let arg: string | null = args[0] ?? null;
  let filter: Aggregate["filter"];
  if (spec.metricArgs && args.length > 1) {
    const name = args[1];
    filter = (row) => row["metric.name"] === name;
  }
  const unit = spec.metricArgs ? args[3] : undefined;
  if (NUMERIC_FNS.includes(fn)) {
    arg ??= spec.defaultNumeric;
    if (!arg) fail(400, `${field}: ${fn} needs a numeric attribute`);
    if (!isNumeric(types.get(arg)))
      fail(400, `Invalid field ${field}: ${arg} is not a numeric attribute of ${spec.name}`);
  } else if (fn === "count_unique") {
    if (!arg || !types.has(arg))
      fail(400, `Invalid field ${field}: unknown attribute ${arg ?? ""}`);
  } else if (fn === "count" && arg && !spec.metricArgs && !types.has(arg)) {
    fail(400, `Invalid field ${field}: unknown attribute ${arg}`);
  }
  return { field, fn, arg, filter, unit };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const idx = (sorted.length - 1) * p;
  const lo = Math.floor(idx);
  const hi = Math.ceil(idx);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (idx - lo);
}

function compute(agg: Aggregate, rows: Row[], windowMinutes: number): Cell {
  const scoped = agg.filter ? rows.filter(agg.filter) : rows;
  const nums = () =>
    scoped
      .map((r) => r[agg.arg ?? ""])
      .filter((v): v is number => typeof v === "number")
      .sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 1000) / 1000;
  switch (agg.fn) {
    case "count":
      return scoped.length;
    case "count_unique":
      return new Set(scoped.map((r) => r[agg.arg ?? ""]).filter((v) => v !== null)).size;
    case "last_seen": {
      const ts = scoped.map((r) => r.timestamp).filter((v): v is number => typeof v === "number");
      return ts.length ? Math.max(...ts) : null;
    }
    case "epm":
      return round(scoped.length / Math.max(1, windowMinutes));
    case "failure_rate": {
      const failed = scoped.filter(
        (r) => !["ok", "cancelled", "unknown", null].includes(r["span.status"] as string | null),
      );
      return scoped.length ? round(failed.length / scoped.length) : 0;
    }
    default: {
      const values = nums();
      if (values.length === 0) return null;
      if (agg.fn === "sum") return round(values.reduce((a, b) => a + b, 0));
      if (agg.fn === "avg") return round(values.reduce((a, b) => a + b, 0) / values.length);
      if (agg.fn === "min") return values[0];
      if (agg.fn === "max") return values[values.length - 1];
      return round(percentile(values, Number(agg.fn.slice(1)) / 100));
    }
  }
}

function aggregateType(
  agg: Aggregate,
  types: Map<string, AttrType>,
): AttrType | "rate" | "percentage" {
  if (agg.fn === "count" || agg.fn === "count_unique") return "integer";
  if (agg.fn === "last_seen") return "date";
  if (agg.fn === "epm") return "rate";
  if (agg.fn === "failure_rate") return "percentage";
  const t = types.get(agg.arg ?? "");
  return t === "duration" || agg.unit === "millisecond" ? "duration" : "number";
}

// --- search syntax ------------------------------------------------------------------------

const DURATION_UNITS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  min: 60_000,
  h: 3_600_000,
};

function numberOf(raw: string): number | null {
  const m = /^(-?\d+(?:\.\d+)?)(ms|s|min|m|h)?$/.exec(raw.trim());
  if (!m) return null;
  return Number(m[1]) * (m[2] ? DURATION_UNITS[m[2]] : 1);
}

export function matches(cell: Cell, raw: string): boolean {
  const cmp = /^(>=|<=|>|<)(.+)$/.exec(raw);
  if (cmp) {
    const n = numberOf(cmp[2]);
    if (n === null || typeof cell !== "number") return false;
    return cmp[1] === ">"
      ? cell > n
      : cmp[1] === ">="
        ? cell >= n
        : cmp[1] === "<"
          ? cell < n
          : cell <= n;
  }
  if (cell === null) return raw === "";
  const text = String(cell);
  if (raw.includes("*")) {
    const re = new RegExp(
      `^${raw
        .split("*")
        .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join(".*")}$`,
      "i",
    );
    return re.test(text);
  }
  if (typeof cell === "number") return numberOf(raw) === cell;
  return text.toLowerCase() === raw.toLowerCase();
}

interface Condition {
  key: string | null;
  negated: boolean;
  values: string[];
}

function unquote(s: string): string {
  return s.length >= 2 && s.startsWith('"') && s.endsWith('"')
    ? s.slice(1, -1).replace(/\\"/g, '"')
    : s;
}

export function parseConditions(query: string): Condition[] {
  return tokenize(query)
    .filter((t) => !["AND", "OR"].includes(t))
    .map((token): Condition => {
      const m = /^(!?)([^\s:"]+):(.+)$/s.exec(token);
      if (!m) return { key: null, negated: false, values: [unquote(token)] };
      const raw = m[3];
      const values =
        raw.startsWith("[") && raw.endsWith("]")
          ? raw
              .slice(1, -1)
              .split(",")
              .map((v) => unquote(v.trim()))
          : [unquote(raw)];
      return { key: m[2], negated: m[1] === "!", values };
    });
}

// --- the query ----------------------------------------------------------------------------

export interface TableQuery {
  fields: string[];
  query: string;
  sort: string[];
  window: { start: number; end: number } | null;
}

export interface TableResult {
  data: Row[];
  fields: Record<string, string>;
  units: Record<string, string | null>;
}

export function runTable(spec: DatasetSpec, q: TableQuery): TableResult {
  if (q.fields.length === 0) fail(400, "No columns selected");
  if (q.fields.length > 20)
    fail(400, "You can view up to 20 fields at a time. Please delete some and try again.");
  const types = attributeTypes(spec);
  const aggregates: Aggregate[] = [];
  const plain: string[] = [];
  for (const field of q.fields) {
    if (AGGREGATE.test(field)) aggregates.push(parseAggregate(field, spec, types));
    else {
      if (!types.has(field) && spec.unknownFields === "reject")
        fail(400, `Invalid field: ${field} is not an attribute of the ${spec.name} dataset`);
      plain.push(field);
    }
  }
  const sortable = new Set(q.fields.filter((f) => !f.startsWith("equation|")));
  for (const s of q.sort) {
    if (!sortable.has(s.replace(/^-/, "")))
      fail(400, "Cannot sort by a field that is not selected.");
  }

  let rows = spec.rows;
  if (q.window) {
    const { start, end } = q.window;
    rows = rows.filter(
      (r) => typeof r.timestamp !== "number" || (r.timestamp >= start && r.timestamp <= end),
    );
  }
  const having: Condition[] = [];
  for (const cond of parseConditions(q.query)) {
    if (cond.key && AGGREGATE.test(cond.key)) {
      having.push(cond);
      continue;
    }
    const test =
      cond.key === null
        ? (r: Row) =>
            spec.textKeys.some((k) =>
              String(r[k] ?? "")
                .toLowerCase()
                .includes(cond.values[0].toLowerCase()),
            )
        : cond.key === "has"
          ? (r: Row) => cond.values.some((v) => r[v] !== null && r[v] !== undefined)
          : (r: Row) => cond.values.some((v) => matches(r[cond.key!] ?? null, v));
    rows = rows.filter((r) => (cond.negated ? !test(r) : test(r)));
  }

  const windowMinutes = q.window ? (q.window.end - q.window.start) / 60_000 : 14 * 24 * 60;
  let data: Row[];
  if (aggregates.length === 0) {
    data = rows.map((r) => Object.fromEntries(plain.map((f) => [f, r[f] ?? null])));
  } else {
    const groups = new Map<string, Row[]>();
    for (const r of rows) {
      const key = JSON.stringify(plain.map((f) => r[f] ?? null));
      const list = groups.get(key) ?? [];
      list.push(r);
      groups.set(key, list);
    }
    if (plain.length === 0 && groups.size === 0) groups.set("[]", []);
    data = [...groups.values()].map((members) => {
      const out: Row = Object.fromEntries(plain.map((f) => [f, members[0]?.[f] ?? null]));
      for (const agg of aggregates) out[agg.field] = compute(agg, members, windowMinutes);
      return out;
    });
    for (const cond of having) {
      data = data.filter((r) => {
        const ok = cond.values.some((v) => matches(r[cond.key!] ?? null, v));
        return cond.negated ? !ok : ok;
      });
    }
  }

  for (const s of [...q.sort].reverse()) {
    const key = s.replace(/^-/, "");
    const dir = s.startsWith("-") ? -1 : 1;
    data = [...data].sort((a, b) => dir * compareCells(a[key] ?? null, b[key] ?? null));
  }

  const fields: Record<string, string> = {};
  const units: Record<string, string | null> = {};
  for (const f of plain) {
    const t = types.get(f) ?? "string";
    fields[f] = t;
    units[f] = t === "duration" ? "millisecond" : null;
  }
  for (const agg of aggregates) {
    const t = aggregateType(agg, types);
    fields[agg.field] = t;
    units[agg.field] = t === "duration" ? "millisecond" : null;
  }
  const dateFields = Object.keys(fields).filter((f) => fields[f] === "date");
  data = data.map((r) => {
    const copy = { ...r };
    for (const f of dateFields) {
      if (typeof copy[f] === "number") copy[f] = isoSeconds(copy[f] as number);
    }
    return copy;
  });
  return { data, fields, units };
}

function compareCells(a: Cell, b: Cell): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a).localeCompare(String(b));
}

/** Sentry's events timestamps: `2026-11-01T11:56:00+00:00`. */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "+00:00");
}
