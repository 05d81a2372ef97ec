import { UserInputError } from "../../errors.js";
import type { ToolContext } from "../types.js";

/**
 * Refuses resources outside the session's pins (an org or project taken from a URL or an
 * issue). Pinned parameters are injected by the catalog; this covers what arrives in values.
 */
export function assertWithinPins(
  ctx: Pick<ToolContext, "constraints">,
  org?: string,
  project?: string,
): void {
  const pin = ctx.constraints;
  if (pin.organizationSlug && org && org.toLowerCase() !== pin.organizationSlug.toLowerCase()) {
    throw new UserInputError(
      `This session is limited to organization ${JSON.stringify(pin.organizationSlug)}; the resource belongs to ${JSON.stringify(org)}.`,
    );
  }
  if (pin.projectSlug && project && project.toLowerCase() !== pin.projectSlug.toLowerCase()) {
    throw new UserInputError(
      `This session is limited to project ${JSON.stringify(pin.projectSlug)}; the resource belongs to project ${JSON.stringify(project)}.`,
    );
  }
}

/** The org to use: the pin, or the given one, or a clear error. */
export function requireOrg(ctx: Pick<ToolContext, "constraints">, given?: string): string {
  const org = ctx.constraints.organizationSlug ?? given;
  if (!org)
    throw new UserInputError("organizationSlug is required (find_organizations lists them).");
  return org;
}
