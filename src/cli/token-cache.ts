/**
 * Saved logins from `sentry-mcp auth login`: `~/.sentry/mcp.json`, one entry per Sentry origin,
 * readable by the user only (file 0600, directory 0700 when we create it). The token is never
 * printed; `auth status` shows who it belongs to and when it expires.
 */

import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { z } from "zod";

export interface SavedLogin {
  accessToken: string;
  refreshToken?: string;
  /** ISO date after which the access token no longer works */
  expiresAt?: string;
  scope?: string;
  /** the OAuth client that issued it (refreshes must use the same one) */
  clientId: string;
  user?: { id?: string; name?: string; email?: string };
  savedAt: string;
}

const LoginSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1).optional().catch(undefined),
  expiresAt: z.string().optional().catch(undefined),
  scope: z.string().optional().catch(undefined),
  clientId: z.string().catch(""),
  user: z
    .object({
      id: z.string().optional().catch(undefined),
      name: z.string().optional().catch(undefined),
      email: z.string().optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
  savedAt: z.string().catch(""),
});

const FileSchema = z.object({
  version: z.literal(1),
  logins: z.record(z.string(), z.unknown()),
});

/** The home directory from the environment (tests set HOME to a temporary directory). */
function homeOf(env: NodeJS.ProcessEnv): string | undefined {
  return env.HOME?.trim() || env.USERPROFILE?.trim() || undefined;
}

/**
 * `~/.sentry/mcp.json`, or undefined when the environment names no home directory. Reading
 * needs HOME (so a test or a client that passes a bare environment never picks up a login);
 * writing falls back to the OS home.
 */
export function loginFile(env: NodeJS.ProcessEnv, forWrite = false): string | undefined {
  const home = homeOf(env) ?? (forWrite ? homedir() : undefined);
  return home ? join(home, ".sentry", "mcp.json") : undefined;
}

/** The cache key: scheme, host and port of the Sentry instance. */
export function loginKey(sentryUrl: string): string {
  return new URL(sentryUrl).origin;
}

function readAll(file: string): Record<string, unknown> {
  if (!existsSync(file)) return {};
  try {
    const parsed = FileSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
    return parsed.success ? { ...parsed.data.logins } : {};
  } catch {
    // A corrupt file is treated as empty; the next login rewrites it.
    return {};
  }
}

function writeAll(file: string, logins: Record<string, unknown>): void {
  const dir = join(file, "..");
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify({ version: 1, logins }, null, 2)}\n`, { mode: 0o600 });
  // The mode above is masked by umask and ignored when the file exists: set it explicitly.
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
}

/** The saved login for this Sentry, if any (expired or not). */
export function readLogin(sentryUrl: string, env: NodeJS.ProcessEnv): SavedLogin | undefined {
  const file = loginFile(env);
  if (!file) return undefined;
  const entry = LoginSchema.safeParse(readAll(file)[loginKey(sentryUrl)]);
  return entry.success ? entry.data : undefined;
}

/** Saves (or replaces) the login for this Sentry; returns the file path. */
export function saveLogin(sentryUrl: string, login: SavedLogin, env: NodeJS.ProcessEnv): string {
  const file = loginFile(env, true)!;
  const logins = readAll(file);
  logins[loginKey(sentryUrl)] = login;
  writeAll(file, logins);
  return file;
}

/** Forgets the login for this Sentry; true when there was one. Deletes an empty file. */
export function removeLogin(sentryUrl: string, env: NodeJS.ProcessEnv): boolean {
  const file = loginFile(env, true)!;
  const logins = readAll(file);
  const key = loginKey(sentryUrl);
  if (!(key in logins)) return false;
  delete logins[key];
  if (Object.keys(logins).length === 0) rmSync(file, { force: true });
  else writeAll(file, logins);
  return true;
}

/** True when the token is expired or expires within `marginMs`. Unknown expiry: never. */
export function isExpired(login: SavedLogin, now = Date.now(), marginMs = 60_000): boolean {
  if (!login.expiresAt) return false;
  const at = Date.parse(login.expiresAt);
  return Number.isFinite(at) && at - marginMs <= now;
}
