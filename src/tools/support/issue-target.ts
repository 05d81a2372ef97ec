import { z } from "zod";
import { UserInputError } from "../../errors.js";
import type { ToolContext } from "../types.js";
import { assertWithinPins } from "./constraints.js";
import { assertEventId, assertIssueId, parseSentryUrl } from "./sentry-url.js";

/** Shared parameters of the tools that look at one issue. */
export const issueIdParam = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .optional()
  .describe("Short ID (BACKEND-1A) or numeric ID");

export const issueUrlParam = z
  .string()
  .trim()
  .url()
  .max(2000)
  .optional()
  .describe("Any Sentry issue link");

export const EVENT_SELECTORS = ["latest", "oldest", "recommended"] as const;

export const eventIdParam = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .optional()
  .describe("32-hex event ID, or latest (default), oldest, recommended");

export interface IssueRef {
  org: string;
  /** absent only when an event id alone was given */
  issueId?: string;
  /** a 32-hex event id or one of latest / oldest / recommended */
  event: string;
  /** true when a concrete event id was named (by parameter or URL) */
  explicitEvent: boolean;
}

export type IssueTarget = IssueRef & { issueId: string };

/** `latest`/`oldest`/`recommended` as they are, anything else must be an event id. */
export function parseEventRef(value: string | undefined): { event: string; explicit: boolean } {
  if (value === undefined) return { event: "latest", explicit: false };
  const lower = value.trim().toLowerCase();
  if ((EVENT_SELECTORS as readonly string[]).includes(lower))
    return { event: lower, explicit: false };
  return { event: assertEventId(value), explicit: true };
}

interface IssueParams {
  organizationSlug?: string;
  issueId?: string;
  issueUrl?: string;
  eventId?: string;
}

/**
 * Resolves {org, issue, event} from a URL or explicit parameters, validating ids before any
 * request. With `allowEventOnly`, an event id without an issue is accepted (looked up later).
 */
export function resolveIssueRef(
  params: IssueParams,
  ctx: Pick<ToolContext, "constraints">,
  options: { allowEventOnly?: boolean } = {},
): IssueRef {
  const fromParam = parseEventRef(params.eventId);
  if (params.issueUrl) {
    const parsed = parseSentryUrl(params.issueUrl);
    if (parsed.resource.type !== "issue") {
      throw new UserInputError(
        `issueUrl points to a ${parsed.resource.type}, not an issue. Use get_sentry_resource for other links.`,
      );
    }
    const org = parsed.org ?? params.organizationSlug ?? ctx.constraints.organizationSlug;
    if (!org)
      throw new UserInputError("The URL does not name an organization; pass organizationSlug too.");
    assertWithinPins(ctx, org);
    const urlEvent = parsed.resource.eventId;
    const event =
      params.eventId !== undefined
        ? fromParam
        : urlEvent
          ? { event: urlEvent, explicit: true }
          : { event: parsed.resource.eventSelector ?? "latest", explicit: false };
    return {
      org,
      issueId: parsed.resource.issueId,
      event: event.event,
      explicitEvent: event.explicit,
    };
  }
  const org = params.organizationSlug ?? ctx.constraints.organizationSlug;
  if (!params.issueId) {
    if (options.allowEventOnly && fromParam.explicit) {
      if (!org)
        throw new UserInputError(
          "organizationSlug is required with eventId (find_organizations lists them).",
        );
      return { org, event: fromParam.event, explicitEvent: true };
    }
    throw new UserInputError(
      options.allowEventOnly
        ? "Pass issueId (with organizationSlug), issueUrl, or an eventId with organizationSlug."
        : "Pass issueId (with organizationSlug) or issueUrl.",
    );
  }
  const issueId = assertIssueId(params.issueId);
  if (!org)
    throw new UserInputError(
      "organizationSlug is required with issueId (find_organizations lists them).",
    );
  return { org, issueId, event: fromParam.event, explicitEvent: fromParam.explicit };
}

export function resolveIssueTarget(
  params: IssueParams,
  ctx: Pick<ToolContext, "constraints">,
): IssueTarget {
  const ref = resolveIssueRef(params, ctx);
  return ref as IssueTarget;
}
