/**
 * GET /oauth/callback: Sentry sends the browser back here. We exchange Sentry's code (server to
 * server), seal Sentry's tokens into a single-use code of our own and redirect to the client.
 */
import type { Hono } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import { hashToken, randomToken, safeEqual } from "../crypto.js";
import { setJson, takeJson } from "../store/types.js";
import { baseUrlOf } from "../urls.js";
import { htmlPage } from "./authorize.js";
import { renderErrorPage } from "./consent-page.js";
import { indexEnd, recordTtlSeconds } from "./ends.js";
import { sealUpstream } from "./grants.js";
import {
  CODE_TTL_SECONDS,
  consentCookie,
  type IssuedCode,
  type OAuthDeps,
  type PendingAuthorization,
  pendingKeys,
  redirectWith,
} from "./pending.js";
import { exchangeUpstreamCode } from "./upstream.js";

export function registerCallbackRoute(app: Hono, deps: OAuthDeps): void {
  const { store } = deps;
  app.get("/oauth/callback", async (c) => {
    const base = baseUrlOf(c, deps.publicUrl);
    const q = new URL(c.req.url).searchParams;
    const upstreamState = q.get("state");
    const id = upstreamState ? await store.take(pendingKeys.upstreamState(upstreamState)) : null;
    const pending = id
      ? await takeJson<PendingAuthorization>(store, pendingKeys.request(id))
      : null;
    if (!id || !pending || pending.expiresAt <= deps.now() || !pending.skills) {
      return htmlPage(
        c,
        400,
        renderErrorPage(
          "Request expired",
          "This sign-in is unknown or expired. Start again from your application.",
        ),
      );
    }
    const cookie = getCookie(c, consentCookie(id)) ?? "";
    deleteCookie(c, consentCookie(id), { path: "/oauth" });
    if (!cookie || !safeEqual(hashToken(cookie), pending.csrfHash)) {
      return htmlPage(
        c,
        403,
        renderErrorPage(
          "Request not accepted",
          "This sign-in was started in another browser. Start again from your application.",
        ),
      );
    }
    const back = (params: Record<string, string | undefined>) =>
      c.redirect(
        redirectWith(pending.redirectUri, { ...params, state: pending.state, iss: base }),
        302,
      );
    const upstreamError = q.get("error");
    const upstreamCode = q.get("code");
    if (upstreamError || !upstreamCode) {
      const denied = upstreamError === "access_denied";
      return back({
        error: denied ? "access_denied" : "server_error",
        error_description: denied
          ? "Access was denied at Sentry."
          : "Sentry did not return an authorization code.",
      });
    }
    let exchanged: Awaited<ReturnType<typeof exchangeUpstreamCode>>;
    try {
      exchanged = await exchangeUpstreamCode(
        { sentryUrl: deps.sentryUrl, app: deps.upstream, fetch: deps.fetch, now: deps.now },
        upstreamCode,
        `${base}/oauth/callback`,
      );
    } catch (error) {
      deps.log?.warn("upstream code exchange failed", { error: (error as Error).message });
      return back({
        error: "server_error",
        error_description: "Sentry did not accept the authorization.",
      });
    }
    const code = randomToken();
    const issued: IssuedCode = {
      clientId: pending.clientId,
      redirectUri: pending.redirectUri,
      codeChallenge: pending.codeChallenge,
      resource: pending.resource,
      pins: pending.pins,
      skills: pending.skills,
      userId: exchanged.user?.id ?? `unknown:${randomToken(8)}`,
      userName: exchanged.user?.name,
      upstream: sealUpstream(deps.encryptionKey, exchanged.tokens),
      expiresAt: deps.now() + CODE_TTL_SECONDS * 1000,
    };
    // Kept past its end, and indexed, so an unredeemed code's Sentry token is revoked too.
    const key = pendingKeys.code(hashToken(code));
    await setJson(store, key, issued, recordTtlSeconds(issued.expiresAt, deps.now()));
    await indexEnd(store, key, issued.expiresAt, deps.now());
    return back({ code });
  });
}
