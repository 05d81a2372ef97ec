import { z } from "zod";
import { facts } from "../format/dates.js";
import { inlineCode } from "../format/markdown.js";
import { getLatestBaseSnapshot } from "../sentry-api/snapshots.js";
import { defineTool } from "./define.js";
import { assertWithinPins } from "./support/constraints.js";
import { organizationSlug } from "./support/params.js";
import { projectSlugOrIdParam } from "./support/project-ref.js";
import { imageLine } from "./support/snapshot-format.js";
import { assertSnapshotWithinPin } from "./support/snapshot-pin.js";
import { toolHint } from "./support/tool-hint.js";

export default defineTool({
  name: "get_latest_base_snapshot",
  title: "Get Latest Base Snapshot",
  description:
    "The current reference screenshots of an app: the latest base snapshot on a branch (default: the app's main branch), listing every image with its name and group.",
  inputSchema: {
    organizationSlug,
    appId: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .describe("App identifier, e.g. acme-web or com.acme.shop"),
    branch: z.string().trim().min(1).max(200).optional().describe("Git branch (default: main)"),
    project: projectSlugOrIdParam.optional().describe("Project slug or numeric ID"),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect"],
  requiredScopes: ["project:read"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const pin = ctx.constraints.projectSlug;
    if (pin && params.project && params.project !== pin) assertWithinPins(ctx, org, params.project);
    const s = await getLatestBaseSnapshot(ctx.client, org, {
      appId: params.appId,
      branch: params.branch,
      project: pin ?? params.project,
      signal: ctx.signal,
    });
    await assertSnapshotWithinPin(ctx, org, s.project_id);
    const images = s.images ?? [];
    const vcs = s.vcs_info;
    const lines = [
      `# Latest Base Snapshot of ${inlineCode(params.appId)} in **${inlineCode(org)}**`,
      "",
      facts([
        ["Snapshot ID", s.id ? inlineCode(s.id) : undefined],
        ["App", s.app_info?.name ? inlineCode(s.app_info.name) : undefined],
        ["Platform", s.app_info?.platform ? inlineCode(s.app_info.platform) : undefined],
        [
          "Branch",
          vcs?.head_ref
            ? `${inlineCode(vcs.head_ref)}${vcs.head_sha ? ` (${inlineCode(vcs.head_sha.slice(0, 8))})` : ""}`
            : undefined,
        ],
        [
          "URL",
          s.id
            ? ctx.client.orgWebPath(org, `/preprod/snapshots/${encodeURIComponent(s.id)}/`)
            : undefined,
        ],
      ]),
      "",
      `## Images (${images.length})`,
      "",
      ...(images.length ? images.map((i) => imageLine(i)) : ["No images in this snapshot."]),
    ];
    if (s.id && images[0]?.image_file_name && ctx.canCall("get_snapshot_image"))
      lines.push(
        "",
        "## Response Notes",
        "",
        `- View one: ${toolHint(ctx, "get_snapshot_image", { organizationSlug: org, snapshotId: s.id, imageIdentifier: images[0].image_file_name })} with its file name.`,
      );
    return lines.join("\n");
  },
});
