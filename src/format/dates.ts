/**
 * A UTC timestamp as Sentry writes them (`2026-11-01T10:04:12.345678Z`, `...+00:00`), with a
 * day no later than the 28th so that it is valid in every month. Such a value needs no `Date`
 * round trip: lists format dozens of them per answer (docs/benchmarks.md).
 */
const PLAIN_UTC =
  /^(\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|1\d|2[0-8]))T((?:[01]\d|2[0-3]):[0-5]\d)(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|\+00:?00)$/;

/** Formats an ISO timestamp compactly: `2026-11-01 10:04 UTC`. Invalid input is returned as-is. */
export function formatDate(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const plain = PLAIN_UTC.exec(value);
  if (plain) return `${plain[1]} ${plain[2]} UTC`;
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
