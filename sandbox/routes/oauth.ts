/**
 * Sentry's OAuth server, faked: `/oauth/authorize/` shows a login-and-approve page and redirects
 * back with a code; `/oauth/token/` exchanges codes and refresh tokens; `/oauth/revoke/` (RFC 7009,
 * client credentials in the form) deletes one token, access and refresh together. Issued access
 * tokens are added to the set the API accepts; a refresh replaces the token in place (the old one
 * stops working), as Sentry does.
 */

import { randomBytes } from "node:crypto";
import type { Context, Hono } from "hono";
import {
  SANDBOX_LOGIN,
  SANDBOX_OAUTH_CLIENT,
  SANDBOX_SCOPES,
  SANDBOX_TOKEN_LIFETIME_SECONDS,
} from "../data/oauth.js";
import type { RouteDeps } from "./http.js";

interface PendingCode {
  redirectUri: string;
  scope: string;
  expiresAt: number;
}

interface IssuedToken {
  accessToken: string;
  refreshToken: string;
  scope: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function oauthError(c: Context, error: string, description: string, status: 400 | 401 = 400) {
  return c.json({ error, error_description: description }, status);
}

function validRedirect(value: string | undefined): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

function loginPage(params: URLSearchParams, error?: string): string {
  const hidden = ["client_id", "redirect_uri", "scope", "state", "response_type"]
    .map((k) => `<input type="hidden" name="${k}" value="${esc(params.get(k) ?? "")}">`)
    .join("");
  const scopes = (params.get("scope") ?? "").split(/[\s+]+/).filter(Boolean);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sentry (sandbox): authorize</title>
<style>body{font-family:system-ui,sans-serif;max-width:30rem;margin:3rem auto;color:#2b1d38}label{display:block;margin:.6rem 0}input[type=email],input[type=password]{width:100%;padding:.4rem}</style></head>
<body><h1>Sentry sandbox</h1>
<p><strong>${esc(SANDBOX_OAUTH_CLIENT.name)}</strong> asks for access to your Sentry account.</p>
<p>Scopes: ${scopes.map((s) => `<code>${esc(s)}</code>`).join(" ") || "none"}</p>
${error ? `<p role="alert" style="color:#b00">${esc(error)}</p>` : ""}
<form method="post" action="/oauth/authorize/">${hidden}
<label>Email <input type="email" name="email" value="${esc(SANDBOX_LOGIN.email)}" autocomplete="username"></label>
<label>Password <input type="password" name="password" autocomplete="current-password"></label>
<p style="color:#666">Demo login: ${esc(SANDBOX_LOGIN.email)} / ${esc(SANDBOX_LOGIN.password)}</p>
<button type="submit" name="op" value="approve">Approve</button>
<button type="submit" name="op" value="deny">Deny</button>
</form></body></html>`;
}

/** Registers the OAuth routes; `tokens` is the set of bearer tokens the API accepts. */
export function registerOAuthRoutes(app: Hono, deps: RouteDeps, tokens: Set<string>): void {
  const me = () => deps.store.users.find((u) => u.id === deps.store.currentUserId)!;
  const codes = new Map<string, PendingCode>();
  const byRefresh = new Map<string, IssuedToken>();
  const random = (prefix: string) => `${prefix}${randomBytes(24).toString("hex")}`;

  const checkRequest = (params: URLSearchParams): string | null => {
    if (params.get("client_id") !== SANDBOX_OAUTH_CLIENT.clientId) return "Unknown client_id.";
    if (params.get("response_type") !== "code") return "response_type must be code.";
    if (!validRedirect(params.get("redirect_uri") ?? undefined)) return "Invalid redirect_uri.";
    const unknown = (params.get("scope") ?? "")
      .split(/[\s+]+/)
      .filter((s) => s && !(SANDBOX_SCOPES as readonly string[]).includes(s));
    return unknown.length ? `Unknown scopes: ${unknown.join(", ")}` : null;
  };

  app.get("/oauth/authorize/", (c) => {
    const params = new URL(c.req.url).searchParams;
    const problem = checkRequest(params);
    if (problem) return c.html(`<p>${esc(problem)}</p>`, 400);
    return c.html(loginPage(params));
  });

  app.post("/oauth/authorize/", async (c) => {
    const form = await c.req.formData();
    const params = new URLSearchParams();
    for (const k of ["client_id", "redirect_uri", "scope", "state", "response_type"]) {
      params.set(k, String(form.get(k) ?? ""));
    }
    const problem = checkRequest(params);
    if (problem) return c.html(`<p>${esc(problem)}</p>`, 400);
    const back = new URL(params.get("redirect_uri")!);
    if (params.get("state")) back.searchParams.set("state", params.get("state")!);
    if (form.get("op") === "deny") {
      back.searchParams.set("error", "access_denied");
      return c.redirect(back.toString(), 302);
    }
    if (
      form.get("email") !== SANDBOX_LOGIN.email ||
      form.get("password") !== SANDBOX_LOGIN.password
    ) {
      return c.html(loginPage(params, "Wrong email or password."), 401);
    }
    const code = random("sbxcode_");
    codes.set(code, {
      redirectUri: params.get("redirect_uri")!,
      scope: params.get("scope") ?? "",
      expiresAt: Date.now() + 600_000,
    });
    back.searchParams.set("code", code);
    return c.redirect(back.toString(), 302);
  });

  app.post("/oauth/token/", async (c) => {
    const form = await c.req.formData();
    const field = (k: string) =>
      typeof form.get(k) === "string" ? String(form.get(k)) : undefined;
    let clientId = field("client_id");
    let clientSecret = field("client_secret");
    const basic = /^Basic\s+(.+)$/i.exec(c.req.header("authorization") ?? "");
    if (basic) {
      const [id, secret] = Buffer.from(basic[1], "base64").toString("utf8").split(":");
      clientId = decodeURIComponent(id ?? "");
      clientSecret = decodeURIComponent(secret ?? "");
    }
    if (
      clientId !== SANDBOX_OAUTH_CLIENT.clientId ||
      clientSecret !== SANDBOX_OAUTH_CLIENT.clientSecret
    ) {
      return oauthError(c, "invalid_client", "Invalid client credentials.", 401);
    }
    const issue = (scope: string, previous?: IssuedToken) => {
      if (previous) {
        tokens.delete(previous.accessToken);
        byRefresh.delete(previous.refreshToken);
      }
      const token: IssuedToken = {
        accessToken: random("sbxoauth_"),
        refreshToken: random("sbxrefresh_"),
        scope,
      };
      tokens.add(token.accessToken);
      byRefresh.set(token.refreshToken, token);
      const user = me();
      return c.json({
        access_token: token.accessToken,
        refresh_token: token.refreshToken,
        token_type: "bearer",
        expires_in: SANDBOX_TOKEN_LIFETIME_SECONDS,
        expires_at: new Date(Date.now() + SANDBOX_TOKEN_LIFETIME_SECONDS * 1000).toISOString(),
        scope,
        user: { id: user.id, name: user.name, email: user.email },
      });
    };
    const grantType = field("grant_type");
    if (grantType === "authorization_code") {
      const code = field("code") ?? "";
      const pending = codes.get(code);
      codes.delete(code);
      if (
        !pending ||
        pending.expiresAt < Date.now() ||
        pending.redirectUri !== field("redirect_uri")
      ) {
        return oauthError(c, "invalid_grant", "Invalid or expired code.");
      }
      return issue(pending.scope);
    }
    if (grantType === "refresh_token") {
      const previous = byRefresh.get(field("refresh_token") ?? "");
      if (!previous) return oauthError(c, "invalid_grant", "Invalid refresh token.");
      return issue(previous.scope, previous);
    }
    return oauthError(c, "unsupported_grant_type", "Use authorization_code or refresh_token.");
  });

  app.post("/oauth/revoke/", async (c) => {
    const form = await c.req.formData();
    const field = (k: string) => {
      const v = form.get(k);
      return typeof v === "string" && v ? v : undefined;
    };
    const clientId = field("client_id");
    const clientSecret = field("client_secret");
    if (!clientId) return oauthError(c, "invalid_client", "client_id parameter not found");
    if (!clientSecret) return oauthError(c, "invalid_client", "client_secret parameter not found");
    const token = field("token");
    if (!token) return oauthError(c, "invalid_request", "token parameter not found");
    const hint = field("token_type_hint");
    if (hint && hint !== "access_token" && hint !== "refresh_token") {
      return oauthError(c, "unsupported_token_type", "token_type_hint is not supported");
    }
    if (
      clientId !== SANDBOX_OAUTH_CLIENT.clientId ||
      clientSecret !== SANDBOX_OAUTH_CLIENT.clientSecret
    ) {
      return oauthError(c, "invalid_client", "failed to authenticate client", 401);
    }
    const found = [...byRefresh.values()].find(
      (t) =>
        (hint !== "refresh_token" && t.accessToken === token) ||
        (hint !== "access_token" && t.refreshToken === token),
    );
    if (found) {
      tokens.delete(found.accessToken);
      byRefresh.delete(found.refreshToken);
    }
    // RFC 7009 §2.2: unknown tokens get the same empty 200.
    return c.body(null, 200);
  });
}
