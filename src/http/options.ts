import type { Context } from "hono";
import type { Config } from "../config.js";
import type { Logger } from "../log.js";
import type { BodyLimits } from "./limits.js";
import type { CimdOptions } from "./oauth/cimd.js";
import type { KeyValueStore } from "./store/types.js";

/** The upstream Sentry OAuth application (SENTRY_CLIENT_ID / SENTRY_CLIENT_SECRET). */
export interface UpstreamOAuthApp {
  clientId: string;
  clientSecret: string;
}

export interface RateLimits {
  /** Requests per window per client IP; 0 disables. */
  perIp: number;
  /** Requests to /mcp per window per user (OAuth grant's user or token); 0 disables. */
  perUser: number;
  windowSeconds: number;
  /** Client registrations per hour per client IP; 0 disables. Fails closed. */
  registrationsPerIp?: number;
}

export interface TokenLifetimes {
  /** Our access tokens (short-lived). */
  accessSeconds: number;
  /** Our refresh tokens; each refresh rotates and slides the grant's lifetime. */
  refreshSeconds: number;
  /** Authorization codes and pending consent screens. */
  codeSeconds: number;
  /** A grant's absolute lifetime: refreshing cannot extend it past this. */
  grantMaxSeconds?: number;
}

export const DEFAULT_GRANT_MAX_SECONDS = 90 * 24 * 3600;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  perIp: 600,
  perUser: 300,
  windowSeconds: 60,
  registrationsPerIp: 20,
};
export const DEFAULT_TOKEN_LIFETIMES: TokenLifetimes = {
  accessSeconds: 3600,
  refreshSeconds: 30 * 24 * 3600,
  codeSeconds: 600,
  grantMaxSeconds: DEFAULT_GRANT_MAX_SECONDS,
};

/** Everything the remote service needs besides the MCP config; built once at startup. */
export interface ServiceOptions {
  store: KeyValueStore;
  /** AES-256-GCM key for upstream tokens at rest. */
  encryptionKey: Buffer;
  /** Enables the OAuth authorization server in front of Sentry's OAuth. */
  upstream?: UpstreamOAuthApp;
  /** External origin behind a proxy (https://mcp.example.com): issuer and resource URLs. */
  publicUrl?: string;
  rateLimits: RateLimits;
  lifetimes: TokenLifetimes;
  /** Request body limits per endpoint (413 above them). */
  bodyLimits: BodyLimits;
  /** When set, /metrics needs `Authorization: Bearer <metricsToken>`. */
  metricsToken?: string;
  /** Bound beyond loopback: /metrics is refused unless metricsToken is set. */
  metricsNeedToken?: boolean;
  /** Milliseconds since the epoch; tests pass a fake clock. */
  now: () => number;
  log?: Logger;
  /** Client ID Metadata Document fetching; tests may allow a loopback server. */
  cimd?: CimdOptions;
}

export interface HttpAppOptions {
  config: Config;
  /** Host header values accepted (DNS-rebinding guard), e.g. "127.0.0.1:6420"; read per request. */
  allowedHosts: ReadonlySet<string>;
  /** Origins accepted when a browser sends one. */
  allowedOrigins?: string[];
  /** Fetch for upstream Sentry (API and OAuth). */
  fetch?: typeof fetch;
  /** OAuth, storage, rate limits; defaults to an in-memory store without OAuth. */
  service?: Partial<ServiceOptions>;
  /** The client's address (the server adapter knows it); "unknown" when absent. */
  clientIp?: (c: Context) => string | undefined;
}
