/**
 * `sentry-mcp auth login | logout | status`: log in with the device flow, save the token per
 * Sentry origin, and hand it to the stdio server (and `tools`/`call`) when no token is given.
 * Messages go to stderr; the token itself is never printed.
 */

import type { Config } from "../config.js";
import { ApiError } from "../errors.js";
import type { UpstreamFetch } from "../sentry-api/client.js";
import { getCurrentUser } from "../sentry-api/organizations.js";
import { createClient } from "../server/session.js";
import type { CliOptions } from "./args.js";
import {
  type FlowDeps,
  LOGIN_SCOPES,
  LoginError,
  pollForToken,
  refreshGrant,
  requestDeviceCode,
  type TokenGrant,
} from "./device-flow.js";
import {
  isExpired,
  ownClientId,
  readLogin,
  removeLogin,
  type SavedLogin,
  saveLogin,
} from "./token-cache.js";

export interface AuthIO {
  stderr(text: string): void;
  stdout(text: string): void;
}

const processIO: AuthIO = {
  stderr: (t) => process.stderr.write(t),
  stdout: (t) => process.stdout.write(t),
};

function hostOf(sentryUrl: string): string {
  return new URL(sentryUrl).host;
}

function describeUser(user: SavedLogin["user"]): string {
  if (!user) return "an unknown user";
  if (user.name && user.email && user.name !== user.email) return `${user.name} <${user.email}>`;
  return user.email ?? user.name ?? `user ${user.id ?? "?"}`;
}

function describeExpiry(login: SavedLogin, now: number): string {
  if (!login.expiresAt) return "no expiry date";
  const ms = Date.parse(login.expiresAt) - now;
  if (!Number.isFinite(ms)) return "no expiry date";
  if (ms <= 0) return `expired ${login.expiresAt}`;
  const hours = Math.round(ms / 3_600_000);
  const when = hours >= 48 ? `${Math.round(hours / 24)} days` : `${Math.max(1, hours)} hours`;
  return `expires in ${when} (${login.expiresAt})`;
}

function toSaved(grant: TokenGrant, clientId: string, previous?: SavedLogin): SavedLogin {
  return {
    accessToken: grant.accessToken,
    refreshToken: grant.refreshToken ?? previous?.refreshToken,
    expiresAt: grant.expiresAt,
    scope: grant.scope ?? previous?.scope,
    clientId,
    user: grant.user ?? previous?.user,
  };
}

/** The user behind a token, when the token response did not say. */
async function lookUpUser(config: Config, token: string, fetchImpl?: UpstreamFetch) {
  const user = await getCurrentUser(createClient(config, token, fetchImpl));
  return { id: user.id, name: user.name ?? undefined, email: user.email ?? undefined };
}

export interface LoginOptions extends FlowDeps {
  clientId?: string;
}

/** Runs the device flow and saves the token; returns the saved login. */
export async function login(
  config: Config,
  env: NodeJS.ProcessEnv,
  io: AuthIO,
  options: LoginOptions = {},
): Promise<SavedLogin> {
  const clientId = ownClientId(env, options.clientId);
  const host = hostOf(config.sentryUrl);
  const code = await requestDeviceCode(config.sentryUrl, clientId, LOGIN_SCOPES, options);
  const minutes = Math.max(1, Math.round(code.expiresIn / 60));
  io.stderr(
    [
      `To log in to ${host}, open this page in a browser:`,
      "",
      `    ${code.verificationUriComplete ?? code.verificationUri}`,
      "",
      `and check that it shows the code  ${code.userCode}`,
      `Waiting for approval (the code expires in ${minutes} minutes; Ctrl-C to cancel)...`,
      "",
    ].join("\n"),
  );
  const grant = await pollForToken(config.sentryUrl, clientId, code, options);
  const saved = toSaved(grant, clientId);
  if (!saved.user) {
    saved.user = await lookUpUser(config, grant.accessToken, options.fetch).catch(() => undefined);
  }
  const file = saveLogin(config.sentryUrl, saved, env, clientId);
  io.stderr(
    `Logged in to ${host} as ${describeUser(saved.user)}. Saved to ${file};\n` +
      "sentry-mcp uses it when no --access-token or SENTRY_ACCESS_TOKEN is given.\n",
  );
  return saved;
}

/**
 * The saved token for this Sentry, renewed first when it has expired. Throws a LoginError
 * saying to log in again when it cannot be renewed.
 */
export async function freshSavedToken(
  sentryUrl: string,
  env: NodeJS.ProcessEnv,
  deps: FlowDeps = {},
): Promise<string> {
  const now = (deps.now ?? Date.now)();
  const saved = readLogin(sentryUrl, env, now);
  const host = hostOf(sentryUrl);
  if (!saved) {
    throw new LoginError("auth", `No saved login for ${host}. Run \`sentry-mcp auth login\`.`);
  }
  if (!isExpired(saved, now)) return saved.accessToken;
  if (!saved.refreshToken || !saved.clientId) {
    throw new LoginError(
      "auth",
      `The saved login for ${host} has expired. Run \`sentry-mcp auth login\` again.`,
    );
  }
  // Renewed through the client that issued it; saved under our own key, so another client's
  // entry (the incumbent's) is never rewritten.
  const grant = await refreshGrant(sentryUrl, saved.clientId, saved.refreshToken, deps);
  saveLogin(sentryUrl, toSaved(grant, saved.clientId, saved), env);
  return grant.accessToken;
}

/** For stdio/tools/call when the token came from the saved login: renew it if needed. */
export async function useSavedLogin(config: Config, env: NodeJS.ProcessEnv): Promise<Config> {
  return { ...config, accessToken: await freshSavedToken(config.sentryUrl, env) };
}

async function status(config: Config, env: NodeJS.ProcessEnv, io: AuthIO): Promise<number> {
  const host = hostOf(config.sentryUrl);
  const saved = readLogin(config.sentryUrl, env);
  const lines: string[] = [];
  if (config.accessToken) {
    lines.push(
      "A token is given (--access-token or SENTRY_ACCESS_TOKEN); it wins over a saved login.",
    );
  }
  if (!saved) {
    io.stderr(
      [...lines, `Not logged in to ${host}. Run \`sentry-mcp auth login\`.`, ""].join("\n"),
    );
    return config.accessToken ? 0 : 1;
  }
  let token: string;
  try {
    token = await freshSavedToken(config.sentryUrl, env);
  } catch (error) {
    io.stderr([...lines, (error as Error).message, ""].join("\n"));
    return 1;
  }
  try {
    const user = await lookUpUser(config, token);
    const current = readLogin(config.sentryUrl, env) ?? saved;
    lines.push(
      `Logged in to ${host} as ${describeUser(user)}; ${describeExpiry(current, Date.now())}.`,
    );
    if (current.scope) lines.push(`Scopes: ${current.scope.split(/\s+/).join(", ")}`);
    io.stderr(`${lines.join("\n")}\n`);
    return 0;
  } catch (error) {
    const rejected = error instanceof ApiError && error.kind === "auth";
    lines.push(
      rejected
        ? `The saved login for ${host} no longer works. Run \`sentry-mcp auth login\` again.`
        : `Logged in to ${host} (could not check the token: ${(error as Error).message}).`,
    );
    io.stderr(`${lines.join("\n")}\n`);
    return rejected ? 1 : 0;
  }
}

/** `sentry-mcp auth <login|logout|status>`; returns the exit code. */
export async function runAuth(
  options: CliOptions,
  env: NodeJS.ProcessEnv,
  io: AuthIO = processIO,
  deps: FlowDeps = {},
): Promise<number> {
  const config = options.config;
  const action = options.terminal?.args[0];
  if (action === "login") {
    await login(config, env, io, { ...deps, clientId: options.terminal?.clientId });
    return 0;
  }
  if (action === "logout") {
    // Only our own entry: a login saved by another client (the incumbent) stays.
    const removed = removeLogin(
      config.sentryUrl,
      env,
      ownClientId(env, options.terminal?.clientId),
    );
    io.stderr(
      removed
        ? `Logged out of ${hostOf(config.sentryUrl)}: the saved token was deleted.\n`
        : `No saved login for ${hostOf(config.sentryUrl)}.\n`,
    );
    return 0;
  }
  return status(config, env, io);
}
