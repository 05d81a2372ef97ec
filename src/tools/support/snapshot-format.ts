/** Markdown for the snapshot tools: one line per image, grouped by comparison status. */

import { inlineCode } from "../../format/markdown.js";
import type { Snapshot, SnapshotImage, SnapshotPair } from "../../sentry-api/snapshots.js";

export const snapshotIdParamText = "Snapshot ID (numeric, from the snapshot URL)";

export function percent(share: number | null | undefined): string | undefined {
  if (share === null || share === undefined) return undefined;
  const p = share * 100;
  return `${p >= 10 ? p.toFixed(0) : p >= 1 ? p.toFixed(1) : p.toFixed(2)}%`;
}

/** `` `checkout/cart.png` · Cart · checkout · 390×844 `` */
export function imageLine(image: SnapshotImage | null | undefined, extra: string[] = []): string {
  const i = image ?? {};
  const name = i.display_name && i.display_name !== i.image_file_name ? i.display_name : undefined;
  const parts = [
    i.image_file_name ? inlineCode(i.image_file_name) : undefined,
    name ? inlineCode(name) : undefined,
    i.group ? `group ${inlineCode(i.group)}` : undefined,
    i.width && i.height ? `${i.width}×${i.height}` : undefined,
    ...extra,
  ];
  return `- ${parts.filter(Boolean).join(" · ")}`;
}

type Entry = SnapshotPair | SnapshotImage;
const headOf = (e: Entry) =>
  "head_image" in e || "base_image" in e
    ? ((e as SnapshotPair).head_image ?? (e as SnapshotPair).base_image)
    : (e as SnapshotImage);

/** `### Changed (2)` and its lines; nothing for an empty group. */
export function section(title: string, lines: string[]): string[] {
  return lines.length ? ["", `### ${title} (${lines.length})`, "", ...lines] : [];
}

export function comparisonSections(s: Snapshot, showUnmodified: boolean): string[] {
  const changed = [...(s.changed ?? [])].sort((a, b) => (b.diff ?? -1) - (a.diff ?? -1));
  const out = [
    ...section(
      "Changed",
      changed.map((p) =>
        imageLine(
          p.head_image ?? p.base_image,
          p.diff != null ? [`${percent(p.diff)} of pixels changed`] : [],
        ),
      ),
    ),
    ...section(
      "Added",
      (s.added ?? []).map((i) => imageLine(i)),
    ),
    ...section(
      "Removed",
      (s.removed ?? []).map((i) => imageLine(i)),
    ),
    ...section(
      "Renamed",
      (s.renamed ?? []).map((p) =>
        imageLine(
          p.head_image,
          p.base_image?.image_file_name ? [`was ${inlineCode(p.base_image.image_file_name)}`] : [],
        ),
      ),
    ),
    ...section(
      "Errored",
      (s.errored ?? []).map((p) => imageLine(p.head_image ?? p.base_image)),
    ),
  ];
  if (showUnmodified)
    out.push(
      ...section(
        "Unchanged",
        (s.unchanged ?? []).map((e) => imageLine(headOf(e))),
      ),
      ...section(
        "Skipped",
        (s.skipped ?? []).map((e) => imageLine(headOf(e))),
      ),
    );
  return out;
}

export function countsLine(s: Snapshot): string {
  const n = (v: number | null | undefined, list: unknown[] | null | undefined) =>
    v ?? list?.length ?? 0;
  const total = n(s.total_count, s.images);
  const parts = [
    `${n(s.changed_count, s.changed)} changed`,
    `${n(s.added_count, s.added)} added`,
    `${n(s.removed_count, s.removed)} removed`,
    `${n(s.renamed_count, s.renamed)} renamed`,
    `${n(s.unchanged_count, s.unchanged)} unchanged`,
    `${n(s.skipped_count, s.skipped)} skipped`,
    `${n(s.errored_count, s.errored)} errored`,
  ];
  return `${total} total (${parts.join(", ")})`;
}
