/**
 * Is hostile upstream text inert in a tool's answer? Markdown checks (lines, fences, HTML,
 * links) apply to markdown text; character checks (bidi, zero-width, lone surrogates) to all.
 */

import { HOSTILE_LINE_STARTS, HOSTILE_MARK } from "../../sandbox/data/hostile.js";

const INVISIBLE = /[\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/;
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Character-level problems of any string. */
export function charProblems(value: string): string[] {
  const out: string[] = [];
  if (INVISIBLE.test(value)) out.push(`invisible/bidi character near ${around(value, INVISIBLE)}`);
  if (CONTROL.test(value)) out.push(`control character near ${around(value, CONTROL)}`);
  if (LONE_SURROGATE.test(value)) out.push("lone surrogate");
  return out;
}

function around(value: string, re: RegExp): string {
  const i = value.search(re);
  return JSON.stringify(value.slice(Math.max(0, i - 30), i + 30));
}

interface Fence {
  char: string;
  length: number;
}

/** The lines outside fenced blocks, and whether every fence was closed (CommonMark rules). */
export function outsideFences(markdown: string): { lines: string[]; balanced: boolean } {
  const lines: string[] = [];
  let open: Fence | undefined;
  for (const line of markdown.split("\n")) {
    const m = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
    if (open) {
      if (m && m[1][0] === open.char && m[1].length >= open.length && m[2].trim() === "") {
        open = undefined;
      }
      continue;
    }
    if (m && !(m[1][0] === "`" && m[2].includes("`"))) {
      open = { char: m[1][0], length: m[1].length };
      continue;
    }
    lines.push(line);
  }
  return { lines, balanced: open === undefined };
}

/** Removes inline code spans (backtick runs of equal length) from one line. */
export function withoutCodeSpans(line: string): string {
  let out = "";
  let i = 0;
  while (i < line.length) {
    if (line[i] === "`" && line[i - 1] !== "\\") {
      let run = 0;
      while (line[i + run] === "`") run++;
      const fence = "`".repeat(run);
      let close = line.indexOf(fence, i + run);
      while (close !== -1 && (line[close + run] === "`" || line[close - 1] === "`")) {
        close = line.indexOf(fence, close + 1);
      }
      if (close === -1) {
        out += line.slice(i, i + run);
        i += run;
        continue;
      }
      out += "<code>";
      i = close + run;
      continue;
    }
    out += line[i];
    i++;
  }
  return out;
}

/** Markdown-level problems: attacker lines, open fences, raw HTML, live links, emphasis. */
export function markdownProblems(markdown: string): string[] {
  const out: string[] = [];
  const { lines, balanced } = outsideFences(markdown);
  if (!balanced) out.push("unbalanced code fence");
  for (const line of lines) {
    const trimmed = line.replace(/^ {0,3}/, "");
    const start = HOSTILE_LINE_STARTS.find((s) => trimmed.startsWith(s));
    if (start) out.push(`attacker line ${JSON.stringify(line.slice(0, 80))}`);
    if (/^#/.test(trimmed) && trimmed.includes(HOSTILE_MARK)) {
      const prose = withoutCodeSpans(trimmed);
      if (/(^|[^\\])#/.test(prose.replace(/^#+ /, "")) && prose.includes(HOSTILE_MARK)) {
        out.push(`heading carries unescaped attacker text ${JSON.stringify(line.slice(0, 80))}`);
      }
    }
    const prose = withoutCodeSpans(line);
    if (!prose.includes(HOSTILE_MARK)) continue;
    if (/(^|[^\\])<(script|img)\b/i.test(prose))
      out.push(`raw HTML ${JSON.stringify(line.slice(0, 80))}`);
    if (/(^|[^\\])\[[^\]]*PWNED[^\]]*(?<!\\)\]\(/.test(prose))
      out.push(`live link ${JSON.stringify(line.slice(0, 80))}`);
    if (/(^|[^\\])\*\*IMPORTANT(?<!\\)\*\*/.test(prose))
      out.push(`attacker emphasis ${JSON.stringify(line.slice(0, 80))}`);
  }
  return out;
}

/** Every string inside a structured value. */
export function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out);
  else if (value && typeof value === "object")
    for (const v of Object.values(value)) stringsOf(v, out);
  return out;
}
