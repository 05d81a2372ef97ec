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
import { getJson, setJson } from "../store/types.js";
import { baseUrlOf, parseResource, resourceUrl } from "../urls.js";
import { loadClient, matchRedirectUri } from "./clients.js";
import { isWriteSkill, renderConsentPage, renderErrorPage } from "./consent-page.js";
import {
  consentCookie,
  type OAuthDeps,
  type PendingAuthorization,
  pendingKeys,
  redirectWith,
} from "./pending.js";
import { upstreamAuthorizeUrl } from "./upstream.js";

/** Skills a consent page offers: those the client's `scope` names, or all (docs is always on). */
export function offeredSkills(scope: string | null): Skill[] {
  const all: Skill[] = SKILLS.filter((s) => s !== "docs");
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

function origin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "";
  }
}

export function registerAuthorizeRoutes(app: Hono, deps: OAuthDeps): void {
  app.get("/oauth/authorize", async (c) => {
    const base = baseUrlOf(c, deps.publicUrl);
    const checked = await checkAuthorizeRequest(c, deps, base);
    if (checked instanceof Response) return checked;
    return showConsent(c, deps, base, checked);
  });

  app.post("/oauth/authorize", async (c) => {
    const base = baseUrlOf(c, deps.publicUrl);
    const consent = await readConsent(c, deps);
    if (consent instanceof Response) return consent;
    const { id, csrf, pending, form } = consent;
    if (form.get("action") !== "approve") return deny(c, deps, base, id, pending);
    const chosen = form
      .getAll("skill")
      .filter((s): s is Skill => pending.offered.includes(s as Skill));
    if (chosen.length === 0) return askAgain(c, deps, id, csrf, pending);
    return continueUpstream(c, deps, base, id, pending, chosen);
  });
}

type Client = NonNullable<Awaited<ReturnType<typeof loadClient>>>;

interface AuthorizeRequest {
  client: Client;
  redirectUri: string;
  state?: string;
  challenge: string;
  pins: NonNullable<ReturnType<typeof parseResource>>;
  scope: string | null;
}

/**
 * GET step 1: the client and redirect URI must be registered (else an error page: we cannot
 * redirect to an unknown place); the rest of the request errors go back to the client.
 */
async function checkAuthorizeRequest(
  c: Context,
  deps: OAuthDeps,
  base: string,
): Promise<AuthorizeRequest | Response> {
  const q = new URL(c.req.url).searchParams;
  const client = await loadClient(deps.store, q.get("client_id") ?? undefined);
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
  const state = q.get("state") ?? undefined;
  const fail = (error: string, description: string) =>
    c.redirect(
      redirectWith(redirectUri, { error, error_description: description, state, iss: base }),
      302,
    );
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
  const resources = q.getAll("resource");
  if (resources.length > 1) return fail("invalid_target", "Send one resource.");
  const pins = parseResource(base, resources[0] ?? resourceUrl(base));
  if (!pins)
    return fail(
      "invalid_target",
      `The resource must be this server's MCP endpoint (${resourceUrl(base)}).`,
    );
  return { client, redirectUri, state, challenge, pins, scope: q.get("scope") };
}

/** GET step 2: remember the request, bind it to this browser (cookie) and show the consent page. */
async function showConsent(c: Context, deps: OAuthDeps, base: string, request: AuthorizeRequest) {
  const { client, redirectUri, pins } = request;
  const id = randomToken(18);
  const csrf = randomToken();
  const offered = offeredSkills(request.scope);
  const pending: PendingAuthorization = {
    clientId: client.client_id,
    clientName: client.client_name,
    redirectUri,
    state: request.state,
    codeChallenge: request.challenge,
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
  const view = {
    requestId: id,
    csrf,
    clientName: client.client_name,
    clientId: client.client_id,
    redirectUri,
    pins,
    offered,
    checked: offered.filter((s) => !isWriteSkill(s)),
    sentryHost: new URL(deps.sentryUrl).host,
  };
  return htmlPage(c, 200, renderConsentPage(view), [origin(deps.sentryUrl), origin(redirectUri)]);
}

/** POST step 1: the pending request must be alive and the form posted from the same browser. */
async function readConsent(c: Context, deps: OAuthDeps) {
  const form = (await c.req.formData().catch(() => null)) ?? new FormData();
  const field = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v : "";
  };
  const id = field("request");
  const csrf = field("csrf");
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

/** POST, declined: forget the request and tell the client. */
async function deny(
  c: Context,
  deps: OAuthDeps,
  base: string,
  id: string,
  pending: PendingAuthorization,
) {
  await deps.store.delete(pendingKeys.request(id));
  const denied = {
    error: "access_denied",
    error_description: "The user declined.",
    state: pending.state,
    iss: base,
  };
  return c.redirect(redirectWith(pending.redirectUri, denied), 302);
}

/** POST, approved with no skill ticked: the consent page again, with the reason. */
function askAgain(
  c: Context,
  deps: OAuthDeps,
  id: string,
  csrf: string,
  pending: PendingAuthorization,
) {
  const view = {
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
  };
  return htmlPage(c, 400, renderConsentPage(view), [
    origin(deps.sentryUrl),
    origin(pending.redirectUri),
  ]);
}

/** POST, approved: keep the chosen skills and send the browser to Sentry's authorization page. */
async function continueUpstream(
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
