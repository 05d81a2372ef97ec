/** Resolves profile tool inputs: profile URLs, IDs, and the project (slug and numeric ID). */

import { z } from "zod";
import { UserInputError } from "../../errors.js";
import type { ToolContext } from "../types.js";
import { assertWithinPins } from "./constraints.js";
import { parseSentryUrl } from "./sentry-url.js";

export const profileUrlParam = z
  .string()
  .trim()
  .url()
  .max(2000)
  .optional()
  .describe("A Sentry profile URL (transaction or continuous profile)");

export function assertHexId(value: string, name: string): string {
  const id = value.trim().replace(/-/g, "").toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(id))
    throw new UserInputError(
      `${name} ${JSON.stringify(value)} is not an ID of 32 hexadecimal characters.`,
    );
  return id;
}

export type ProfileUrlTarget =
  | { kind: "transaction"; org?: string; project: string; profileId: string }
  | {
      kind: "continuous";
      org?: string;
      project: string;
      profilerId: string;
      start: string;
      end: string;
    };

/**
 * `/explore/profiling/profile/{project}/{profileId}/flamegraph/` names a transaction profile;
 * `/explore/profiling/profile/{project}/flamegraph/?profilerId=&start=&end=` a continuous one.
 */
export function parseProfileUrl(url: string): ProfileUrlTarget {
  const parsed = parseSentryUrl(url);
  if (parsed.resource.type !== "profile")
    throw new UserInputError(
      `profileUrl points to ${/^[aeiou]/.test(parsed.resource.type) ? "an" : "a"} ${parsed.resource.type}, not a profile. Use get_sentry_resource for other links.`,
    );
  const { project, profileId } = parsed.resource;
  const search = new URL(url).searchParams;
  const profilerId = search.get("profilerId");
  if (profilerId) {
    const start = search.get("start");
    const end = search.get("end");
    if (!start || !end)
      throw new UserInputError(
        "This continuous profile URL has no start and end; pass profilerId, start and end instead.",
      );
    return {
      kind: "continuous",
      org: parsed.org,
      project,
      profilerId: assertHexId(profilerId, "profilerId"),
      start,
      end,
    };
  }
  return {
    kind: "transaction",
    org: parsed.org,
    project,
    profileId: assertHexId(profileId, "The URL's profile ID"),
  };
}

/** The org from a URL, the parameter or the pin; URL orgs must be within the pins. */
export function profileOrg(
  ctx: Pick<ToolContext, "constraints">,
  fromUrl: string | undefined,
  given: string | undefined,
): string {
  const org = fromUrl ?? given ?? ctx.constraints.organizationSlug;
  if (!org)
    throw new UserInputError(
      "organizationSlug is required (find_organizations lists them), or pass a profile URL.",
    );
  assertWithinPins(ctx, org);
  return org;
}
