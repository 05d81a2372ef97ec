import { z } from "zod";
import { facts } from "../format/dates.js";
import { inlineCode } from "../format/markdown.js";
import {
  downloadSnapshotImage,
  getSnapshot,
  getSnapshotImageDetail,
} from "../sentry-api/snapshots.js";
import { defineTool, rawContent } from "./define.js";
import { snapshotId } from "./get-snapshot.js";
import { formatBytes, sniffImage } from "./support/attachment-content.js";
import { organizationSlug } from "./support/params.js";
import { percent } from "./support/snapshot-format.js";
import { assertSnapshotWithinPin } from "./support/snapshot-pin.js";
import { toolHint } from "./support/tool-hint.js";
import type { ToolContext } from "./types.js";

/**
 * Bytes per image. We cannot resize without an image library, so "preview" returns the original
 * when it is small enough and says so otherwise; "full" allows larger originals.
 */
const LIMITS = { preview: 256 * 1024, full: 2 * 1024 * 1024 } as const;

type Block = { type: "text"; text: string } | { type: "image"; data: string; mimeType: string };

async function imageBlocks(
  ctx: ToolContext,
  org: string,
  label: string,
  url: string,
  limit: number,
): Promise<Block[]> {
  const file = await downloadSnapshotImage(ctx.client, org, url, limit, ctx.signal);
  const mimeType = file.bytes ? sniffImage(file.bytes) : undefined;
  if (file.tooLarge || !file.bytes)
    return [
      {
        type: "text",
        text: `### ${label}: not included (${formatBytes(file.size)}, over ${formatBytes(limit)}); pass imageResolution: "full" for larger images.`,
      },
    ];
  if (!mimeType)
    return [
      { type: "text", text: `### ${label}: not included (not a PNG, JPEG, GIF or WebP image).` },
    ];
  return [
    { type: "text", text: `### ${label}` },
    { type: "image", data: Buffer.from(file.bytes).toString("base64"), mimeType },
  ];
}

export default defineTool({
  name: "get_snapshot_image",
  title: "Get Snapshot Image",
  description:
    "One image of a build snapshot as MCP image content: the head image, the base it was compared with and the diff mask, with comparison status and diff percentage.",
  inputSchema: {
    organizationSlug,
    snapshotId,
    imageIdentifier: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .describe("Image file name as get_snapshot lists it (may contain slashes)"),
    imageResolution: z
      .enum(["preview", "full"])
      .default("preview")
      .describe(`preview: images up to ${LIMITS.preview / 1024} KB; full: up to 2 MB`),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect"],
  requiredScopes: ["project:read"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const name = params.imageIdentifier;
    if (ctx.constraints.projectSlug) {
      const owner = await getSnapshot(ctx.client, org, params.snapshotId, ctx.signal);
      await assertSnapshotWithinPin(ctx, org, owner.project_id);
    }
    const d = await getSnapshotImageDetail(ctx.client, org, params.snapshotId, name, ctx.signal);
    const head = d.head_image;
    const base = d.base_image;
    const url = `${ctx.client.orgWebPath(org, `/preprod/snapshots/${encodeURIComponent(params.snapshotId)}/`)}?${new URLSearchParams({ selectedSnapshot: name })}`;
    const about = head ?? base;
    const caption = [
      `# Snapshot Image ${inlineCode(name)} in snapshot ${inlineCode(params.snapshotId)}`,
      "",
      facts([
        ["Status", d.comparison_status ? inlineCode(d.comparison_status) : undefined],
        [
          "Diff",
          percent(d.diff_percentage)
            ? `${percent(d.diff_percentage)} of pixels changed`
            : undefined,
        ],
        [
          "Previous name",
          d.previous_image_file_name ? inlineCode(d.previous_image_file_name) : undefined,
        ],
        ["Display name", about?.display_name ? inlineCode(about.display_name) : undefined],
        ["Group", about?.group ? inlineCode(about.group) : undefined],
        ["Size", about?.width && about.height ? `${about.width}×${about.height}` : undefined],
        ["Description", about?.description ? inlineCode(about.description) : undefined],
        ["Resolution", params.imageResolution],
        ["URL", url],
      ]),
    ];
    const limit = LIMITS[params.imageResolution];
    const blocks: Block[] = [];
    if (head?.image_url)
      blocks.push(...(await imageBlocks(ctx, org, "Head (this build)", head.image_url, limit)));
    if (base?.image_url && base.image_url !== head?.image_url)
      blocks.push(...(await imageBlocks(ctx, org, "Base (compared with)", base.image_url, limit)));
    if (d.diff_image_url)
      blocks.push(...(await imageBlocks(ctx, org, "Diff mask", d.diff_image_url, limit)));
    if (blocks.length === 0)
      caption.push("", "Sentry returned no image for this file name in this snapshot.");
    else if (
      params.imageResolution === "preview" &&
      blocks.some((b) => b.type === "text" && b.text.includes("not included"))
    )
      caption.push(
        "",
        `Larger images: ${toolHint(ctx, "get_snapshot_image", { ...params, imageResolution: "full" })}.`,
      );
    return rawContent([{ type: "text", text: caption.join("\n") }, ...blocks]);
  },
});
