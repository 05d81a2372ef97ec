/**
 * The deterministic translator used when no LLM is available: a few common phrases become
 * Sentry terms ("unresolved errors assigned to me in the last 24 hours" →
 * `is:unresolved level:error assigned:me` + period 24h), `key:value` terms pass through, and
 * the remaining words become free text. Small on purpose: the response says rules were used.
 */
import type { Dataset } from "../tools/support/events-datasets.js";
import type { RequestKey, SearchKind, SearchRequest } from "./request.js";

interface Found {
  /** the caller's own dataset, which the rules never change */
  fixedDataset?: Dataset;
  terms: string[];
  period?: string;
  sort?: string;
  dataset?: Dataset;
  environment?: string;
  notes: string[];
}

type Action = (m: RegExpExecArray, found: Found, kind: SearchKind) => string | undefined;

const STOPWORDS = new Set(
  (
    "a about all an and any are at be been by can did do does during find for from get give had has have " +
    "how i in is issue issues event events it list look me my of on or our over please problem problems " +
    "sentry show some that the their them there these this those to up us we were what whats when where " +
    "which who why with you bugs bug happened happening occurred occurring seen"
  ).split(" "),
);

const UNIT: Record<string, string> = { m: "m", h: "h", d: "d", w: "w" };

function unitOf(word: string): string {
  const w = word.toLowerCase();
  if (w.startsWith("mi") || w === "m") return UNIT.m;
  if (w.startsWith("h")) return UNIT.h;
  if (w.startsWith("d")) return UNIT.d;
  return UNIT.w;
}

const term =
  (value: string, kinds?: readonly SearchKind[]): Action =>
  (_m, found, kind) => {
    if (kinds && !kinds.includes(kind)) return undefined;
    found.terms.push(value);
    return value;
  };

const setPeriod =
  (value: string): Action =>
  (_m, found) => {
    found.period = value;
    return `period ${value}`;
  };

const sort =
  (values: Partial<Record<SearchKind, string>>): Action =>
  (_m, found, kind) => {
    const value = values[kind];
    if (!value) return undefined;
    found.sort = value;
    return `sort ${value}`;
  };

const dataset =
  (value: Dataset): Action =>
  (_m, found, kind) => {
    if (kind !== "events" || found.dataset || found.fixedDataset) return undefined;
    found.dataset = value;
    return `dataset ${value}`;
  };

const LEVELS: Record<string, string> = {
  fatal: "fatal",
  crash: "fatal",
  crashes: "fatal",
  error: "error",
  errors: "error",
  warning: "warning",
  warnings: "warning",
};

function project(m: RegExpExecArray, found: Found, kind: SearchKind): string | undefined {
  const slug = m[1].toLowerCase();
  if (kind === "issue-events" || STOPWORDS.has(slug)) return undefined;
  found.terms.push(`project:${slug}`);
  return `project:${slug}`;
}

const ENVIRONMENTS: Record<string, string> = {
  production: "production",
  prod: "production",
  staging: "staging",
  development: "development",
};

/** Ordered: longer phrases first so "assigned to me" wins over "me". */
const RULES: Array<[RegExp, Action]> = [
  // time ranges
  [
    /\b(?:in |over |during |within |for )?(?:the )?(?:last|past|previous)\s+(\d{1,4})\s*(minutes?|mins?|hours?|hrs?|h|days?|d|weeks?|w)\b/i,
    (m, found) => {
      found.period = `${Number(m[1])}${unitOf(m[2])}`;
      return `period ${found.period}`;
    },
  ],
  [/\b(?:in |over |during |within )?(?:the )?(?:last|past) hour\b/i, setPeriod("1h")],
  [
    /\b(?:in |over |during |within )?(?:the )?(?:last|past) (?:day|24 hours)\b|\btoday\b/i,
    setPeriod("24h"),
  ],
  [/\b(?:since )?yesterday\b/i, setPeriod("2d")],
  [/\b(?:in |over |during |within )?(?:the )?(?:last|past|this) week\b/i, setPeriod("7d")],
  [/\b(?:in |over |during |within )?(?:the )?(?:last|past|this) month\b/i, setPeriod("30d")],
  // assignment
  [
    /\bassigned to (#[\w-]+|[\w.+-]+@[\w.-]+\.\w+)/i,
    (m, found, kind) => term(`assigned:${m[1]}`, ["issues"])(m, found, kind),
  ],
  [/\b(?:assigned to (?:me|myself)|my issues|mine)\b/i, term("assigned:me", ["issues"])],
  [/\b(?:un-?assigned|not assigned|nobody owns)\b/i, term("is:unassigned", ["issues"])],
  [/\bbookmarked\b/i, term("bookmarks:me", ["issues"])],
  // status
  [/\b(?:unresolved|open)\b/i, term("is:unresolved", ["issues"])],
  [/\b(?:resolved|fixed|closed)\b/i, term("is:resolved", ["issues"])],
  [/\b(?:ignored|archived|muted)\b/i, term("is:ignored", ["issues"])],
  [/\bregress(?:ed|ions?)\b/i, term("is:regressed", ["issues"])],
  [/\bescalating\b/i, term("is:escalating", ["issues"])],
  [
    /\b(high|medium|low)[- ]priority\b/i,
    (m, f, k) => term(`issue.priority:${m[1].toLowerCase()}`, ["issues"])(m, f, k),
  ],
  [/\bperformance (?:issues|problems)\b/i, term("issue.category:performance", ["issues"])],
  [/\b(?:user )?feedback\b/i, term("issue.category:feedback", ["issues"])],
  // sort
  [
    /\b(?:most (?:frequent|common|events)|noisiest|loudest)\b/i,
    sort({ issues: "freq", events: "-count()" }),
  ],
  [
    /\b(?:most users|affecting the most users|most (?:impactful|affected))\b/i,
    sort({ issues: "user" }),
  ],
  [/\b(?:newest|new|recently (?:created|introduced)) issues\b/i, sort({ issues: "new" })],
  [/\bslow(?:est)?\b/i, sort({ events: "-span.duration" })],
  [/\b(?:random(?:ly)?|sample(?:d)?)\b/i, sort({ "issue-events": "random" })],
  [/\b(?:latest|newest|most recent|recent)\b/i, sort({ issues: "date", "issue-events": "newest" })],
  // datasets (search_events)
  [
    /\b(error|warn(?:ing)?|info|debug|fatal) logs?\b/i,
    (m, found, kind) => {
      if (kind !== "events" || (found.fixedDataset ?? "logs") !== "logs") return undefined;
      const level = m[1].toLowerCase().startsWith("warn") ? "warn" : m[1].toLowerCase();
      found.terms.push(`severity:${level}`);
      found.dataset ??= "logs";
      return `severity:${level}, dataset logs`;
    },
  ],
  [/\blogs?\b/i, dataset("logs")],
  [
    /\b(?:spans?|transactions?|db queries|database queries|http requests|endpoints?)\b/i,
    dataset("spans"),
  ],
  [/\bmetrics?\b/i, dataset("metrics")],
  [/\breplays?\b/i, dataset("replays")],
  [/\b(?:profiles?|profiling|profiled functions?)\b/i, dataset("profiles")],
  [/\b(?:exceptions?|error events)\b/i, dataset("errors")],
  // level (issues and error events)
  [
    /\b(fatal|crash(?:es)?|errors?|warnings?)\b/i,
    (m, found, kind) => {
      const current = found.fixedDataset ?? found.dataset;
      if (kind === "events" && current && current !== "errors") return undefined;
      if (kind === "events" && !found.fixedDataset) found.dataset ??= "errors";
      const value = `level:${LEVELS[m[1].toLowerCase()]}`;
      found.terms.push(value);
      return value;
    },
  ],
  // environment, release, project
  [
    /\b(?:in |on )?(?:the )?(production|prod|staging|development)\b(?: environment| env)?/i,
    (m, found, kind) => {
      const env = ENVIRONMENTS[m[1].toLowerCase()];
      if (kind === "issues") found.terms.push(`environment:${env}`);
      else found.environment = env;
      return kind === "issues" ? `environment:${env}` : `environment ${env}`;
    },
  ],
  [
    /\b(?:in |on |of |for )?(?:the )?release\s+([\w.+@-]*\d[\w.+@-]*)/i,
    (m, f, k) => term(`release:${m[1]}`)(m, f, k),
  ],
  [/\b(?:in |of |for )?(?:the )?project\s+([a-z0-9][\w.-]*)/i, project],
  [/\b(?:in |of |for )?(?:the )?([a-z0-9][\w.-]*)\s+project\b/i, project],
];

/** `key:value`, `!key:value`, `key:"quoted value"`, `key:[a, b]`: Sentry syntax passes through. */
const SENTRY_TERM = /(^|\s)(!?[A-Za-z_][\w.-]*:(?!\/\/)(?:"[^"]*"|\[[^\]]*\]|\S+))/g;
const QUOTED = /"([^"]+)"/g;

export interface RulesTranslation {
  /** the request after the rules: caller-set keys kept, the rest filled from the text */
  request: SearchRequest;
  /** one line for `## Executed search`: what each phrase became */
  explanation: string;
}

function dedupe(terms: string[]): string[] {
  return [...new Set(terms)];
}

const blank = (s: string, from: number, length: number) =>
  s.slice(0, from) + " ".repeat(length) + s.slice(from + length);

/** Translates `text` for one tool; `explicit` keys of `base` are the caller's and stay. */
export function translateWithRules(
  kind: SearchKind,
  text: string,
  base: SearchRequest,
  explicit: ReadonlySet<RequestKey>,
): RulesTranslation {
  const found: Found = {
    terms: [],
    notes: [],
    ...(explicit.has("dataset") && base.dataset ? { fixedDataset: base.dataset } : {}),
  };
  // Matches are blanked out in place, so every piece keeps its position for the final order.
  let rest = ` ${text.replace(/\s+/g, " ").trim()} `;
  const pieces: Array<{ at: number; value: string }> = [];
  const kept: string[] = [];
  for (const m of rest.matchAll(SENTRY_TERM)) {
    const at = m.index + m[1].length;
    pieces.push({ at, value: m[2] });
    kept.push(m[2]);
    rest = blank(rest, at, m[2].length);
  }
  const phrases: string[] = [];
  for (const m of rest.matchAll(QUOTED)) {
    const value = `"${m[1]}"`;
    pieces.push({ at: m.index, value });
    phrases.push(value);
    rest = blank(rest, m.index, m[0].length);
  }
  for (const [pattern, action] of RULES) {
    const global = new RegExp(pattern.source, "gi");
    for (const m of rest.matchAll(global)) {
      const before = found.terms.length;
      const note = action(m, found, kind);
      if (note === undefined) continue;
      for (const value of found.terms.slice(before)) pieces.push({ at: m.index, value });
      found.notes.push(`"${m[0].trim()}" → ${note}`);
      rest = blank(rest, m.index, m[0].length);
    }
  }
  const free: string[] = [];
  for (const m of rest.matchAll(/\S+/g)) {
    const word = m[0].replace(/^[("',;]+|[)"',;?!.:]+$/g, "");
    if (!word || STOPWORDS.has(word.toLowerCase())) continue;
    pieces.push({ at: m.index, value: word });
    free.push(word);
  }

  const request: SearchRequest = { ...base };
  const baseQuery = explicit.has("query") ? (base.query ?? "") : "";
  const inBase = new Set(baseQuery.split(/\s+/));
  const ordered = pieces.sort((a, b) => a.at - b.at).map((p) => p.value);
  const values = dedupe(ordered).filter((v) => !inBase.has(v));
  if (kind === "issues" && !explicit.has("query") && !values.some((t) => /^!?is:/.test(t)))
    values.unshift("is:unresolved");
  request.query = [baseQuery, ...values].filter(Boolean).join(" ");
  if (found.period && !explicit.has("period") && !explicit.has("start"))
    request.period = found.period;
  if (found.sort && !explicit.has("sort")) request.sort = found.sort;
  if (found.dataset && !explicit.has("dataset")) request.dataset = found.dataset;
  if (found.environment && !explicit.has("environment")) request.environment = found.environment;

  const notes = [...found.notes];
  if (kept.length) notes.push(`kept ${kept.join(" ")}`);
  if (phrases.length || free.length) notes.push(`free text ${[...phrases, ...free].join(" ")}`);
  return {
    request,
    explanation: notes.length ? notes.join("; ") : "no phrase recognised; searched as given",
  };
}

/** The dataset the rules would pick, to fetch the right field names before an LLM repair. */
export function guessDataset(text: string): Dataset | undefined {
  return translateWithRules("events", text, {}, new Set()).request.dataset;
}
