/**
 * Markdown primitives for untrusted values (titles, messages, tag values, frame variables...).
 * Each keeps the value inside its line or block so upstream data cannot add headings, list
 * items, links or instructions that look like ours.
 */

// Bidi overrides/isolates, zero-width characters, BOM, and C0/C1 controls except tab/newline.
const INVISIBLE =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/g;

/** Removes invisible and bidi control characters that could hide or reorder text. */
export function stripInvisible(value: string): string {
  return value.replace(INVISIBLE, "");
}

/** Replaces lone UTF-16 surrogates with U+FFFD so strict JSON clients accept the text. */
export function wellFormed(value: string): string {
  return value.toWellFormed();
}

function longestRun(value: string, char: string): number {
  let longest = 0;
  let run = 0;
  for (const c of value) {
    run = c === char ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}

/** An inline code span for identifiers, slugs, queries and short values. Single line. */
export function inlineCode(value: unknown): string {
  const flat = stripInvisible(String(value ?? ""))
    .replace(/\r\n?|\n/g, " ")
    .trim();
  if (flat === "") return "``";
  const fence = "`".repeat(longestRun(flat, "`") + 1);
  const pad = flat.startsWith("`") || flat.endsWith("`") ? " " : "";
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** A fenced block for multi-line data (messages, stack traces, variables). */
export function codeBlock(value: unknown, language = ""): string {
  const body = stripInvisible(String(value ?? ""))
    .replace(/\r\n?/g, "\n")
    .replace(/\n+$/, "");
  const fence = "`".repeat(Math.max(3, longestRun(body, "`") + 1));
  return `${fence}${language}\n${body}\n${fence}`;
}

/**
 * Prose on one line with markdown syntax escaped: no headings, lists, links, emphasis or HTML.
 * Use for values that read as text (names, titles) when a code span would read badly.
 */
export function text(value: unknown): string {
  return stripInvisible(String(value ?? ""))
    .replace(/\r\n?|\n/g, " ")
    .replace(/[\\`*_[\]<>#|~!]/g, (c) => `\\${c}`)
    .replace(/^(\s*)([-+]|\d+[.)])(\s)/, "$1\\$2$3")
    .trim();
}

/** Cuts text to `max` characters with a marker saying how much was left out. */
export function truncate(value: string, max: number): string {
  if (value.length <= max) return value;
  return `${value.slice(0, max)}… (${value.length - max} more characters)`;
}
