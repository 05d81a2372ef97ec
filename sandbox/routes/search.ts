/**
 * A small subset of Sentry's issue search syntax:
 *   key:value  key:"quoted value"  key:[a, b]  !key:value  free text  "quoted free text"
 * Supported issue keys are listed in ISSUE_KEYS; any tag key present on the org's issues is a
 * tag filter; every other key is rejected with 400 like Sentry's "invalid search key" errors.
 */

import type { EventRecord, IssueRecord, OrgRecord, SandboxStore } from "../data/types.js";
import { fail, parsePeriod } from "./http.js";

export interface Term {
  negated: boolean;
  key: string | null;
  values: string[];
}

function unquote(s: string): string {
  return s.length >= 2 && s.startsWith('"') && s.endsWith('"')
    ? s.slice(1, -1).replace(/\\"/g, '"')
    : s;
}

export function tokenize(query: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < query.length) {
    if (/\s/.test(query[i])) {
      i++;
      continue;
    }
    let token = "";
    while (i < query.length && !/\s/.test(query[i])) {
      const ch = query[i];
      const close = ch === '"' ? '"' : ch === "[" ? "]" : null;
      if (close) {
        const end = query.indexOf(close, i + 1);
        const stop = end === -1 ? query.length : end + 1;
        token += query.slice(i, stop);
        i = stop;
      } else {
        token += ch;
        i++;
      }
    }
    tokens.push(token);
  }
  return tokens;
}

export function parseQuery(query: string): Term[] {
  return tokenize(query).map((token): Term => {
    const m = /^(!?)([A-Za-z_][\w.-]*):(.*)$/s.exec(token);
    if (!m || m[3] === "") return { negated: false, key: null, values: [unquote(token)] };
    const raw = m[3];
    const values =
      raw.startsWith("[") && raw.endsWith("]")
        ? raw
            .slice(1, -1)
            .split(",")
            .map((v) => unquote(v.trim()))
            .filter((v) => v !== "")
        : [unquote(raw)];
    return { negated: m[1] === "!", key: m[2], values };
  });
}

const IS_VALUES = [
  "unresolved",
  "resolved",
  "ignored",
  "archived",
  "assigned",
  "unassigned",
  "new",
  "ongoing",
  "regressed",
  "escalating",
  "bookmarked",
];

type Pred = (issue: IssueRecord) => boolean;

function isPredicate(value: string): Pred {
  switch (value) {
    case "unresolved":
    case "resolved":
    case "ignored":
      return (i) => i.status === value;
    case "archived":
      return (i) => i.status === "ignored";
    case "assigned":
      return (i) => i.assignedTo !== null;
    case "unassigned":
      return (i) => i.assignedTo === null;
    case "bookmarked":
      return (i) => i.isBookmarked;
    case "new":
    case "ongoing":
    case "regressed":
    case "escalating":
      return (i) => i.substatus === value;
    default:
      fail(400, `Invalid value for "is" search, valid values are {${IS_VALUES.join(", ")}}`);
  }
}

function assignedPredicate(store: SandboxStore, org: OrgRecord, value: string): Pred {
  const v = value.toLowerCase();
  if (v === "none") return (i) => i.assignedTo === null;
  if (v === "me")
    return (i) => i.assignedTo?.type === "user" && i.assignedTo.id === store.currentUserId;
  if (v === "my_teams") {
    const mine =
      store.members.find((m) => m.orgId === org.id && m.userId === store.currentUserId)?.teams ??
      [];
    const ids = store.teams
      .filter((t) => t.orgId === org.id && mine.includes(t.slug))
      .map((t) => t.id);
    return (i) => i.assignedTo?.type === "team" && ids.includes(i.assignedTo.id);
  }
  if (v.startsWith("#")) {
    const team = store.teams.find((t) => t.orgId === org.id && t.slug === v.slice(1));
    return (i) =>
      team !== undefined && i.assignedTo?.type === "team" && i.assignedTo.id === team.id;
  }
  const user = store.users.find(
    (u) => u.email.toLowerCase() === v || u.username.toLowerCase() === v || u.id === v,
  );
  return (i) => user !== undefined && i.assignedTo?.type === "user" && i.assignedTo.id === user.id;
}

/** `-24h` (newer than), `+7d` (older than), `>ISO`, `<ISO`, `>=`, `<=`. */
function datePredicate(store: SandboxStore, field: "firstSeen" | "lastSeen", value: string): Pred {
  const now = store.now.getTime();
  const rel = /^([+-])(\d+[smhdw])$/.exec(value);
  if (rel) {
    const cutoff = now - parsePeriod(rel[2], field);
    return rel[1] === "-"
      ? (i) => Date.parse(i[field]) >= cutoff
      : (i) => Date.parse(i[field]) < cutoff;
  }
  const cmp = /^(>=|<=|>|<)?(.+)$/.exec(value)!;
  const at = Date.parse(cmp[2]);
  if (Number.isNaN(at)) fail(400, `Invalid date value for ${field}: '${value}'`);
  const op = cmp[1] ?? "=";
  return (i) => {
    const t = Date.parse(i[field]);
    return op === ">"
      ? t > at
      : op === ">="
        ? t >= at
        : op === "<"
          ? t < at
          : op === "<="
            ? t <= at
            : t === at;
  };
}

function countPredicate(value: string): Pred {
  const m = /^(>=|<=|>|<)?(\d+)$/.exec(value);
  if (!m) fail(400, `Invalid number for times_seen: '${value}'`);
  const n = Number(m[2]);
  const op = m[1] ?? "=";
  return (i) => {
    const c = Number(i.count);
    return op === ">"
      ? c > n
      : op === ">="
        ? c >= n
        : op === "<"
          ? c < n
          : op === "<="
            ? c <= n
            : c === n;
  };
}

function textPredicate(text: string): Pred {
  const needle = text.toLowerCase();
  return (i) =>
    i.title.toLowerCase().includes(needle) ||
    (i.culprit ?? "").toLowerCase().includes(needle) ||
    i.shortId.toLowerCase() === needle ||
    JSON.stringify(i.metadata).toLowerCase().includes(needle);
}

function keyPredicate(
  store: SandboxStore,
  org: OrgRecord,
  key: string,
  value: string,
  tagKeys: Set<string>,
): Pred {
  const projectSlug = (i: IssueRecord) => store.projects.find((p) => p.id === i.projectId)?.slug;
  switch (key) {
    case "is":
      return isPredicate(value.toLowerCase());
    case "level":
      return (i) => i.level === value.toLowerCase();
    case "assigned":
    case "assigned_or_suggested":
      return assignedPredicate(store, org, value);
    case "bookmarks":
      return (i) => i.isBookmarked && (value === "me" || value === store.currentUserId);
    case "issue.category":
      return (i) => i.issueCategory === value;
    case "issue.type":
      return (i) => i.issueType === value;
    case "issue.priority":
      return (i) => i.priority === value;
    case "project":
      return (i) => projectSlug(i) === value;
    case "release":
      return (i) => i.releases.includes(value);
    case "firstRelease":
      return (i) => i.releases[0] === value;
    case "environment":
      return (i) => i.environments.includes(value);
    case "firstSeen":
    case "age":
      return datePredicate(store, "firstSeen", value);
    case "lastSeen":
      return datePredicate(store, "lastSeen", value);
    case "times_seen":
    case "timesSeen":
      return countPredicate(value);
    case "message":
      return textPredicate(value);
    default:
      if (!tagKeys.has(key)) fail(400, `Invalid query. '${key}' is not a valid search key`);
      return (i) =>
        (store.issueTags.get(i.id) ?? []).some(
          (t) => t.key === key && t.values.some((v) => v.value === value),
        );
  }
}

/** Compiles an issue search query into a predicate; 400s on unknown keys or bad values. */
export function issueFilter(
  store: SandboxStore,
  org: OrgRecord,
  query: string,
  orgIssues: IssueRecord[],
): Pred {
  const tagKeys = new Set(
    orgIssues.flatMap((i) => (store.issueTags.get(i.id) ?? []).map((t) => t.key)),
  );
  const preds: Pred[] = [];
  const text: string[] = [];
  for (const term of parseQuery(query)) {
    if (term.key === null) {
      text.push(term.values[0]);
      continue;
    }
    const key = term.key;
    const alts = term.values.map((v) => keyPredicate(store, org, key, v, tagKeys));
    const any: Pred = (i) => alts.some((p) => p(i));
    preds.push(term.negated ? (i) => !any(i) : any);
  }
  if (text.length > 0) preds.push(textPredicate(text.join(" ")));
  return (i) => preds.every((p) => p(i));
}

/** Event search inside one issue: tag `key:value` terms and free text; never rejects keys. */
export function eventFilter(query: string): (e: EventRecord) => boolean {
  const preds: Array<(e: EventRecord) => boolean> = [];
  for (const term of parseQuery(query)) {
    if (term.key === null) {
      const needle = term.values[0].toLowerCase();
      preds.push((e) => `${e.title} ${e.message ?? ""}`.toLowerCase().includes(needle));
      continue;
    }
    const key = term.key;
    const match = (e: EventRecord) =>
      term.values.some((v) => {
        if (key === "user.email") return e.user?.email === v;
        if (key === "user.id") return e.user?.id === v;
        return e.tags.some((t) => t.key === key && t.value === v);
      });
    preds.push(term.negated ? (e) => !match(e) : match);
  }
  return (e) => preds.every((p) => p(e));
}
