/**
 * OAuth 2.0 device authorization grant (RFC 8628) against Sentry: ask for a device code, show
 * the user code and URL, then poll the token endpoint politely until the user approves in a
 * browser. Also refreshes saved tokens. Only the user code and URLs are ever shown; tokens are
 * returned to the caller, which saves them.
 */

import { z } from "zod";
import { type ErrorKind, ToolError } from "../errors.js";

/**
 * The public OAuth application `auth login` uses unless --client-id / SENTRY_CLIENT_ID says
 * otherwise. Device-flow clients are public (no secret), so the id is not a credential. It must
 * be registered on sentry.io as a public application before release; until then sentry.io
 * answers `invalid_client` and the login explains how to pass another id or use a token.
 */
export const DEFAULT_CLIENT_ID = "sentry-mcp-lite";

/** Scopes for every skill: read everything, write issues (triage), projects, teams and alerts. */
export const LOGIN_SCOPES = [
  "org:read",
  "project:read",
  "team:read",
  "event:read",
  "event:write",
  "project:write",
  "team:write",
  "alerts:write",
] as const;

export const DEVICE_CODE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";

/** A login that failed for a reason the user can act on. */
export class LoginError extends ToolError {
  constructor(kind: ErrorKind, message: string) {
    super(kind, message);
  }
}

export interface DeviceCode {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  verificationUriComplete?: string;
  expiresIn: number;
  /** seconds between polls */
  interval: number;
}

export interface TokenGrant {
  accessToken: string;
  refreshToken?: string;
  /** ISO date */
  expiresAt?: string;
  scope?: string;
  user?: { id?: string; name?: string; email?: string };
}

export interface FlowDeps {
  fetch?: typeof fetch;
  /** waits; tests pass a recorder */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** per-request timeout, default 30 s */
  requestTimeoutMs?: number;
}

const DeviceCodeSchema = z.object({
  device_code: z.string().min(1),
  user_code: z.string().min(1),
  verification_uri: z.string().min(1),
  verification_uri_complete: z.string().nullish(),
  expires_in: z.coerce.number().positive().catch(600),
  interval: z.coerce.number().positive().catch(5),
});

const TokenSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().nullish(),
  expires_in: z.coerce.number().nullish().catch(undefined),
  expires_at: z.string().nullish().catch(undefined),
  scope: z.string().nullish().catch(undefined),
  user: z
    .object({
      id: z.coerce.string().nullish(),
      name: z.string().nullish(),
      email: z.string().nullish(),
    })
    .nullish()
    .catch(undefined),
});

const ErrorSchema = z.object({
  error: z.string(),
  error_description: z.string().nullish(),
});

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Where a user creates a token by hand: the fallback for every Sentry without device login. */
export function tokenPageUrl(sentryUrl: string): string {
  return `${new URL(sentryUrl).origin}/settings/account/api/auth-tokens/`;
}

function unsupported(sentryUrl: string): LoginError {
  const host = new URL(sentryUrl).host;
  return new LoginError(
    "configuration",
    [
      `${host} does not offer device login (self-hosted Sentry usually does not).`,
      `Create a user auth token at ${tokenPageUrl(sentryUrl)} with the scopes ${LOGIN_SCOPES.join(", ")},`,
      "then pass it with --access-token or set SENTRY_ACCESS_TOKEN.",
    ].join("\n"),
  );
}

interface FormResult {
  status: number;
  body: unknown;
  /** false when the answer was not JSON (an HTML page: no such endpoint) */
  json: boolean;
}

async function postForm(
  url: string,
  form: Record<string, string>,
  deps: FlowDeps,
): Promise<FormResult> {
  const response = await (deps.fetch ?? fetch)(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "application/json",
    },
    body: new URLSearchParams(form).toString(),
    redirect: "manual",
    signal: AbortSignal.timeout(deps.requestTimeoutMs ?? 30_000),
  });
  const raw = await response.text();
  try {
    return { status: response.status, body: JSON.parse(raw), json: true };
  } catch {
    return { status: response.status, body: raw, json: false };
  }
}

function unreachable(sentryUrl: string, error: unknown): LoginError {
  const cause = (error as { cause?: { code?: string } })?.cause?.code ?? (error as Error)?.message;
  return new LoginError(
    "upstream",
    `Could not reach ${new URL(sentryUrl).origin}${cause ? ` (${cause})` : ""}.`,
  );
}

function oauthError(body: unknown): { error: string; description?: string } | undefined {
  const parsed = ErrorSchema.safeParse(body);
  return parsed.success
    ? { error: parsed.data.error, description: parsed.data.error_description ?? undefined }
    : undefined;
}

function unknownClient(sentryUrl: string, clientId: string): LoginError {
  return new LoginError(
    "configuration",
    [
      `${new URL(sentryUrl).host} does not know the OAuth client ${JSON.stringify(clientId)}.`,
      "Pass the id of a public OAuth application with --client-id (or SENTRY_CLIENT_ID),",
      `or create a user auth token at ${tokenPageUrl(sentryUrl)} and use --access-token.`,
    ].join("\n"),
  );
}

/** Step 1: a device code and the user code to show. */
export async function requestDeviceCode(
  sentryUrl: string,
  clientId: string,
  scopes: readonly string[],
  deps: FlowDeps = {},
): Promise<DeviceCode> {
  let result: FormResult;
  try {
    result = await postForm(
      `${new URL(sentryUrl).origin}/oauth/device/code/`,
      { client_id: clientId, scope: scopes.join(" ") },
      deps,
    );
  } catch (error) {
    throw unreachable(sentryUrl, error);
  }
  if (!result.json || [404, 405].includes(result.status)) throw unsupported(sentryUrl);
  const problem = oauthError(result.body);
  if (problem?.error === "invalid_client") throw unknownClient(sentryUrl, clientId);
  if (result.status >= 400 || problem) {
    const detail = problem ? (problem.description ?? problem.error) : `HTTP ${result.status}`;
    throw new LoginError("upstream", `Sentry refused to start the login: ${detail}.`);
  }
  const parsed = DeviceCodeSchema.safeParse(result.body);
  if (!parsed.success) throw unsupported(sentryUrl);
  const d = parsed.data;
  return {
    deviceCode: d.device_code,
    userCode: d.user_code,
    verificationUri: d.verification_uri,
    verificationUriComplete: d.verification_uri_complete ?? undefined,
    expiresIn: d.expires_in,
    interval: Math.max(1, d.interval),
  };
}

function toGrant(body: z.output<typeof TokenSchema>, now: number): TokenGrant {
  const expiresAt =
    body.expires_at ??
    (body.expires_in ? new Date(now + body.expires_in * 1000).toISOString() : undefined);
  const user = body.user
    ? {
        id: body.user.id ?? undefined,
        name: body.user.name ?? undefined,
        email: body.user.email ?? undefined,
      }
    : undefined;
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token ?? undefined,
    expiresAt: expiresAt ?? undefined,
    scope: body.scope ?? undefined,
    user,
  };
}

/** Network failures and 5xx answers in a row before polling gives up. */
const MAX_TRANSIENT_FAILURES = 4;

/**
 * Step 2: polls the token endpoint every `interval` seconds until the user approves, denies or
 * the code expires. `slow_down` adds 5 seconds to the interval (RFC 8628 §3.5); transient
 * failures back off by doubling it.
 */
export async function pollForToken(
  sentryUrl: string,
  clientId: string,
  code: DeviceCode,
  deps: FlowDeps = {},
): Promise<TokenGrant> {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? wait;
  const deadline = now() + code.expiresIn * 1000;
  let interval = code.interval;
  let failures = 0;
  const url = `${new URL(sentryUrl).origin}/oauth/token/`;
  for (;;) {
    await sleep(interval * 1000);
    if (now() >= deadline) break;
    let result: FormResult;
    try {
      result = await postForm(
        url,
        { grant_type: DEVICE_CODE_GRANT, device_code: code.deviceCode, client_id: clientId },
        deps,
      );
    } catch (error) {
      if (++failures >= MAX_TRANSIENT_FAILURES) throw unreachable(sentryUrl, error);
      interval *= 2;
      continue;
    }
    if (result.status >= 500) {
      if (++failures >= MAX_TRANSIENT_FAILURES)
        throw new LoginError("upstream", `Sentry answered ${result.status} while logging in.`);
      interval *= 2;
      continue;
    }
    failures = 0;
    const token = TokenSchema.safeParse(result.body);
    if (result.status < 300 && token.success) return toGrant(token.data, now());
    const problem = oauthError(result.body);
    switch (problem?.error) {
      case "authorization_pending":
        continue;
      case "slow_down":
        interval += 5;
        continue;
      case "expired_token":
        throw new LoginError(
          "auth",
          "The code expired before it was approved. Run `sentry-mcp auth login` again.",
        );
      case "access_denied":
        throw new LoginError("auth", "The login was denied in the browser.");
      case "invalid_client":
        throw unknownClient(sentryUrl, clientId);
      default:
        throw new LoginError(
          "upstream",
          `Sentry refused the login: ${problem ? (problem.description ?? problem.error) : `HTTP ${result.status}`}.`,
        );
    }
  }
  throw new LoginError(
    "auth",
    "The code expired before it was approved. Run `sentry-mcp auth login` again.",
  );
}

/** Exchanges a refresh token for a new access token (public client: no secret). */
export async function refreshGrant(
  sentryUrl: string,
  clientId: string,
  refreshToken: string,
  deps: FlowDeps = {},
): Promise<TokenGrant> {
  let result: FormResult;
  try {
    result = await postForm(
      `${new URL(sentryUrl).origin}/oauth/token/`,
      { grant_type: "refresh_token", refresh_token: refreshToken, client_id: clientId },
      deps,
    );
  } catch (error) {
    throw unreachable(sentryUrl, error);
  }
  const token = TokenSchema.safeParse(result.body);
  if (result.status < 300 && token.success) return toGrant(token.data, (deps.now ?? Date.now)());
  const problem = oauthError(result.body);
  throw new LoginError(
    "auth",
    `The saved login could not be renewed (${problem?.description ?? problem?.error ?? `HTTP ${result.status}`}). Run \`sentry-mcp auth login\` again.`,
  );
}
