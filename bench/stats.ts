/**
 * Pure helpers for the benchmark report: statistics, ratios, target checks and the markdown
 * table. No I/O here, so test/bench-helpers.test.ts can cover it.
 */

/** One figure of the report: our value, the incumbent's, and an optional ratio target. */
export interface Figure {
  label: string;
  unit: string;
  ours: number | null;
  theirs: number | null;
  /** The target as a maximum ratio ours/theirs (lower is better for every figure here). */
  target?: number;
  note?: string;
}

/** The median of a non-empty list; NaN for an empty one. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** ours / theirs, or null when either side is missing or the denominator is zero. */
export function ratio(ours: number | null, theirs: number | null): number | null {
  if (ours === null || theirs === null || !Number.isFinite(ours) || !Number.isFinite(theirs)) {
    return null;
  }
  if (theirs === 0) return null;
  return ours / theirs;
}

export type Verdict = "yes" | "no" | "n/a" | "";

/** Whether the figure meets its target; "" when it has none, "n/a" when a side is missing. */
export function verdict(figure: Figure): Verdict {
  if (figure.target === undefined) return "";
  const r = ratio(figure.ours, figure.theirs);
  if (r === null) return "n/a";
  return r <= figure.target ? "yes" : "no";
}

/** A number for a table cell: thousands separators, at most one decimal below 100. */
export function formatValue(value: number | null, unit: string): string {
  if (value === null || !Number.isFinite(value)) return "n/a";
  const digits = Math.abs(value) < 100 && !Number.isInteger(value) ? 1 : 0;
  const text = value.toLocaleString("en-US", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return unit ? `${text} ${unit}` : text;
}

export function formatRatio(value: number | null): string {
  return value === null ? "n/a" : `${value.toFixed(2)}x`;
}

/** Escapes a table cell: pipes and newlines would break the markdown row. */
export function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}

/** The figures as one markdown table, with a "target met?" column. */
export function renderTable(figures: readonly Figure[]): string {
  const rows = [
    "| Figure | Ours | Incumbent | Ratio (ours/theirs) | Target | Target met? | Notes |",
    "| --- | ---: | ---: | ---: | ---: | :---: | --- |",
  ];
  for (const f of figures) {
    rows.push(
      `| ${[
        cell(f.label),
        formatValue(f.ours, f.unit),
        formatValue(f.theirs, f.unit),
        formatRatio(ratio(f.ours, f.theirs)),
        f.target === undefined ? "" : `<= ${f.target}x`,
        verdict(f),
        cell(f.note ?? ""),
      ].join(" | ")} |`,
    );
  }
  return rows.join("\n");
}

/** The figures that have a target and miss it (for the summary under the table). */
export function missedTargets(figures: readonly Figure[]): Figure[] {
  return figures.filter((f) => verdict(f) === "no");
}

/** Parses VmRSS out of /proc/<pid>/status text, in MiB; null when absent. */
export function parseVmRss(status: string): number | null {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  return match ? Number(match[1]) / 1024 : null;
}

/**
 * CPU time (user + system) in ms from /proc/<pid>/stat text, assuming 100 clock ticks a second
 * (Linux's USER_HZ); null when the line does not parse.
 */
export function parseCpuMs(stat: string): number | null {
  // The command name (field 2) may hold spaces and parentheses: count fields after its last ")".
  const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  return Number.isFinite(utime) && Number.isFinite(stime) ? (utime + stime) * 10 : null;
}

/** The text a client hands to the model: the text blocks of a tool result, joined. */
export function resultText(result: { content?: unknown }): string {
  const content = Array.isArray(result.content) ? result.content : [];
  return content
    .map((block) => {
      const b = block as { type?: unknown; text?: unknown };
      return b.type === "text" && typeof b.text === "string" ? b.text : "";
    })
    .filter((text) => text.length > 0)
    .join("\n");
}
