/** Formats an ISO timestamp compactly: `2026-11-01 10:04 UTC`. Invalid input is returned as-is. */
export function formatDate(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
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
