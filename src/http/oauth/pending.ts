/** State carried between the authorize request, the consent page and Sentry's callback. */
import type { Logger } from "../../log.js";
import type { Constraints, Skill } from "../../tools/types.js";
import type { PathPins } from "../urls.js";
import type { CimdOptions } from "./cimd.js";
import type { GrantDeps } from "./grants.js";

export interface OAuthDeps extends GrantDeps {
  publicUrl?: string;
  log?: Logger;
  /** The operator's pins and skills: the ceiling of every grant. */
  operator: { pins: Constraints; skills: readonly Skill[] };
  /** Client ID Metadata Document fetching (tests allow a loopback server). */
  cimd: CimdOptions;
}

/** What loadClient needs to resolve metadata-document clients. */
export const documentsOf = (deps: OAuthDeps) => ({ options: deps.cimd, now: deps.now });

/** An authorization request waiting for consent (`authreq:{id}`). */
export interface PendingAuthorization {
  clientId: string;
  clientName?: string;
  redirectUri: string;
  state?: string;
  codeChallenge: string;
  /** Normalized resource URL; its path gives the pins. */
  resource: string;
  pins: PathPins;
  offered: Skill[];
  /** Hash of the CSRF secret held by the browser's cookie and the form. */
  csrfHash: string;
  skills?: Skill[];
  expiresAt: number;
}

/** Our authorization code (`code:{hash}`), single use, bound to client, redirect and PKCE. */
export interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  resource: string;
  pins: PathPins;
  skills: Skill[];
  userId: string;
  userName?: string;
  /** Sealed upstream tokens. */
  upstream: string;
  expiresAt: number;
}

export const CODE_TTL_SECONDS = 120;

export const pendingKeys = {
  request: (id: string) => `authreq:${id}`,
  upstreamState: (state: string) => `authstate:${state}`,
  code: (hash: string) => `code:${hash}`,
};

/** One cookie per pending request, so parallel authorizations in one browser do not collide. */
export const consentCookie = (id: string) => `mcp_consent_${id.replace(/[^A-Za-z0-9_-]/g, "")}`;

/** The client's redirect URI with response parameters added (RFC 9207 `iss` always). */
export function redirectWith(
  redirectUri: string,
  params: Record<string, string | undefined>,
): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}
