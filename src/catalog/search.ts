import { z } from "zod";
import { ALIAS_PREFIX } from "../tools/support/alias.js";
import type { AnyTool } from "../tools/types.js";
import { PHRASES, SYNONYMS } from "./synonyms.js";

const STOP = new Set([
  "a",
  "an",
  "the",
  "of",
  "for",
  "to",
  "in",
  "on",
  "and",
  "or",
  "with",
  "by",
  "my",
  "me",
  "i",
  "is",
  "get",
  "show",
  "find",
  "list",
  "what",
  "how",
  "one",
  "not",
  // Function words of a request in passing ("has anyone on the team already looked at this").
  "this",
  "that",
  "these",
  "those",
  "it",
  "its",
  "at",
  "as",
  "from",
  "into",
  "do",
  "does",
  "did",
  "was",
  "were",
  "are",
  "be",
  "been",
  "has",
  "have",
  "had",
  "we",
  "our",
  "us",
  "you",
  "your",
  "they",
  "their",
  "there",
  "when",
  "where",
  "which",
  "will",
  "would",
  "can",
  "could",
  "should",
  "please",
  "just",
  "right",
  "now",
  "some",
  "any",
  "anyone",
  "out",
  "so",
  "if",
  "then",
  "let",
  "see",
]);

/** A crude stem, applied the same way to queries and tool text: resolve/resolved/resolving → resolv. */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ed")) w = w.slice(0, -2);
  else if (w.length > 4 && w.endsWith("es")) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith("e")) w = w.slice(0, -1);
  return w;
}

/** Lower-cased word stems without stop words: "Show me the issues" → ["issu"]; camelCase is split. */
export function tokens(value: string): string[] {
  return value
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9+]+/)
    .filter((t) => t.length > 1 && !STOP.has(t))
    .map(stem);
}

export interface Scored {
  tool: AnyTool;
  score: number;
}

/** A word found through a synonym counts this much of a word the request used itself. */
const SYNONYM_WEIGHT = 0.6;

const STEMMED_SYNONYMS = new Map<string, string[]>(
  Object.entries(SYNONYMS).map(([word, means]) => [stem(word), tokens(means)]),
);

/**
 * The words of a request with their weights: its own words (and adjacent pairs joined, so
 * "stack trace" matches compound names) at 1, the catalog's words for them at SYNONYM_WEIGHT.
 */
export function queryWords(query: string): Map<string, number> {
  let expanded = query.toLowerCase();
  for (const [pattern, means] of PHRASES)
    expanded = expanded.replace(pattern, (m) => `${m} ${means}`);
  const own = tokens(query);
  const pairs = own.slice(1).map((w, i) => `${own[i]}${w}`);
  const words = new Map<string, number>();
  for (const w of [...own, ...pairs]) words.set(w, 1);
  const implied = [...tokens(expanded), ...own.flatMap((w) => STEMMED_SYNONYMS.get(w) ?? [])];
  for (const w of implied) if (!words.has(w)) words.set(w, SYNONYM_WEIGHT);
  return words;
}

/**
 * Ranks tools for a plain request: exact name first, then name words, title words, then
 * description words, rare words weighing more. Old names (aliases) only answer to their exact
 * name. Ties are broken by name so the order is stable.
 */
export function rankTools(tools: readonly AnyTool[], query: string): Scored[] {
  const q = query.trim().toLowerCase();
  const words = queryWords(q);
  const indexed = tools.map((tool) => ({
    tool,
    alias: tool.description.startsWith(ALIAS_PREFIX),
    name: new Set(tokens(tool.name.replace(/_/g, " "))),
    title: new Set(tokens(tool.title)),
    description: new Set(tokens(tool.description)),
  }));
  // Rare words say more than common ones ("span" beats "search"): weight by inverse frequency.
  const weight = new Map(
    [...words].map(([w, own]) => {
      const df = indexed.filter(
        (t) => t.name.has(w) || t.title.has(w) || t.description.has(w),
      ).length;
      return [w, own * Math.log(1 + tools.length / (1 + df))];
    }),
  );
  return indexed
    .map(({ tool, alias, name, title, description }) => {
      if (tool.name === q || tool.name === q.replace(/\s+/g, "_")) return { tool, score: 1000 };
      if (alias) return { tool, score: 0 };
      let score = 0;
      for (const w of words.keys()) {
        const idf = weight.get(w) ?? 0;
        if (name.has(w)) score += 10 * idf;
        if (title.has(w)) score += 4 * idf;
        if (description.has(w)) score += 2 * idf;
      }
      // Phrase bonus: the whole request appears in the description.
      if (q.length > 3 && tool.description.toLowerCase().includes(q)) score += 5;
      return { tool, score: Math.round(score * 100) / 100 };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.tool.name.localeCompare(b.tool.name));
}

/** A compact call signature: `organizationSlug, issueId?: BACKEND-1A or numeric...`. */
export function paramSignature(shape: z.ZodRawShape): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, schema] of Object.entries(shape)) {
    const json = z.toJSONSchema(schema as z.ZodType, {
      io: "input",
      unrepresentable: "any",
    }) as Record<string, unknown>;
    const optional = (schema as z.ZodType).safeParse(undefined).success;
    let type = Array.isArray(json.enum)
      ? (json.enum as unknown[]).join("|")
      : String(json.type ?? "any");
    if (type === "array") {
      const items = json.items as Record<string, unknown> | undefined;
      type = `${Array.isArray(items?.enum) ? (items.enum as unknown[]).join("|") : (items?.type ?? "any")}[]`;
    }
    const desc = typeof json.description === "string" ? ` — ${json.description}` : "";
    const dflt = json.default !== undefined ? ` (default ${JSON.stringify(json.default)})` : "";
    out[`${key}${optional ? "?" : ""}`] = `${type}${dflt}${desc}`;
  }
  return out;
}

/** The first sentence of a description. */
export function summary(description: string): string {
  const first = description.split(/(?<=[.!?])\s/)[0] ?? description;
  return first.length > 160 ? `${first.slice(0, 157)}...` : first;
}
