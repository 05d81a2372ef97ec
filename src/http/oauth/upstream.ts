import { z } from "zod";
import { ApiError } from "../../errors.js";
import type { UpstreamOAuthApp } from "../options.js";

/** Tokens from Sentry, decrypted; `expiresAt` is in our clock's milliseconds. */
export interface UpstreamTokens {
  accessToken: string;
  refreshToken?: string;
  expiresAt?: number;
  scope?: string;
}

export interface UpstreamUser {
  id: string;
  name?: string;
}

export interface UpstreamDeps {
  sentryUrl: string;
  app: UpstreamOAuthApp;
  fetch: typeof fetch;
  now: () => number;
}

const TokenResponse = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().nullish(),
  expires_in: z.number().nullish(),
  expires_at: z.string().nullish(),
  scope: z.union([z.string(), z.array(z.string())]).nullish(),
  user: z
    .object({
      id: z.union([z.string(), z.number()]),
      name: z.string().nullish(),
      email: z.string().nullish(),
    })
    .nullish(),
});

/** Sentry's authorization page for our upstream OAuth application. */
export function upstreamAuthorizeUrl(
  deps: UpstreamDeps,
  params: { redirectUri: string; scope: string; state: string },
): string {
  const url = new URL("/oauth/authorize/", deps.sentryUrl);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", deps.app.clientId);
  url.searchParams.set("redirect_uri", params.redirectUri);
  url.searchParams.set("scope", params.scope);
  url.searchParams.set("state", params.state);
  return url.toString();
}

async function tokenRequest(deps: UpstreamDeps, body: Record<string, string>) {
  const form = new URLSearchParams({
    ...body,
    client_id: deps.app.clientId,
    client_secret: deps.app.clientSecret,
  });
  let response: Response;
  try {
    response = await deps.fetch(new URL("/oauth/token/", deps.sentryUrl), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: form,
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new ApiError(
      "upstream",
      502,
      `Sentry's token endpoint is unreachable: ${(error as Error).message}`,
    );
  }
  const json = (await response.json().catch(() => null)) as { error?: unknown } | null;
  if (!response.ok) {
    // invalid_grant means the user revoked the app or the refresh token is gone: re-authorize.
    const code = typeof json?.error === "string" ? json.error : undefined;
    throw new ApiError(
      code === "invalid_grant" ? "auth" : "upstream",
      response.status,
      `Sentry's token endpoint answered ${response.status}${code ? ` (${code})` : ""}`,
    );
  }
  const parsed = TokenResponse.safeParse(json);
  if (!parsed.success)
    throw new ApiError("upstream", 502, "Sentry's token endpoint sent an unexpected answer.");
  const t = parsed.data;
  const expiresAt =
    typeof t.expires_in === "number"
      ? deps.now() + t.expires_in * 1000
      : t.expires_at && !Number.isNaN(Date.parse(t.expires_at))
        ? Date.parse(t.expires_at)
        : undefined;
  const tokens: UpstreamTokens = {
    accessToken: t.access_token,
    refreshToken: t.refresh_token ?? undefined,
    expiresAt,
    scope: Array.isArray(t.scope) ? t.scope.join(" ") : (t.scope ?? undefined),
  };
  const user: UpstreamUser | undefined = t.user
    ? { id: String(t.user.id), name: t.user.name ?? t.user.email ?? undefined }
    : undefined;
  return { tokens, user };
}

/** Exchanges Sentry's authorization code (server to server, with our client secret). */
export function exchangeUpstreamCode(deps: UpstreamDeps, code: string, redirectUri: string) {
  return tokenRequest(deps, { grant_type: "authorization_code", code, redirect_uri: redirectUri });
}

export async function refreshUpstream(
  deps: UpstreamDeps,
  refreshToken: string,
): Promise<UpstreamTokens> {
  const { tokens } = await tokenRequest(deps, {
    grant_type: "refresh_token",
    refresh_token: refreshToken,
  });
  return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
}

/**
 * Revokes one Sentry token at Sentry's RFC 7009 endpoint (`POST /oauth/revoke/`, client
 * credentials in the form). Sentry deletes the token row the value names, access and refresh
 * token together, and only among our application's tokens; the user's other authorizations stay.
 * Throws on a network failure or a non-2xx answer; the message never carries the token.
 */
export async function revokeUpstream(deps: UpstreamDeps, tokens: UpstreamTokens): Promise<void> {
  const form = new URLSearchParams({
    client_id: deps.app.clientId,
    client_secret: deps.app.clientSecret,
    token: tokens.accessToken,
  });
  let response: Response;
  try {
    response = await deps.fetch(new URL("/oauth/revoke/", deps.sentryUrl), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: form,
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new ApiError("upstream", 502, `unreachable: ${(error as Error).message}`);
  }
  await response.body?.cancel();
  if (!response.ok) throw new ApiError("upstream", response.status, `answered ${response.status}`);
}
