/**
 * Saved logins, in the file and format @sentry/mcp-server uses, so both servers share it:
 * `~/.sentry/mcp.json` (or SENTRY_MCP_AUTH_CACHE), a JSON object keyed `"<host>:<clientId>"`
 * whose entries are `{access_token, refresh_token, expires_at, sentry_host, client_id,
 * user_email, scope}`. We read any entry for the host (the incumbent's too), write ours under
 * our own client id, and never change or remove an entry we did not write: other keys are
 * written back exactly as they were. File 0600 in a 0700 folder, replaced atomically.
 * The token is never printed.
 */

import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { z } from "zod";
import { UserInputError } from "../errors.js";
import { DEFAULT_CLIENT_ID } from "./device-flow.js";

export interface SavedLogin {
  accessToken: string;
  refreshToken?: string;
  /** ISO date after which the access token no longer works */
  expiresAt?: string;
  scope?: string;
  /** the OAuth client that issued it (refreshes must use the same one) */
  clientId: string;
  user?: { id?: string; name?: string; email?: string };
  /** the key it was read from; absent for a login not saved yet */
  key?: string;
}

const EntrySchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).nullish().catch(undefined),
  expires_at: z.string().nullish().catch(undefined),
  sentry_host: z.string().nullish().catch(undefined),
  client_id: z.string().catch(""),
  user_email: z.string().nullish().catch(undefined),
  scope: z.string().nullish().catch(undefined),
});

/** Our client id: `--client-id` / SENTRY_CLIENT_ID, else the built-in one. */
export function ownClientId(env: NodeJS.ProcessEnv, flag?: string): string {
  return flag?.trim() || env.SENTRY_CLIENT_ID?.trim() || DEFAULT_CLIENT_ID;
}

/**
 * SENTRY_MCP_AUTH_CACHE, else `~/.sentry/mcp.json`; undefined when neither names a place.
 * Reading needs HOME (so a test or a client that passes a bare environment never picks up a
 * login); writing falls back to the OS home.
 */
export function loginFile(env: NodeJS.ProcessEnv, forWrite = false): string | undefined {
  const explicit = env.SENTRY_MCP_AUTH_CACHE?.trim();
  if (explicit) return explicit;
  const home =
    env.HOME?.trim() || env.USERPROFILE?.trim() || (forWrite ? homedir() : undefined) || undefined;
  return home ? join(home, ".sentry", "mcp.json") : undefined;
}

/** The host part of the key: hostname and port, as `--host` takes it. */
export function hostKey(sentryUrl: string): string {
  return new URL(sentryUrl).host;
}

/** The file's object; `undefined` when it exists but is not a JSON object (we never clobber it). */
function readAll(file: string): Record<string, unknown> | undefined {
  if (!existsSync(file)) return {};
  try {
    const data = JSON.parse(readFileSync(file, "utf8"));
    return data && typeof data === "object" && !Array.isArray(data) ? data : undefined;
  } catch {
    return undefined;
  }
}

function writeAll(file: string, data: Record<string, unknown>): void {
  const dir = dirname(file);
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tmp = `${file}.tmp.${process.pid}`;
  writeFileSync(tmp, JSON.stringify(data, null, 2), { mode: 0o600 });
  // The mode above is masked by umask and ignored when the file exists: set it explicitly.
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
}

function editable(file: string): Record<string, unknown> {
  const data = readAll(file);
  if (!data)
    throw new UserInputError(
      `${file} is not a JSON object; move it away to save a login (it is left untouched).`,
    );
  return data;
}

function toLogin(key: string, raw: unknown): SavedLogin | undefined {
  const entry = EntrySchema.safeParse(raw);
  if (!entry.success) return undefined;
  const e = entry.data;
  return {
    accessToken: e.access_token,
    refreshToken: e.refresh_token ?? undefined,
    expiresAt: e.expires_at ?? undefined,
    scope: e.scope ?? undefined,
    clientId: e.client_id,
    user: e.user_email ? { email: e.user_email } : undefined,
    key,
  };
}

/**
 * The best saved login for this Sentry host, expired or not: any client's entry (ours or the
 * incumbent's), unexpired ones first, then ours, then the one that lasts longest.
 */
export function readLogin(
  sentryUrl: string,
  env: NodeJS.ProcessEnv,
  now = Date.now(),
): SavedLogin | undefined {
  const file = loginFile(env);
  if (!file) return undefined;
  const host = hostKey(sentryUrl);
  const own = `${host}:${ownClientId(env)}`;
  const found = Object.entries(readAll(file) ?? {})
    .filter(([key]) => key.startsWith(`${host}:`))
    .map(([key, raw]) => toLogin(key, raw))
    .filter((l): l is SavedLogin => l !== undefined);
  const rank = (l: SavedLogin) => [
    isExpired(l, now) ? 1 : 0,
    l.key === own ? 0 : 1,
    -(Date.parse(l.expiresAt ?? "") || Number.MAX_SAFE_INTEGER),
  ];
  found.sort((a, b) => {
    const [x, y] = [rank(a), rank(b)];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  });
  return found[0];
}

/**
 * Saves a login under our own key (`host:ownClientId`), replacing only that entry; its
 * `client_id` says which client issued it. Returns the file path.
 */
export function saveLogin(
  sentryUrl: string,
  login: SavedLogin,
  env: NodeJS.ProcessEnv,
  keyClientId = ownClientId(env),
): string {
  const file = loginFile(env, true) as string;
  const data = editable(file);
  const host = hostKey(sentryUrl);
  data[`${host}:${keyClientId}`] = {
    access_token: login.accessToken,
    refresh_token: login.refreshToken ?? null,
    expires_at: login.expiresAt ?? null,
    sentry_host: host,
    client_id: login.clientId,
    user_email: login.user?.email ?? null,
    scope: login.scope ?? null,
  };
  writeAll(file, data);
  return file;
}

/** Forgets our login for this host (never another client's); true when there was one. */
export function removeLogin(
  sentryUrl: string,
  env: NodeJS.ProcessEnv,
  keyClientId = ownClientId(env),
): boolean {
  const file = loginFile(env, true) as string;
  const data = readAll(file);
  const key = `${hostKey(sentryUrl)}:${keyClientId}`;
  if (!data || !(key in data)) return false;
  delete data[key];
  writeAll(file, data);
  return true;
}

/** True when the token is expired or expires within `marginMs`. Unknown expiry: never. */
export function isExpired(login: SavedLogin, now = Date.now(), marginMs = 60_000): boolean {
  if (!login.expiresAt) return false;
  const at = Date.parse(login.expiresAt);
  return Number.isFinite(at) && at - marginMs <= now;
}
