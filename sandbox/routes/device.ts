/**
 * Sentry's device login (OAuth 2.0 device authorization grant, RFC 8628), faked:
 * `POST /oauth/device/code/` hands out a device code and a user code, `/oauth/device/` is the
 * page where the user types the code, logs in and approves, and `POST /oauth/token/` with the
 * device-code grant answers `authorization_pending` / `slow_down` / `access_denied` /
 * `expired_token` until it issues a token. Device tokens refresh without a client secret
 * (public client). Everything else on `/oauth/token/` falls through to ./oauth.ts.
 */

import { randomBytes, randomInt } from "node:crypto";
import type { Context, Hono } from "hono";
import { SANDBOX_LOGIN, SANDBOX_SCOPES, SANDBOX_TOKEN_LIFETIME_SECONDS } from "../data/oauth.js";
import type { RouteDeps } from "./http.js";
import { baseUrlOf } from "./http.js";

/** Public clients the sandbox knows (the CLI's default client id among them). */
export const SANDBOX_DEVICE_CLIENT_IDS: readonly string[] = ["sentry-mcp-lite", "sandbox-device"];
/** Seconds between polls the sandbox asks for: short, so logins in tests and demos are quick. */
export const SANDBOX_DEVICE_INTERVAL_SECONDS = 1;
export const SANDBOX_DEVICE_CODE_LIFETIME_SECONDS = 600;

const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";
/** RFC 8628 §6.1: no vowels (no words), no look-alikes. */
const USER_CODE_CHARS = "BCDFGHJKLMNPQRSTVWXZ";

interface PendingDevice {
  clientId: string;
  userCode: string;
  scope: string;
  expiresAt: number;
  /** seconds; grows by 5 on every slow_down */
  interval: number;
  lastPollAt?: number;
  status: "pending" | "approved" | "denied";
}

interface DeviceToken {
  accessToken: string;
  refreshToken: string;
  clientId: string;
  scope: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const normalizeCode = (value: string) => value.toUpperCase().replace(/[^A-Z]/g, "");

function oauthError(c: Context, error: string, description: string, status: 400 | 401 = 400) {
  return c.json({ error, error_description: description }, status);
}

function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sentry (sandbox): device login</title>
<style>body{font-family:system-ui,sans-serif;max-width:30rem;margin:3rem auto;color:#2b1d38}label{display:block;margin:.6rem 0}input{width:100%;padding:.4rem}</style></head>
<body><h1>Sentry sandbox</h1>${body}</body></html>`;
}

function codeForm(userCode: string, error?: string): string {
  return page(`<p>Enter the code shown in your terminal, log in and approve.</p>
${error ? `<p role="alert" style="color:#b00">${esc(error)}</p>` : ""}
<form method="post" action="/oauth/device/">
<label>Code <input name="user_code" value="${esc(userCode)}" autocomplete="off"></label>
<label>Email <input type="email" name="email" value="${esc(SANDBOX_LOGIN.email)}" autocomplete="username"></label>
<label>Password <input type="password" name="password" autocomplete="current-password"></label>
<p style="color:#666">Demo login: ${esc(SANDBOX_LOGIN.email)} / ${esc(SANDBOX_LOGIN.password)}</p>
<button type="submit" name="op" value="approve">Approve</button>
<button type="submit" name="op" value="deny">Deny</button>
</form>`);
}

/** Registers the device routes; call before registerOAuthRoutes (they share /oauth/token/). */
export function registerDeviceRoutes(app: Hono, deps: RouteDeps, tokens: Set<string>): void {
  const devices = new Map<string, PendingDevice>();
  const byRefresh = new Map<string, DeviceToken>();
  const random = (prefix: string) => `${prefix}${randomBytes(24).toString("hex")}`;
  const newUserCode = () => {
    let code = "";
    for (let i = 0; i < 8; i++) code += USER_CODE_CHARS[randomInt(USER_CODE_CHARS.length)];
    return code;
  };
  const findByUserCode = (input: string) => {
    const wanted = normalizeCode(input);
    for (const [deviceCode, device] of devices) {
      if (device.userCode === wanted && device.expiresAt > Date.now())
        return { deviceCode, device };
    }
    return undefined;
  };

  app.post("/oauth/device/code/", async (c) => {
    const form = await c.req.formData();
    const clientId = String(form.get("client_id") ?? "");
    if (!SANDBOX_DEVICE_CLIENT_IDS.includes(clientId))
      return oauthError(c, "invalid_client", "Unknown client_id.", 401);
    const scope = String(form.get("scope") ?? "");
    const unknown = scope
      .split(/\s+/)
      .filter((s) => s && !(SANDBOX_SCOPES as readonly string[]).includes(s));
    if (unknown.length)
      return oauthError(c, "invalid_scope", `Unknown scopes: ${unknown.join(", ")}`);
    const deviceCode = random("sbxdevicecode_");
    const userCode = newUserCode();
    devices.set(deviceCode, {
      clientId,
      userCode,
      scope,
      expiresAt: Date.now() + SANDBOX_DEVICE_CODE_LIFETIME_SECONDS * 1000,
      interval: SANDBOX_DEVICE_INTERVAL_SECONDS,
      status: "pending",
    });
    const verify = `${baseUrlOf(c, deps)}/oauth/device/`;
    const shown = `${userCode.slice(0, 4)}-${userCode.slice(4)}`;
    return c.json({
      device_code: deviceCode,
      user_code: shown,
      verification_uri: verify,
      verification_uri_complete: `${verify}?user_code=${shown}`,
      expires_in: SANDBOX_DEVICE_CODE_LIFETIME_SECONDS,
      interval: SANDBOX_DEVICE_INTERVAL_SECONDS,
    });
  });

  app.get("/oauth/device/", (c) => c.html(codeForm(c.req.query("user_code") ?? "")));

  app.post("/oauth/device/", async (c) => {
    const form = await c.req.formData();
    const userCode = String(form.get("user_code") ?? "");
    const found = findByUserCode(userCode);
    if (found?.device.status !== "pending")
      return c.html(codeForm(userCode, "Unknown or expired code."), 400);
    if (form.get("op") === "deny") {
      found.device.status = "denied";
      return c.html(page("<p>Denied. You can close this page.</p>"));
    }
    if (
      form.get("email") !== SANDBOX_LOGIN.email ||
      form.get("password") !== SANDBOX_LOGIN.password
    )
      return c.html(codeForm(userCode, "Wrong email or password."), 401);
    found.device.status = "approved";
    return c.html(page("<p>Device approved. Return to your terminal.</p>"));
  });

  const issue = (c: Context, clientId: string, scope: string) => {
    const token: DeviceToken = {
      accessToken: random("sbxdevice_"),
      refreshToken: random("sbxdevicerefresh_"),
      clientId,
      scope,
    };
    tokens.add(token.accessToken);
    byRefresh.set(token.refreshToken, token);
    const user = deps.store.users.find((u) => u.id === deps.store.currentUserId)!;
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

  app.post("/oauth/token/", async (c, next) => {
    const form = await c.req.formData();
    const field = (k: string) => (typeof form.get(k) === "string" ? String(form.get(k)) : "");
    const clientId = field("client_id");
    if (field("grant_type") === DEVICE_GRANT) {
      const deviceCode = field("device_code");
      const device = devices.get(deviceCode);
      if (!device || device.clientId !== clientId)
        return oauthError(c, "invalid_grant", "Unknown device code.");
      const now = Date.now();
      if (device.expiresAt <= now) {
        devices.delete(deviceCode);
        return oauthError(c, "expired_token", "The device code expired.");
      }
      if (device.status === "denied") {
        devices.delete(deviceCode);
        return oauthError(c, "access_denied", "The user denied the request.");
      }
      if (device.status === "approved") {
        devices.delete(deviceCode);
        return issue(c, clientId, device.scope);
      }
      const early =
        device.lastPollAt !== undefined && now - device.lastPollAt < device.interval * 1000 - 50;
      device.lastPollAt = now;
      if (early) {
        device.interval += 5;
        return oauthError(c, "slow_down", "Polling too fast.");
      }
      return oauthError(c, "authorization_pending", "The user has not approved yet.");
    }
    const previous =
      field("grant_type") === "refresh_token" ? byRefresh.get(field("refresh_token")) : undefined;
    if (previous) {
      if (previous.clientId !== clientId) return oauthError(c, "invalid_grant", "Wrong client.");
      tokens.delete(previous.accessToken);
      byRefresh.delete(previous.refreshToken);
      return issue(c, clientId, previous.scope);
    }
    await next();
  });
}
