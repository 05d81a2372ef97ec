/**
 * Grants and our own tokens. A grant is one user's consent for one client: pins, skills and the
 * upstream Sentry tokens (encrypted). Access tokens are short-lived and opaque; refresh tokens
 * rotate on every use, and presenting a rotated one revokes the grant (RFC 9700 §4.14).
 * Only hashes of our tokens are stored.
 */
import { ApiError } from "../../errors.js";
import type { Logger } from "../../log.js";
import type { Skill } from "../../tools/types.js";
import { decrypt, encrypt, hashToken, randomToken } from "../crypto.js";
import {
  DEFAULT_GRANT_MAX_SECONDS,
  type TokenLifetimes,
  type UpstreamOAuthApp,
} from "../options.js";
import { getJson, type KeyValueStore, setJson, takeJson } from "../store/types.js";
import { indexEnd, recordTtlSeconds } from "./ends.js";
import { refreshUpstream, revokeUpstream, type UpstreamTokens } from "./upstream.js";

export interface GrantDeps {
  store: KeyValueStore;
  encryptionKey: Buffer;
  lifetimes: TokenLifetimes;
  now: () => number;
  sentryUrl: string;
  upstream: UpstreamOAuthApp;
  fetch: typeof fetch;
  log?: Logger;
}

export interface Grant {
  id: string;
  clientId: string;
  userId: string;
  userName?: string;
  organizationSlug?: string;
  projectSlug?: string;
  skills: Skill[];
  /** The RFC 8707 resource the grant is for. */
  resource: string;
  /** AES-GCM sealed JSON of UpstreamTokens. */
  upstream: string;
  createdAt: number;
  expiresAt: number;
}

interface AccessTokenRecord {
  grantId: string;
  clientId: string;
  expiresAt: number;
}

interface RefreshTokenRecord {
  grantId: string;
  clientId: string;
  expiresAt: number;
}

export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/** Refresh Sentry's token when it has less than this left. */
const UPSTREAM_REFRESH_MARGIN_MS = 5 * 60_000;

const keys = {
  grant: (id: string) => `grant:${id}`,
  access: (token: string) => `at:${hashToken(token)}`,
  refresh: (token: string) => `rt:${hashToken(token)}`,
  rotated: (token: string) => `rtused:${hashToken(token)}`,
  lock: (id: string) => `lock:grant:${id}`,
  redeemed: (codeHash: string) => `codeused:${codeHash}`,
};

/** How long a redeemed code is remembered, so a replay can revoke what it issued. */
const REDEEMED_CODE_TTL_SECONDS = 24 * 3600;

export async function rememberRedeemedCode(
  store: KeyValueStore,
  codeHash: string,
  grantId: string,
) {
  await store.set(keys.redeemed(codeHash), grantId, REDEEMED_CODE_TTL_SECONDS);
}

/** RFC 6749 §4.1.2: a code used twice revokes the tokens already issued from it. */
export async function revokeReplayedCode(deps: GrantDeps, codeHash: string) {
  const grantId = await deps.store.get(keys.redeemed(codeHash));
  if (grantId) await revokeGrant(deps, grantId, "code replayed");
}

const grantMaxSeconds = (l: TokenLifetimes) => l.grantMaxSeconds ?? DEFAULT_GRANT_MAX_SECONDS;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function sealUpstream(key: Buffer, tokens: UpstreamTokens): string {
  return encrypt(key, JSON.stringify(tokens));
}

export function openUpstream(key: Buffer, sealed: string): UpstreamTokens | null {
  const plain = decrypt(key, sealed);
  return plain === null ? null : (JSON.parse(plain) as UpstreamTokens);
}

/** Kept past its end (see ./ends.ts) so the sweep can still revoke its Sentry token. */
async function saveGrant(deps: GrantDeps, grant: Grant) {
  const ttl = recordTtlSeconds(grant.expiresAt, deps.now());
  await setJson(deps.store, keys.grant(grant.id), grant, ttl);
}

export async function loadGrant(
  deps: Pick<GrantDeps, "store" | "now">,
  id: string,
): Promise<Grant | null> {
  const grant = await getJson<Grant>(deps.store, keys.grant(id));
  return grant && grant.expiresAt > deps.now() ? grant : null;
}

/**
 * Revokes a grant: every access and refresh token issued under it stops working at once, then
 * the Sentry token inside it is revoked at Sentry (best effort: a failure is logged, without the
 * token, and our revocation stands).
 */
export async function revokeGrant(deps: GrantDeps, grantId: string, reason: string) {
  const grant = await getJson<Grant>(deps.store, keys.grant(grantId));
  await deps.store.delete(keys.grant(grantId));
  if (grant) await revokeSealedUpstream(deps, grant.upstream, reason);
}

/** Best-effort revocation of sealed Sentry tokens at Sentry; logs the outcome, never the token. */
export async function revokeSealedUpstream(deps: GrantDeps, sealed: string, reason: string) {
  const tokens = openUpstream(deps.encryptionKey, sealed);
  if (!tokens) {
    deps.log?.warn("cannot revoke the Sentry token: it no longer decrypts", { reason });
    return;
  }
  try {
    await revokeUpstream(upstreamDepsOf(deps), tokens);
    deps.log?.info("revoked the Sentry token of a grant", { reason });
  } catch (error) {
    deps.log?.warn("revoking the Sentry token failed", {
      reason,
      error: (error as Error).message,
    });
  }
}

/**
 * Called by the sweep for a grant whose indexed end has passed: revokes it when it really ended,
 * or indexes it again at its current end when refreshing extended it.
 */
export async function grantEndReached(deps: GrantDeps, grantId: string): Promise<void> {
  const grant = await getJson<Grant>(deps.store, keys.grant(grantId));
  if (!grant) return;
  if (grant.expiresAt <= deps.now()) await revokeGrant(deps, grantId, "grant ended");
  else await indexEnd(deps.store, keys.grant(grantId), grant.expiresAt, deps.now());
}

const upstreamDepsOf = (deps: GrantDeps) => ({
  sentryUrl: deps.sentryUrl,
  app: deps.upstream,
  fetch: deps.fetch,
  now: deps.now,
});

/** Issues a fresh access/refresh pair for a grant (and slides its lifetime). */
export async function issueTokens(deps: GrantDeps, grant: Grant): Promise<TokenResponse> {
  const now = deps.now();
  const { accessSeconds, refreshSeconds } = deps.lifetimes;
  // Refreshing slides the grant's lifetime, but never past its absolute end.
  const absoluteEnd = grant.createdAt + grantMaxSeconds(deps.lifetimes) * 1000;
  grant.expiresAt = Math.min(Math.max(grant.expiresAt, now + refreshSeconds * 1000), absoluteEnd);
  await saveGrant(deps, grant);
  const access = randomToken();
  const refresh = randomToken();
  const base = { grantId: grant.id, clientId: grant.clientId };
  await setJson(
    deps.store,
    keys.access(access),
    { ...base, expiresAt: now + accessSeconds * 1000 },
    accessSeconds,
  );
  await setJson(
    deps.store,
    keys.refresh(refresh),
    { ...base, expiresAt: now + refreshSeconds * 1000 },
    refreshSeconds,
  );
  return {
    access_token: access,
    token_type: "Bearer",
    expires_in: accessSeconds,
    refresh_token: refresh,
    scope: grant.skills.join(" "),
  };
}

export async function createGrant(
  deps: GrantDeps,
  data: Omit<Grant, "id" | "createdAt" | "expiresAt">,
): Promise<Grant> {
  const now = deps.now();
  const grant: Grant = {
    ...data,
    id: randomToken(18),
    createdAt: now,
    expiresAt:
      now + Math.min(deps.lifetimes.refreshSeconds, grantMaxSeconds(deps.lifetimes)) * 1000,
  };
  await saveGrant(deps, grant);
  // Its end now, and its absolute end: the latter holds even if the sweep missed a re-index.
  await indexEnd(deps.store, keys.grant(grant.id), grant.expiresAt, now);
  const absoluteEnd = now + grantMaxSeconds(deps.lifetimes) * 1000;
  if (absoluteEnd > grant.expiresAt)
    await indexEnd(deps.store, keys.grant(grant.id), absoluteEnd, now);
  return grant;
}

/** Our bearer token → its live grant, or null (unknown, expired or revoked). */
export async function verifyAccessToken(deps: GrantDeps, token: string): Promise<Grant | null> {
  const record = await getJson<AccessTokenRecord>(deps.store, keys.access(token));
  if (!record || record.expiresAt <= deps.now()) return null;
  const grant = await loadGrant(deps, record.grantId);
  return grant && grant.clientId === record.clientId ? grant : null;
}

export type RefreshOutcome =
  | { ok: true; tokens: TokenResponse; grant: Grant }
  | { ok: false; description: string };

/** Rotates a refresh token; a second use of a rotated token revokes the whole grant. */
export async function rotateRefreshToken(
  deps: GrantDeps,
  token: string,
  clientId: string,
): Promise<RefreshOutcome> {
  const record = await takeJson<RefreshTokenRecord>(deps.store, keys.refresh(token));
  if (!record) {
    const reused = await getJson<{ grantId: string }>(deps.store, keys.rotated(token));
    if (reused) {
      await revokeGrant(deps, reused.grantId, "refresh token reused");
      return {
        ok: false,
        description: "Refresh token already used; the grant has been revoked. Authorize again.",
      };
    }
    return { ok: false, description: "Unknown or expired refresh token." };
  }
  const remaining = record.expiresAt - deps.now();
  if (remaining > 0)
    await setJson(deps.store, keys.rotated(token), { grantId: record.grantId }, seconds(remaining));
  if (remaining <= 0) return { ok: false, description: "Refresh token expired." };
  if (record.clientId !== clientId) {
    // A token presented by another client is treated as stolen.
    await revokeGrant(deps, record.grantId, "refresh token from another client");
    return { ok: false, description: "Refresh token was not issued to this client." };
  }
  const grant = await loadGrant(deps, record.grantId);
  if (!grant) return { ok: false, description: "The grant was revoked. Authorize again." };
  return { ok: true, tokens: await issueTokens(deps, grant), grant };
}

/** Looks a token of either kind up for RFC 7009 revocation: its grant id and client. */
export async function findTokenGrant(
  deps: Pick<GrantDeps, "store">,
  token: string,
): Promise<{ grantId: string; clientId?: string } | null> {
  return (
    (await getJson<AccessTokenRecord>(deps.store, keys.access(token))) ??
    (await getJson<RefreshTokenRecord>(deps.store, keys.refresh(token))) ??
    (await getJson<{ grantId: string }>(deps.store, keys.rotated(token)))
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Sentry's access token for a grant, refreshed upstream shortly before it expires. A short lock
 * in the store makes one instance do the refresh; the others wait for its result.
 */
export async function upstreamAccessToken(deps: GrantDeps, grant: Grant): Promise<string> {
  let current = grant;
  for (let attempt = 0; attempt < 40; attempt++) {
    const tokens = openUpstream(deps.encryptionKey, current.upstream);
    if (!tokens)
      throw new ApiError(
        "auth",
        401,
        "Stored Sentry credentials cannot be decrypted (the encryption key changed). Authorize again.",
      );
    const now = deps.now();
    const fresh =
      tokens.expiresAt === undefined || tokens.expiresAt - now > UPSTREAM_REFRESH_MARGIN_MS;
    if (fresh || !tokens.refreshToken) {
      if (tokens.expiresAt !== undefined && tokens.expiresAt <= now) {
        throw new ApiError("auth", 401, "The Sentry authorization expired. Authorize again.");
      }
      return tokens.accessToken;
    }
    if (await deps.store.setIfAbsent(keys.lock(current.id), "1", 30)) {
      try {
        const latest = (await loadGrant(deps, current.id)) ?? current;
        const latestTokens = openUpstream(deps.encryptionKey, latest.upstream);
        if (latestTokens && latestTokens.accessToken !== tokens.accessToken) {
          current = latest;
          continue;
        }
        let refreshed: UpstreamTokens;
        try {
          refreshed = await refreshUpstream(upstreamDepsOf(deps), tokens.refreshToken);
        } catch (error) {
          if (error instanceof ApiError && error.kind === "auth")
            await revokeGrant(deps, current.id, "Sentry refused the refresh");
          throw error;
        }
        const sealed = sealUpstream(deps.encryptionKey, refreshed);
        if (!(await loadGrant(deps, current.id))) {
          // Revoked while we refreshed: the new Sentry token must not outlive it.
          await revokeSealedUpstream(deps, sealed, "grant revoked during refresh");
          throw new ApiError("auth", 401, "The grant was revoked. Authorize again.");
        }
        current = { ...latest, upstream: sealed };
        await saveGrant(deps, current);
        return refreshed.accessToken;
      } finally {
        await deps.store.delete(keys.lock(current.id));
      }
    }
    // Another request (maybe on another instance) is refreshing; Sentry retires the old token
    // when it refreshes, so wait for the new one.
    await sleep(250);
    const reloaded = await loadGrant(deps, current.id);
    if (!reloaded) throw new ApiError("auth", 401, "The grant was revoked. Authorize again.");
    current = reloaded;
  }
  throw new ApiError("upstream", 503, "Timed out waiting for the Sentry token refresh.");
}
