import { UserInputError } from "../../errors.js";
import type { ToolContext } from "../types.js";
import { assertWithinPins } from "./constraints.js";
import {
  assertEventId,
  assertIssueId,
  isIssueId,
  parseSentryUrl,
  type SentryResource,
} from "./sentry-url.js";

export const RESOURCE_TYPES = [
  "issue",
  "event",
  "trace",
  "replay",
  "monitor",
  "profile",
  "release",
  "ai_conversation",
  "snapshot",
] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

const HEX32 = /^[0-9a-f]{32}$/;

function hexId(value: string, what: string): string {
  const id = value.trim().replace(/-/g, "").toLowerCase();
  if (!HEX32.test(id))
    throw new UserInputError(
      `${JSON.stringify(value)} is not a ${what} ID (32 hexadecimal characters).`,
    );
  return id;
}

function slug(value: string, what: string): string {
  const v = value.trim();
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/.test(v))
    throw new UserInputError(`${JSON.stringify(value)} is not a ${what} slug.`);
  return v;
}

/** A resource from `resourceType` + `resourceId`, validated before any request. */
export function resourceFromId(
  type: ResourceType,
  id: string,
  project: string | undefined,
): SentryResource {
  switch (type) {
    case "issue":
      return { type, issueId: assertIssueId(id) };
    case "event":
      return { type, eventId: assertEventId(id), project };
    case "trace":
      return { type, traceId: hexId(id, "trace") };
    case "replay":
      return { type, replayId: hexId(id, "replay") };
    case "profile":
      if (!project)
        throw new UserInputError("A profile needs projectSlug (or pass the profile URL).");
      return { type, project, profileId: hexId(id, "profile") };
    case "monitor":
      return { type, project, monitorSlug: slug(id, "monitor") };
    case "ai_conversation": {
      const conversationId = id.trim();
      if (!/^[^\s/?#]{1,200}$/.test(conversationId))
        throw new UserInputError(`${JSON.stringify(id)} is not a conversation ID.`);
      return { type, conversationId, project };
    }
    case "snapshot":
      return { type, snapshotId: slug(id, "snapshot") };
    case "release": {
      const version = id.trim();
      if (
        !version ||
        version.length > 250 ||
        /[\n\r\t/\\]/.test(version) ||
        version === "." ||
        version === ".."
      )
        throw new UserInputError(`${JSON.stringify(id)} is not a release version.`);
      return { type, version };
    }
  }
}

export interface ResolvedResource {
  org: string;
  resource: SentryResource;
}

/** Resolves a URL or type + id to an org-scoped resource, checking the session's pins. */
export function resolveResource(
  params: {
    url?: string;
    resourceType?: ResourceType;
    resourceId?: string;
    organizationSlug?: string;
    projectSlug?: string;
  },
  ctx: Pick<ToolContext, "constraints">,
): ResolvedResource {
  let resource: SentryResource;
  let urlOrg: string | undefined;
  if (params.url) {
    if (isIssueId(params.url.trim()) && !params.url.includes("/"))
      throw new UserInputError(
        `${JSON.stringify(params.url)} is an issue ID, not a URL: pass resourceType "issue" and resourceId.`,
      );
    const parsed = parseSentryUrl(params.url);
    resource = parsed.resource;
    urlOrg = parsed.org;
  } else {
    if (!params.resourceType || !params.resourceId)
      throw new UserInputError("Pass url (any Sentry link), or resourceType with resourceId.");
    resource = resourceFromId(params.resourceType, params.resourceId, params.projectSlug);
  }
  const org = urlOrg ?? params.organizationSlug ?? ctx.constraints.organizationSlug;
  if (!org)
    throw new UserInputError(
      "organizationSlug is required: the link or ID does not name an organization.",
    );
  const project = "project" in resource ? resource.project : undefined;
  assertWithinPins(ctx, org, project);
  return { org, resource };
}
