import { z } from "zod";
import { UserInputError } from "../../errors.js";
import { inlineCode } from "../../format/markdown.js";

export const MAX_PACKAGE_NAME = 256;
export const MAX_VERSION = 256;

/** 1–10 exact, case-sensitive package names; duplicates are collapsed later. */
export const packageNamesParam = z
  .array(
    z
      .string()
      .min(1)
      .max(MAX_PACKAGE_NAME)
      .refine((name) => name.trim() !== "", "must not be blank"),
  )
  .min(1)
  .max(10)
  .optional()
  .describe("Packages (exact names) whose recorded versions to show; needs an event ID");

export type PackageStatus = "recorded" | "not_listed" | "version_not_recorded";

export interface SelectedPackage {
  name: string;
  status: PackageStatus;
  version: string | null;
  truncated: boolean;
}

export interface PackageSelection {
  metadataAvailable: boolean;
  packages: SelectedPackage[];
}

/**
 * Looks the names up in the event's `packages` map, without normalizing names across
 * ecosystems. A missing, null or empty map means the metadata is unavailable.
 */
export function selectPackages(
  packages: Record<string, string | null> | null | undefined,
  names: readonly string[],
): PackageSelection {
  if (!packages || Object.keys(packages).length === 0)
    return { metadataAvailable: false, packages: [] };
  const unique = [...new Set(names)];
  return {
    metadataAvailable: true,
    packages: unique.map((name): SelectedPackage => {
      if (!Object.hasOwn(packages, name))
        return { name, status: "not_listed", version: null, truncated: false };
      const raw = packages[name];
      if (raw == null || raw.trim() === "")
        return { name, status: "version_not_recorded", version: null, truncated: false };
      const truncated = raw.length > MAX_VERSION;
      return {
        name,
        status: "recorded",
        version: truncated ? raw.slice(0, MAX_VERSION) : raw,
        truncated,
      };
    }),
  };
}

export function formatPackageSelection(selection: PackageSelection): string[] {
  const lines = ["### Selected Package Versions", ""];
  if (!selection.metadataAvailable) {
    lines.push("This event recorded no package metadata, so no versions are available.");
    return [...lines, ""];
  }
  for (const p of selection.packages) {
    const name = inlineCode(p.name);
    if (p.status === "recorded")
      lines.push(
        `- ${name}: ${inlineCode(p.version)}${p.truncated ? ` (truncated after ${MAX_VERSION} characters)` : ""}`,
      );
    else if (p.status === "version_not_recorded") lines.push(`- ${name}: listed without a version`);
    else lines.push(`- ${name}: not listed in this event's packages`);
  }
  lines.push(
    "",
    "Packages come from what the SDK reported; a name that is not listed does not prove the application lacks it.",
    "",
  );
  return lines;
}

/** Package selection needs one exact event: refuse it for issue / latest-event lookups. */
export function assertPackageSelectionAllowed(
  packageNames: readonly string[] | undefined,
  explicitEvent: boolean,
  what: string,
): void {
  if (packageNames?.length && !explicitEvent) {
    throw new UserInputError(
      `packageNames needs one exact event, but this is ${what}. Pass an event ID (eventId or an event URL).`,
    );
  }
}
