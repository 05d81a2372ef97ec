/**
 * A running OAuth setup for tests: the sandbox (playing Sentry's OAuth server) and `serve` with
 * OAuth on a SQLite file store and a controllable clock, plus raw-HTTP helpers for the flow.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { SANDBOX_OAUTH_CLIENT } from "../sandbox/data/oauth.js";
import type { Sandbox } from "../sandbox/server.js";
import { type Config, defaultConfig } from "../src/config.js";
import { type RunningServer, type ServeOptions, startHttpServer } from "../src/http/serve.js";
import { openSqliteStore } from "../src/http/store/sqlite.js";
import type { KeyValueStore } from "../src/http/store/types.js";
import { SKILLS } from "../src/tools/types.js";
import { startTestSandbox } from "./harness.js";
import { clickThrough } from "./oauth-helpers.js";

export const REDIRECT = "http://127.0.0.1:53682/callback";
// biome-ignore lint/suspicious/noExplicitAny: test payloads are asserted field by field
export type Loose = any;

export interface OAuthFixture {
  sandbox: Sandbox;
  server: RunningServer;
  store: KeyValueStore;
  /** The SQLite file behind `store`. */
  dbPath: string;
  base: string;
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  close(): Promise<void>;
}

/** `config`: operator flags (default: every skill, no pins); `serve`: extra serve options. */
export async function startOAuthFixture(
  options: { config?: Partial<Config>; serve?: Partial<ServeOptions> } = {},
): Promise<OAuthFixture> {
  let clock = Date.parse("2026-11-01T12:00:00Z");
  const dbDir = mkdtempSync(join(tmpdir(), "mcp-oauth-"));
  const dbPath = join(dbDir, "store.db");
  const store = openSqliteStore(dbPath, { now: () => clock, sweepMs: 0 });
  const sandbox = await startTestSandbox();
  const config = defaultConfig({ sentryUrl: sandbox.url, skills: [...SKILLS], ...options.config });
  const server = await startHttpServer(config, {
    bind: "127.0.0.1",
    port: 0,
    store,
    upstream: {
      clientId: SANDBOX_OAUTH_CLIENT.clientId,
      clientSecret: SANDBOX_OAUTH_CLIENT.clientSecret,
    },
    now: () => clock,
    ...options.serve,
  });
  const base = `http://127.0.0.1:${server.port}`;
  fixtureBase = base;
  return {
    sandbox,
    server,
    store,
    dbPath,
    base,
    advance: (ms) => {
      clock += ms;
    },
    close: async () => {
      await server.close();
      await store.close();
      await sandbox.close();
      rmSync(dbDir, { recursive: true, force: true });
    },
  };
}

/** The base URL of the fixture started last (helpers below use it). */
let fixtureBase = "";
const baseUrl = () => fixtureBase;

export function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export async function register(body: Record<string, unknown>) {
  const res = await fetch(`${baseUrl()}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, Loose> };
}

export async function publicClient(name = "Raw client") {
  const { json } = await register({
    client_name: name,
    redirect_uris: [REDIRECT],
    token_endpoint_auth_method: "none",
  });
  return json.client_id as string;
}

export function authorizeUrl(params: Record<string, string>) {
  const url = new URL(`${baseUrl()}/oauth/authorize`);
  for (const [k, v] of Object.entries({
    response_type: "code",
    redirect_uri: REDIRECT,
    state: "xyz",
    ...params,
  })) {
    url.searchParams.set(k, v);
  }
  return url;
}

export async function token(form: Record<string, string>) {
  const res = await fetch(`${baseUrl()}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
  return { status: res.status, json: (await res.json()) as Record<string, Loose> };
}

/** Registers, authorizes (clicking through) and exchanges the code: a token pair for `resource`. */
export async function obtainTokens(resource: string, skills?: string[]) {
  const clientId = await publicClient();
  const { verifier, challenge } = pkce();
  const run = await clickThrough(
    authorizeUrl({
      client_id: clientId,
      code_challenge: challenge,
      code_challenge_method: "S256",
      resource,
    }),
    { redirectPrefix: REDIRECT, skills },
  );
  const code = run.final.searchParams.get("code");
  if (!code) throw new Error(`no code: ${run.final}`);
  const res = await token({
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT,
    client_id: clientId,
    code_verifier: verifier,
    resource,
  });
  expect(res.status).toBe(200);
  return { clientId, ...res.json } as {
    clientId: string;
    access_token: string;
    refresh_token: string;
    expires_in: number;
    scope: string;
  };
}

export async function mcpPost(path: string, accessToken: string) {
  return fetch(`${baseUrl()}${path}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${accessToken}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
  });
}
