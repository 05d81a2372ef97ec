/**
 * Who is calling /mcp: `Authorization: Sentry-Bearer <Sentry token>` (forwarded as is, never
 * stored), `Bearer <our OAuth access token>`, or nothing when the server holds a token itself
 * (`--demo`, `--access-token` on loopback) and OAuth is off.
 */
import type { Config } from "../config.js";
import { ApiError } from "../errors.js";
import type { Skill } from "../tools/types.js";
import { hashToken } from "./crypto.js";
import { type GrantDeps, upstreamAccessToken, verifyAccessToken } from "./oauth/grants.js";
import type { PathPins } from "./urls.js";

export type McpAuth =
  | {
      ok: true;
      /** The Sentry token for this request. */
      sentryToken: string;
      /** Rate-limit identity: a grant's user or a token hash (never the token). */
      userKey: string;
      /** Pins and skills of an OAuth grant (they bound the session). */
      grantPins?: PathPins;
      grantSkills?: Skill[];
    }
  | {
      ok: false;
      /** RFC 6750 error code; absent when no credentials were sent. */
      error?: "invalid_request" | "invalid_token";
      description: string;
      status: 401 | 503;
    };

const TOKEN = /^[\x21-\x7e]{1,4096}$/;

export async function authenticateMcp(
  header: string | undefined,
  options: { config: Config; grants?: GrantDeps; pathPins: PathPins },
): Promise<McpAuth> {
  const { config, grants, pathPins } = options;
  if (header === undefined || header.trim() === "") {
    if (config.accessToken && !grants)
      return { ok: true, sentryToken: config.accessToken, userKey: "server" };
    return {
      ok: false,
      status: 401,
      description: grants
        ? "Authorization required: sign in with OAuth, or send Authorization: Sentry-Bearer <Sentry token>."
        : "Send Authorization: Sentry-Bearer <Sentry user auth token>.",
    };
  }
  const m = /^([A-Za-z-]+) +(\S+)$/.exec(header.trim());
  if (!m || !TOKEN.test(m[2])) {
    return {
      ok: false,
      status: 401,
      error: "invalid_request",
      description: "Malformed Authorization header.",
    };
  }
  const scheme = m[1].toLowerCase();
  const token = m[2];
  if (scheme === "sentry-bearer") {
    return { ok: true, sentryToken: token, userKey: `token:${hashToken(token).slice(0, 22)}` };
  }
  if (scheme !== "bearer") {
    return {
      ok: false,
      status: 401,
      error: "invalid_request",
      description: "Use the Bearer or Sentry-Bearer scheme.",
    };
  }
  if (!grants) {
    return {
      ok: false,
      status: 401,
      error: "invalid_token",
      description:
        "This server does not issue OAuth tokens; send Authorization: Sentry-Bearer <Sentry token>.",
    };
  }
  const grant = await verifyAccessToken(grants, token);
  if (!grant)
    return {
      ok: false,
      status: 401,
      error: "invalid_token",
      description: "The access token is invalid, expired or revoked.",
    };
  const org = pathPins.organizationSlug;
  if (grant.organizationSlug && org && org !== grant.organizationSlug) {
    return {
      ok: false,
      status: 401,
      error: "invalid_token",
      description: `This token was issued for organization ${grant.organizationSlug}; authorize again for ${org}.`,
    };
  }
  if (grant.projectSlug && pathPins.projectSlug && pathPins.projectSlug !== grant.projectSlug) {
    return {
      ok: false,
      status: 401,
      error: "invalid_token",
      description: `This token was issued for project ${grant.projectSlug}; authorize again for ${pathPins.projectSlug}.`,
    };
  }
  try {
    const sentryToken = await upstreamAccessToken(grants, grant);
    return {
      ok: true,
      sentryToken,
      userKey: `user:${grant.userId}`,
      grantPins: { organizationSlug: grant.organizationSlug, projectSlug: grant.projectSlug },
      grantSkills: grant.skills,
    };
  } catch (error) {
    if (error instanceof ApiError && error.kind === "auth") {
      return { ok: false, status: 401, error: "invalid_token", description: error.message };
    }
    return {
      ok: false,
      status: 503,
      description: "Could not refresh the Sentry authorization; try again shortly.",
    };
  }
}

/** `WWW-Authenticate` for a 401 from /mcp (RFC 6750 + RFC 9728 resource_metadata). */
export function wwwAuthenticate(
  metadataUrl: string | undefined,
  error?: string,
  description?: string,
): string {
  const params: string[] = [];
  if (metadataUrl) params.push(`resource_metadata="${metadataUrl}"`);
  else params.push('realm="sentry-mcp"');
  if (error) params.push(`error="${error}"`);
  if (description) params.push(`error_description="${description.replace(/["\\]/g, "")}"`);
  return `Bearer ${params.join(", ")}`;
}
