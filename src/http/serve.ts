import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { Config } from "../config.js";
import { ConfigurationError } from "../errors.js";
import type { Logger } from "../log.js";
import { createHttpApp } from "./app.js";
import { generateEncryptionKey, parseEncryptionKey } from "./crypto.js";
import { type BodyLimits, DEFAULT_BODY_LIMITS } from "./limits.js";
import type { CimdOptions } from "./oauth/cimd.js";
import { startGrantSweeper } from "./oauth/sweep.js";
import {
  DEFAULT_RATE_LIMITS,
  DEFAULT_TOKEN_LIFETIMES,
  type RateLimits,
  type TokenLifetimes,
  type UpstreamOAuthApp,
} from "./options.js";
import { openStore, parseStoreSpec } from "./store/index.js";
import type { KeyValueStore } from "./store/types.js";

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface ServeOptions {
  port?: number;
  bind: string;
  fetch?: typeof fetch;
  /** External origin behind a proxy: allowed Host, OAuth issuer and resource URLs. */
  publicUrl?: string;
  /** `--insecure-public-url`: allow http:// for a non-loopback public URL. */
  insecurePublicUrl?: boolean;
  /** `--store`: redis://..., sqlite:PATH, a path or :memory: (default); or an open store. */
  store?: string | KeyValueStore;
  /** `--encryption-key` (base64/hex, 32 bytes); generated per process when absent. */
  encryptionKey?: string;
  /** SENTRY_CLIENT_ID / SENTRY_CLIENT_SECRET: turns the OAuth server on. */
  upstream?: UpstreamOAuthApp;
  rateLimits?: Partial<RateLimits>;
  /** Body limits per endpoint (`--max-body-mcp`, `--max-body-oauth`). */
  bodyLimits?: Partial<BodyLimits>;
  lifetimes?: Partial<TokenLifetimes>;
  /** Take the client address from the last X-Forwarded-For hop (one trusted proxy). */
  trustProxy?: boolean;
  metricsToken?: string;
  allowedOrigins?: string[];
  now?: () => number;
  log?: Logger;
  /** Client ID Metadata Document fetching (tests allow a loopback server; no CLI flag). */
  cimd?: CimdOptions;
  /** How often ended grants' Sentry tokens are swept and revoked (default 5 min; tests shorten). */
  grantSweepMs?: number;
}

const DEFAULT_GRANT_SWEEP_MS = 5 * 60_000;

const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

/** `--public-url` → an origin (https, or http for loopback and tests); no path, no credentials. */
export function normalizePublicUrl(value: string, insecure = false): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigurationError(`Invalid --public-url ${JSON.stringify(value)}.`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new ConfigurationError("--public-url must be http(s).");
  const loopback = LOOPBACK.has(url.hostname) || url.hostname === "[::1]";
  if (url.protocol === "http:" && !loopback && !insecure) {
    throw new ConfigurationError(
      "--public-url must be https:// beyond loopback (OAuth tokens and cookies cross it); pass --insecure-public-url to allow http.",
    );
  }
  if (
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    (url.pathname !== "/" && url.pathname !== "")
  ) {
    throw new ConfigurationError(
      "--public-url takes an origin only, like https://mcp.example.com.",
    );
  }
  return url.origin;
}

function clientIpResolver(trustProxy: boolean) {
  return (c: Context): string | undefined => {
    if (trustProxy) {
      const hops = (c.req.header("x-forwarded-for") ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      if (hops.length > 0) return hops[hops.length - 1];
    }
    try {
      return getConnInfo(c).remote.address;
    } catch {
      return undefined;
    }
  };
}

/** Starts the HTTP MCP server; resolves once it listens. */
export async function startHttpServer(
  config: Config,
  options: ServeOptions,
): Promise<RunningServer> {
  const log = options.log;
  const publicUrl = options.publicUrl
    ? normalizePublicUrl(options.publicUrl, options.insecurePublicUrl)
    : undefined;
  const spec = typeof options.store === "object" ? undefined : parseStoreSpec(options.store);
  let encryptionKey: Buffer;
  if (options.encryptionKey) encryptionKey = parseEncryptionKey(options.encryptionKey);
  else {
    if (options.upstream && spec?.kind === "redis") {
      throw new ConfigurationError(
        "Instances sharing Redis need the same MCP_ENCRYPTION_KEY (openssl rand -base64 32) to read each other's grants.",
      );
    }
    if (options.upstream) {
      log?.warn(
        "no MCP_ENCRYPTION_KEY: generated one for this process; OAuth grants will not survive a restart",
      );
    }
    encryptionKey = generateEncryptionKey();
  }
  if (config.accessToken && !options.upstream && !LOOPBACK.has(options.bind)) {
    log?.warn(
      "a server-side Sentry token is usable by anyone who can reach this address; prefer OAuth or Sentry-Bearer",
    );
  }
  const now = options.now ?? Date.now;
  const store = typeof options.store === "object" ? options.store : openStore(spec!, { now });
  const ownsStore = typeof options.store !== "object";

  const lifetimes = { ...DEFAULT_TOKEN_LIFETIMES, ...options.lifetimes };
  const stopSweep = options.upstream
    ? startGrantSweeper(
        {
          store,
          encryptionKey,
          lifetimes,
          now,
          sentryUrl: config.sentryUrl,
          upstream: options.upstream,
          fetch: options.fetch ?? fetch,
          log,
        },
        options.grantSweepMs ?? DEFAULT_GRANT_SWEEP_MS,
      )
    : undefined;

  const allowedHosts = new Set<string>();
  if (publicUrl) allowedHosts.add(new URL(publicUrl).host.toLowerCase());
  const app = createHttpApp({
    config,
    allowedHosts,
    allowedOrigins: options.allowedOrigins,
    fetch: options.fetch,
    clientIp: clientIpResolver(options.trustProxy ?? false),
    service: {
      store,
      encryptionKey,
      upstream: options.upstream,
      publicUrl,
      rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
      lifetimes,
      bodyLimits: { ...DEFAULT_BODY_LIMITS, ...options.bodyLimits },
      metricsToken: options.metricsToken,
      metricsNeedToken: !LOOPBACK.has(options.bind),
      cimd: options.cimd,
      now,
      log,
    },
  });
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: app.fetch, port: options.port ?? 0, hostname: options.bind },
      (info: AddressInfo) => {
        const hostPart = options.bind.includes(":") ? `[${options.bind}]` : options.bind;
        for (const h of [
          `${hostPart}:${info.port}`,
          `localhost:${info.port}`,
          `127.0.0.1:${info.port}`,
          `[::1]:${info.port}`,
        ]) {
          allowedHosts.add(h.toLowerCase());
        }
        resolve({
          url: `${publicUrl ?? `http://${hostPart}:${info.port}`}/mcp`,
          port: info.port,
          close: () =>
            new Promise<void>((r) => {
              stopSweep?.();
              if ("closeAllConnections" in server) server.closeAllConnections();
              server.close(() => r());
            }).then(() => (ownsStore ? store.close() : undefined)),
        });
      },
    );
    server.on("error", reject);
  });
}
