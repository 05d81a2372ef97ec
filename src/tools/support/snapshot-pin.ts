/**
 * Snapshots are organization-level resources that name their project only by id. Under a
 * project pin, a snapshot must belong to the pinned project; one whose project cannot be told
 * is refused (fail closed).
 */
import { UserInputError } from "../../errors.js";
import { getProject } from "../../sentry-api/projects.js";
import type { ToolContext } from "../types.js";

export async function assertSnapshotWithinPin(
  ctx: Pick<ToolContext, "client" | "constraints" | "signal">,
  org: string,
  projectId: string | null | undefined,
): Promise<void> {
  const pin = ctx.constraints.projectSlug;
  if (!pin) return;
  const pinned = await getProject(ctx.client, org, pin, ctx.signal);
  if (projectId && projectId === String(pinned.id)) return;
  throw new UserInputError(
    `This session is limited to project ${JSON.stringify(pin)}; the snapshot belongs to ${projectId ? "another project" : "no project it names"}.`,
  );
}
