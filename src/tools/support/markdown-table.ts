import { inlineCode } from "../../format/markdown.js";

/** Values made only of these characters cannot start markdown syntax inside a line. */
const PLAIN = /^[A-Za-z0-9 .,:;/@+=?&%()'"$#…_-]*$/;
/** An underscore next to a non-word character could open or close emphasis. */
const EDGE_UNDERSCORE = /(^|[^A-Za-z0-9])_|_([^A-Za-z0-9]|$)/;

function isPlain(value: string): boolean {
  return PLAIN.test(value) && !EDGE_UNDERSCORE.test(value) && !value.startsWith("#");
}

/** A short untrusted identifier (op, status, level) as is when plain, else as a code span. */
export function safeInline(value: unknown): string {
  const raw = String(value ?? "")
    .replace(/\r\n?|\n/g, " ")
    .trim();
  return isPlain(raw) ? raw : inlineCode(raw);
}

/**
 * One untrusted value as a GFM table cell: plain values as they are, anything else as a code
 * span. Pipes are escaped in both (GFM splits cells on `|` even inside code spans, and shows
 * `\|` in a code span as `|`), newlines become spaces, and long values are cut with a marker.
 */
export function tableCell(value: unknown, max = 100): string {
  if (value === null || value === undefined) return "";
  let raw = String(value)
    .replace(/\r\n?|\n/g, " ")
    .trim();
  if (raw.length > max) raw = `${raw.slice(0, max)}…`;
  if (raw === "") return "";
  const cell = isPlain(raw) ? raw : inlineCode(raw);
  return cell.replace(/\|/g, "\\|");
}

/** A GFM table from header cells and rows of already-rendered cells. */
export function markdownTable(header: string[], rows: string[][]): string[] {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), `|${header.map(() => "---").join("|")}|`, ...rows.map(line)];
}
