import { z } from "zod";
import { facts } from "../format/dates.js";
import { inlineCode } from "../format/markdown.js";
import { getSnapshot } from "../sentry-api/snapshots.js";
import { defineTool } from "./define.js";
import { organizationSlug } from "./support/params.js";
import {
  comparisonSections,
  countsLine,
  imageLine,
  snapshotIdParamText,
} from "./support/snapshot-format.js";
import { assertSnapshotWithinPin } from "./support/snapshot-pin.js";
import { toolHint } from "./support/tool-hint.js";

export const snapshotId = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, "must be a snapshot ID such as 231949")
  .describe(snapshotIdParamText);

export default defineTool({
  name: "get_snapshot",
  title: "Get Snapshot",
  description:
    "One build snapshot (UI screenshots): app, branch, PR, approval and which images changed, were added, removed or renamed against the base, with diff percentages.",
  inputSchema: {
    organizationSlug,
    snapshotId,
    showUnmodified: z.boolean().default(false).describe("Also list unchanged and skipped images"),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect"],
  requiredScopes: ["project:read"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const s = await getSnapshot(ctx.client, org, params.snapshotId, ctx.signal);
    await assertSnapshotWithinPin(ctx, org, s.project_id);
    const id = s.id ?? params.snapshotId;
    const vcs = s.vcs_info;
    const sha = (v?: string | null) => (v ? ` (${inlineCode(v.slice(0, 8))})` : "");
    const lines = [
      `# Snapshot ${inlineCode(id)} in **${inlineCode(org)}**`,
      "",
      facts([
        [
          "App",
          s.app_info?.app_id
            ? `${inlineCode(s.app_info.app_id)}${s.app_info.platform ? ` (${inlineCode(s.app_info.platform)})` : ""}`
            : undefined,
        ],
        ["Type", s.comparison_type ? inlineCode(s.comparison_type) : undefined],
        ["State", s.state ? inlineCode(s.state) : undefined],
        ["Repository", vcs?.repo_name ? inlineCode(vcs.repo_name) : undefined],
        ["Head", vcs?.head_ref ? `${inlineCode(vcs.head_ref)}${sha(vcs.head_sha)}` : undefined],
        ["Base", vcs?.base_ref ? `${inlineCode(vcs.base_ref)}${sha(vcs.base_sha)}` : undefined],
        ["PR", vcs?.pr_number ? `#${vcs.pr_number}` : undefined],
        [
          "Approval",
          s.approval_info?.status
            ? `${inlineCode(s.approval_info.status)}${s.approval_info.is_auto_approved ? " (auto-approved)" : ""}`
            : undefined,
        ],
        ["Images", countsLine(s)],
        ["URL", ctx.client.orgWebPath(org, `/preprod/snapshots/${encodeURIComponent(id)}/`)],
      ]),
    ];
    if (s.comparison_type === "solo") {
      const images = s.images ?? [];
      lines.push("", `## Images (${images.length})`, "", ...images.map((i) => imageLine(i)));
    } else {
      const changes = comparisonSections(s, params.showUnmodified);
      const modified = changes.some((l) => /^### (Changed|Added|Removed|Renamed|Errored)/.test(l));
      if (changes.length) lines.push("", "## Changes", ...changes);
      if (!modified) lines.push("", "No image changed against the base.");
      const quiet = (s.unchanged?.length ?? 0) + (s.skipped?.length ?? 0);
      if (!params.showUnmodified && quiet > 0)
        lines.push(
          "",
          `Pass \`showUnmodified: true\` to list the ${quiet} unchanged and skipped images.`,
        );
    }
    const first =
      s.changed?.[0]?.head_image?.image_file_name ??
      s.added?.[0]?.image_file_name ??
      s.images?.[0]?.image_file_name;
    if (first && ctx.canCall("get_snapshot_image"))
      lines.push(
        "",
        "## Response Notes",
        "",
        `- One image (head, base and diff mask): ${toolHint(ctx, "get_snapshot_image", { organizationSlug: org, snapshotId: id, imageIdentifier: first })} with its file name.`,
      );
    return lines.join("\n");
  },
});
