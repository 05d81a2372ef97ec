/** Formats an ISO timestamp compactly: `2026-11-01 10:04 UTC`. Invalid input is returned as-is. */
export function formatDate(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/**
 * A time range, the day written once when both ends share it: `2026-11-01 10:35 → 11:35 UTC`.
 * Ends on different days (or invalid ones) are written in full.
 */
export function formatDateRange(start: string, end: string): string {
  const [a, b] = [formatDate(start), formatDate(end)];
  const day = a?.slice(0, 11);
  if (
    a?.endsWith(" UTC") &&
    b?.endsWith(" UTC") &&
    day &&
    b.startsWith(day) &&
    a.length === b.length
  )
    return `${a.slice(0, -4)} → ${b.slice(11)}`;
  return `${a} → ${b}`;
}

/** Renders label/value lines, dropping empty values (no `null`/`undefined` placeholders). */
export function facts(
  pairs: Array<[string, string | number | boolean | null | undefined]>,
): string {
  return pairs
    .filter(([, v]) => v !== undefined && v !== null && v !== "")
    .map(([k, v]) => `**${k}**: ${v}`)
    .join("\n");
}
