/** POST /oauth/token: authorization_code (with PKCE S256) and refresh_token grants. */
import type { Context, Hono } from "hono";
import { hashToken, verifyPkceS256 } from "../crypto.js";
import { getJson, takeJson } from "../store/types.js";
import { baseUrlOf, parseResource, resourceUrl } from "../urls.js";
import { authenticateClient, confirmClient } from "./clients.js";
import {
  createGrant,
  issueTokens,
  loadGrant,
  rememberRedeemedCode,
  revokeReplayedCode,
  revokeSealedUpstream,
  rotateRefreshToken,
} from "./grants.js";
import { documentsOf, type IssuedCode, type OAuthDeps, pendingKeys } from "./pending.js";

const NO_STORE = { "Cache-Control": "no-store", Pragma: "no-cache" };

export function oauthError(
  c: Context,
  error: string,
  description: string,
  status: 400 | 401 = 400,
) {
  if (status === 401 && /^Basic\s/i.test(c.req.header("authorization") ?? "")) {
    c.header("WWW-Authenticate", 'Basic realm="sentry-mcp"');
  }
  return c.json({ error, error_description: description }, status, NO_STORE);
}

/** The body of a form POST; null when it is not application/x-www-form-urlencoded. */
export async function formBody(c: Context): Promise<URLSearchParams | null> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) return null;
  return new URLSearchParams(await c.req.text());
}

/** A `resource` sent to the token endpoint must name the grant's resource (RFC 8707). */
function resourceMatches(base: string, sent: string | null, granted: string): boolean {
  if (sent === null) return true;
  const pins = parseResource(base, sent);
  return pins !== null && resourceUrl(base, pins) === granted;
}

/** Why a taken code cannot be redeemed by this request, or null when it can. */
function codeProblem(
  issued: IssuedCode,
  form: URLSearchParams,
  clientId: string,
  base: string,
  now: number,
): { error: string; description: string } | null {
  const invalid = (description: string) => ({ error: "invalid_grant", description });
  if (issued.expiresAt <= now) return invalid("Unknown, used or expired code.");
  if (issued.clientId !== clientId) return invalid("The code was issued to another client.");
  if (form.get("redirect_uri") !== issued.redirectUri)
    return invalid("redirect_uri does not match the authorization request.");
  const verifier = form.get("code_verifier");
  if (!verifier || !verifyPkceS256(verifier, issued.codeChallenge))
    return invalid("PKCE verification failed.");
  if (!resourceMatches(base, form.get("resource"), issued.resource)) {
    return {
      error: "invalid_target",
      description: "The resource does not match the authorization request.",
    };
  }
  return null;
}

export function registerTokenRoute(app: Hono, deps: OAuthDeps): void {
  const { store } = deps;
  app.post("/oauth/token", async (c) => {
    const base = baseUrlOf(c, deps.publicUrl);
    const form = await formBody(c);
    if (!form) return oauthError(c, "invalid_request", "Send application/x-www-form-urlencoded.");
    const client = await authenticateClient(store, c, form, documentsOf(deps));
    if (!client)
      return oauthError(c, "invalid_client", "Unknown client or bad client credentials.", 401);
    const grantType = form.get("grant_type");
    if (
      grantType &&
      !client.grant_types.includes(grantType) &&
      /^(authorization_code|refresh_token)$/.test(grantType)
    ) {
      return oauthError(
        c,
        "unauthorized_client",
        `This client did not register the ${grantType} grant.`,
      );
    }

    if (grantType === "authorization_code") {
      const code = form.get("code");
      const codeHash = code ? hashToken(code) : "";
      const issued = code ? await takeJson<IssuedCode>(store, pendingKeys.code(codeHash)) : null;
      if (!issued) {
        if (code) await revokeReplayedCode(deps, codeHash);
        return oauthError(c, "invalid_grant", "Unknown, used or expired code.");
      }
      const problem = codeProblem(issued, form, client.client_id, base, deps.now());
      if (problem) {
        // The code is spent: the Sentry token sealed in it must not outlive it.
        await revokeSealedUpstream(deps, issued.upstream, "authorization code refused");
        return oauthError(c, problem.error, problem.description);
      }
      const grant = await createGrant(deps, {
        clientId: client.client_id,
        userId: issued.userId,
        userName: issued.userName,
        organizationSlug: issued.pins.organizationSlug,
        projectSlug: issued.pins.projectSlug,
        skills: issued.skills,
        resource: issued.resource,
        upstream: issued.upstream,
      });
      await confirmClient(store, client);
      await rememberRedeemedCode(store, codeHash, grant.id);
      return c.json(await issueTokens(deps, grant), 200, NO_STORE);
    }

    if (grantType === "refresh_token") {
      const token = form.get("refresh_token");
      if (!token) return oauthError(c, "invalid_request", "refresh_token is required.");
      const sent = form.get("resource");
      if (sent !== null) {
        const record = await getJson<{ grantId: string }>(store, `rt:${hashToken(token)}`);
        const grant = record ? await loadGrant(deps, record.grantId) : null;
        if (grant && !resourceMatches(base, sent, grant.resource)) {
          return oauthError(c, "invalid_target", "The resource does not match the grant.");
        }
      }
      const outcome = await rotateRefreshToken(deps, token, client.client_id);
      if (!outcome.ok) return oauthError(c, "invalid_grant", outcome.description);
      await confirmClient(store, client);
      return c.json(outcome.tokens, 200, NO_STORE);
    }

    return oauthError(c, "unsupported_grant_type", "Use authorization_code or refresh_token.");
  });
}
