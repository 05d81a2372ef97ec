/**
 * GET /oauth/authorize validates the client's request and shows the consent page; POST records
 * the chosen skills and sends the browser to Sentry's own authorization page.
 */
import type { Context, Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { scopesFor } from "../../catalog/skills.js";
import { SKILLS, type Skill } from "../../tools/types.js";
import { hashToken, randomToken, safeEqual } from "../crypto.js";
import { htmlHeaders } from "../html.js";
import { PolicyError, resolvePins } from "../policy.js";
import { getJson, setJson } from "../store/types.js";
import { baseUrlOf, type PathPins, parseResource, resourceUrl } from "../urls.js";
import { loadClient, matchRedirectUri, type OAuthClient } from "./clients.js";
import {
  type ConsentView,
  isWriteSkill,
  renderConsentPage,
  renderErrorPage,
} from "./consent-page.js";
import {
  consentCookie,
  documentsOf,
  type OAuthDeps,
  type PendingAuthorization,
  pendingKeys,
  redirectWith,
} from "./pending.js";
import { formTarget } from "./redirect-uris.js";
import { upstreamAuthorizeUrl } from "./upstream.js";

/** Skills a consent page offers: those the client's `scope` names, or all (docs is always on). */
export function offeredSkills(scope: string | null, allowed: readonly Skill[] = SKILLS): Skill[] {
  const all: Skill[] = SKILLS.filter((s) => s !== "docs" && allowed.includes(s));
  const requested = (scope ?? "").split(/\s+/).filter((s): s is Skill => all.includes(s as Skill));
  return requested.length ? all.filter((s) => requested.includes(s)) : all;
}

/** Sentry scopes for the chosen skills (org:read always: finding organizations needs it). */
export function upstreamScope(skills: Skill[]): string {
  return [...new Set(["org:read", ...scopesFor(skills)])].join(" ");
}

export function htmlPage(
  c: Context,
  status: 200 | 400 | 403,
  html: string,
  formTargets: string[] = [],
) {
  return c.body(html, status, htmlHeaders(formTargets));
}

/** A GET /oauth/authorize request that passed every check, ready for the consent page. */
interface CheckedRequest {
  client: OAuthClient;
  redirectUri: string;
  state?: string;
  challenge: string;
  pins: PathPins;
  scope: string | null;
}

/** A POST /oauth/authorize whose pending request exists and whose CSRF secret matches. */
interface PendingConsent {
  id: string;
  csrf: string;
  pending: PendingAuthorization;
  form: FormData | null;
}

export function registerAuthorizeRoutes(app: Hono, deps: OAuthDeps): void {
  app.get("/oauth/authorize", async (c) => {
    const base = baseUrlOf(c, deps.publicUrl);
    const checked = await checkAuthorizeRequest(c, deps, base);
    return checked instanceof Response ? checked : showConsent(c, deps, base, checked);
  });

  app.post("/oauth/authorize", async (c) => {
    const base = baseUrlOf(c, deps.publicUrl);
    const loaded = await loadPendingConsent(c, deps);
    return loaded instanceof Response ? loaded : decideConsent(c, deps, base, loaded);
  });
}

/** The client and its redirect URI, or an error page (never a redirect: the URI is unproven). */
async function checkClient(
  c: Context,
  deps: OAuthDeps,
  q: URLSearchParams,
): Promise<Response | { client: OAuthClient; redirectUri: string }> {
  const client = await loadClient(deps.store, q.get("client_id") ?? undefined, documentsOf(deps));
  if (!client) {
    return htmlPage(
      c,
      400,
      renderErrorPage(
        "Unknown client",
        "This application is not registered with this server. Ask it to register again.",
      ),
    );
  }
  const redirectUri = matchRedirectUri(client, q.get("redirect_uri") ?? undefined);
  if (!redirectUri) {
    return htmlPage(
      c,
      400,
      renderErrorPage(
        "Invalid redirect URI",
        "The redirect_uri is not registered for this application.",
      ),
    );
  }
  return { client, redirectUri };
}

/** Validates the authorization request; any failure is an HTML error page. */
async function checkAuthorizeRequest(
  c: Context,
  deps: OAuthDeps,
  base: string,
): Promise<Response | CheckedRequest> {
  const q = new URL(c.req.url).searchParams;
  const known = await checkClient(c, deps, q);
  if (known instanceof Response) return known;
  const state = q.get("state") ?? undefined;
  // Until the user has seen the consent page, errors are shown here: redirecting at once to a
  // self-registered URI would be an open redirect (RFC 9700 §4.11.2).
  const fail = (error: string, description: string) =>
    htmlPage(c, 400, renderErrorPage(`Invalid request (${error})`, description));
  if (q.get("response_type") !== "code")
    return fail("unsupported_response_type", "Only response_type=code is supported.");
  const challenge = q.get("code_challenge");
  if (!challenge)
    return fail(
      "invalid_request",
      "PKCE is required: send code_challenge with code_challenge_method=S256.",
    );
  if (q.get("code_challenge_method") !== "S256") {
    return fail("invalid_request", "Only the S256 code_challenge_method is supported.");
  }
  if (!/^[A-Za-z0-9_-]{43}$/.test(challenge))
    return fail("invalid_request", "Invalid code_challenge.");
  const resources = [...new Set(q.getAll("resource"))];
  if (resources.length > 1) return fail("invalid_target", "Send one resource.");
  const pins = parseResource(base, resources[0] ?? resourceUrl(base));
  if (!pins)
    return fail(
      "invalid_target",
      `The resource must be this server's MCP endpoint (${resourceUrl(base)}).`,
    );
  try {
    resolvePins(deps.operator.pins, undefined, pins);
  } catch (error) {
    if (error instanceof PolicyError) return fail("invalid_target", error.message);
    throw error;
  }
  return { ...known, state, challenge, pins, scope: q.get("scope") };
}

/** The consent page, allowed to post to Sentry and back to the client's redirect URI. */
function consentPage(c: Context, deps: OAuthDeps, status: 200 | 400, view: ConsentView) {
  return htmlPage(c, status, renderConsentPage(view), [
    formTarget(deps.sentryUrl),
    formTarget(view.redirectUri),
  ]);
}

/** Stores the pending request, sets the browser's CSRF cookie and shows the consent page. */
async function showConsent(c: Context, deps: OAuthDeps, base: string, req: CheckedRequest) {
  const { client, redirectUri, pins } = req;
  const id = randomToken(18);
  const csrf = randomToken();
  const offered = offeredSkills(req.scope, deps.operator.skills);
  const pending: PendingAuthorization = {
    clientId: client.client_id,
    clientName: client.client_name,
    redirectUri,
    state: req.state,
    codeChallenge: req.challenge,
    resource: resourceUrl(base, pins),
    pins,
    offered,
    csrfHash: hashToken(csrf),
    expiresAt: deps.now() + deps.lifetimes.codeSeconds * 1000,
  };
  await setJson(deps.store, pendingKeys.request(id), pending, deps.lifetimes.codeSeconds);
  setCookie(c, consentCookie(id), csrf, {
    path: "/oauth",
    httpOnly: true,
    sameSite: "Lax",
    secure: base.startsWith("https:"),
    maxAge: deps.lifetimes.codeSeconds,
  });
  return consentPage(c, deps, 200, {
    requestId: id,
    csrf,
    clientName: client.client_name,
    clientId: client.client_id,
    redirectUri,
    pins,
    offered,
    checked: offered.filter((s) => !isWriteSkill(s)),
    sentryHost: new URL(deps.sentryUrl).host,
  });
}

/** The posted form's pending request, or an error page if it expired or the CSRF check fails. */
async function loadPendingConsent(c: Context, deps: OAuthDeps): Promise<Response | PendingConsent> {
  const form = await c.req.formData().catch(() => null);
  const id = formField(form, "request");
  const csrf = formField(form, "csrf");
  const pending = id
    ? await getJson<PendingAuthorization>(deps.store, pendingKeys.request(id))
    : null;
  if (!pending || pending.expiresAt <= deps.now()) {
    return htmlPage(
      c,
      400,
      renderErrorPage(
        "Request expired",
        "This authorization request expired. Start again from your application.",
      ),
    );
  }
  const cookie = getCookie(c, consentCookie(id)) ?? "";
  if (!csrf || !safeEqual(cookie, csrf) || !safeEqual(hashToken(csrf), pending.csrfHash)) {
    return htmlPage(
      c,
      403,
      renderErrorPage(
        "Request not accepted",
        "This consent form was not opened in this browser. Start again from your application.",
      ),
    );
  }
  return { id, csrf, pending, form };
}

function formField(form: FormData | null, key: string): string {
  const v = form?.get(key);
  return typeof v === "string" ? v : "";
}

/** Denial goes back to the client; approval of at least one offered skill goes on to Sentry. */
async function decideConsent(c: Context, deps: OAuthDeps, base: string, req: PendingConsent) {
  const { id, csrf, pending, form } = req;
  if (formField(form, "action") !== "approve") {
    await deps.store.delete(pendingKeys.request(id));
    const denied = {
      error: "access_denied",
      error_description: "The user declined.",
      state: pending.state,
      iss: base,
    };
    return c.redirect(redirectWith(pending.redirectUri, denied), 302);
  }
  const chosen = (form?.getAll("skill") ?? []).filter((s): s is Skill =>
    pending.offered.includes(s as Skill),
  );
  if (chosen.length === 0) {
    return consentPage(c, deps, 400, {
      requestId: id,
      csrf,
      clientName: pending.clientName,
      clientId: pending.clientId,
      redirectUri: pending.redirectUri,
      pins: pending.pins,
      offered: pending.offered,
      checked: [],
      sentryHost: new URL(deps.sentryUrl).host,
      error: "Pick at least one skill, or cancel.",
    });
  }
  return sendToSentry(c, deps, base, id, pending, chosen);
}

/** Records the chosen skills and redirects the browser to Sentry's authorization page. */
async function sendToSentry(
  c: Context,
  deps: OAuthDeps,
  base: string,
  id: string,
  pending: PendingAuthorization,
  chosen: Skill[],
) {
  const upstreamState = randomToken();
  const ttl = Math.max(1, Math.ceil((pending.expiresAt - deps.now()) / 1000));
  await setJson(deps.store, pendingKeys.request(id), { ...pending, skills: chosen }, ttl);
  await deps.store.set(pendingKeys.upstreamState(upstreamState), id, ttl);
  const target = upstreamAuthorizeUrl(
    { sentryUrl: deps.sentryUrl, app: deps.upstream, fetch: deps.fetch, now: deps.now },
    { redirectUri: `${base}/oauth/callback`, scope: upstreamScope(chosen), state: upstreamState },
  );
  return c.redirect(target, 302);
}
