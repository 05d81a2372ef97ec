/**
 * The remote service's OAuth 2.1 server end to end: the SDK client's OAuth support against
 * `startHttpServer` with the sandbox playing Sentry's OAuth server; then the negative cases with
 * plain HTTP.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_OAUTH_CLIENT } from "../sandbox/data/oauth.js";
import type { Sandbox } from "../sandbox/server.js";
import { defaultConfig } from "../src/config.js";
import { revokeGrant } from "../src/http/oauth/index.js";
import { type RunningServer, startHttpServer } from "../src/http/serve.js";
import { openSqliteStore } from "../src/http/store/sqlite.js";
import { startTestSandbox } from "./harness.js";
import { clickThrough, MemoryOAuthProvider } from "./oauth-helpers.js";

const REDIRECT = "http://127.0.0.1:53682/callback";
// biome-ignore lint/suspicious/noExplicitAny: test payloads are asserted field by field
type Loose = any;
let sandbox: Sandbox;
let server: RunningServer;
let base: string;
let clock = Date.parse("2026-11-01T12:00:00Z");
const dbDir = mkdtempSync(join(tmpdir(), "mcp-oauth-"));
const dbPath = join(dbDir, "store.db");
const store = openSqliteStore(dbPath, { now: () => clock, sweepMs: 0 });

beforeAll(async () => {
  sandbox = await startTestSandbox();
  server = await startHttpServer(defaultConfig({ sentryUrl: sandbox.url }), {
    bind: "127.0.0.1",
    port: 0,
    store,
    upstream: {
      clientId: SANDBOX_OAUTH_CLIENT.clientId,
      clientSecret: SANDBOX_OAUTH_CLIENT.clientSecret,
    },
    now: () => clock,
  });
  base = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await server?.close();
  await store.close();
  await sandbox?.close();
  rmSync(dbDir, { recursive: true, force: true });
});

function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

async function register(body: Record<string, unknown>) {
  const res = await fetch(`${base}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, Loose> };
}

async function publicClient(name = "Raw client") {
  const { json } = await register({
    client_name: name,
    redirect_uris: [REDIRECT],
    token_endpoint_auth_method: "none",
  });
  return json.client_id as string;
}

function authorizeUrl(params: Record<string, string>) {
  const url = new URL(`${base}/oauth/authorize`);
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

async function token(form: Record<string, string>) {
  const res = await fetch(`${base}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
  return { status: res.status, json: (await res.json()) as Record<string, Loose> };
}

/** Registers, authorizes (clicking through) and exchanges the code: a token pair for `resource`. */
async function obtainTokens(resource: string, skills?: string[]) {
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

async function mcpPost(path: string, accessToken: string) {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${accessToken}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
  });
}

describe("OAuth with the SDK client", () => {
  it("registers, authorizes through consent and the Sentry login, calls tools and refreshes", async () => {
    const provider = new MemoryOAuthProvider(REDIRECT, "Claude <script>alert(1)</script>");
    const mcpUrl = new URL(`${base}/mcp/acme`);
    const first = new Client({ name: "oauth-test", version: "1.0.0" });
    await expect(
      first.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider })),
    ).rejects.toThrow(/Unauthorized/i);

    // DCR happened and the SDK asked for the pinned resource with PKCE S256.
    expect(provider.info?.client_id).toBeTruthy();
    const authUrl = provider.lastAuthorizationUrl!;
    expect(authUrl.origin).toBe(base);
    expect(authUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authUrl.searchParams.get("resource")).toBe(`${base}/mcp/acme`);

    const run = await clickThrough(authUrl, { redirectPrefix: REDIRECT });
    // The consent page: the attacker-chosen client name is escaped; reads pre-checked, writes not.
    expect(run.consentHtml).toContain("Claude &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(run.consentHtml).not.toContain("<script>");
    expect(run.consentHtml).toMatch(/value="inspect" checked/);
    expect(run.consentHtml).toMatch(/value="seer" checked/);
    expect(run.consentHtml).toMatch(/value="triage">/);
    expect(run.consentHtml).toMatch(/value="project-management">/);
    expect(run.consentHtml).toContain("organization <code>acme</code> only");
    // RFC 9207: the issuer comes back with the code, and the client's state is preserved.
    expect(run.final.searchParams.get("iss")).toBe(base);
    expect(run.final.searchParams.get("state")).toBe(authUrl.searchParams.get("state"));
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await transport.finishAuth(run.final.searchParams.get("code")!);
    expect(provider.saved?.token_type).toBe("Bearer");
    expect(provider.saved?.scope).toBe("inspect seer");

    const client = new Client({ name: "oauth-test", version: "1.0.0" });
    await client.connect(transport);
    const tools = await client.listTools();
    const names = tools.tools.map((t) => t.name);
    expect(names).toContain("search_issues");
    // Pinned to acme: the organization parameter is gone from schemas.
    const search = tools.tools.find((t) => t.name === "search_issues")!;
    expect(Object.keys(search.inputSchema.properties ?? {})).not.toContain("organizationSlug");
    const projects = await client.callTool({ name: "find_projects", arguments: {} });
    expect(projects.isError).toBeFalsy();
    expect(JSON.stringify(projects.content)).toContain("backend");

    // Two hours later our access token has expired and Sentry's token is near its end: the SDK
    // refreshes (rotating our refresh token) and the server refreshes Sentry's token upstream.
    const before = { ...provider.saved! };
    const upstreamTokenCalls = () =>
      sandbox.requests.filter((r) => r.method === "POST" && r.path.startsWith("/oauth/token"))
        .length;
    const upstreamBefore = upstreamTokenCalls();
    clock += 8 * 3600_000 - 60_000;
    const again = await client.callTool({ name: "find_projects", arguments: {} });
    expect(again.isError).toBeFalsy();
    expect(provider.saved?.access_token).not.toBe(before.access_token);
    expect(provider.saved?.refresh_token).not.toBe(before.refresh_token);
    expect(upstreamTokenCalls()).toBe(upstreamBefore + 1);
    await client.close();

    // The rotated refresh token is dead: presenting it again revokes the grant.
    const reuse = await token({
      grant_type: "refresh_token",
      refresh_token: before.refresh_token!,
      client_id: provider.info!.client_id,
    });
    expect(reuse.status).toBe(400);
    expect(reuse.json.error).toBe("invalid_grant");
    const afterReuse = await mcpPost("/mcp/acme", provider.saved!.access_token);
    expect(afterReuse.status).toBe(401);
  });
});

describe("discovery metadata", () => {
  it("serves RFC 9728 documents per path and RFC 8414 server metadata", async () => {
    const root: Loose = await (await fetch(`${base}/.well-known/oauth-protected-resource`)).json();
    expect(root).toMatchObject({ resource: `${base}/mcp`, authorization_servers: [base] });
    const pinned: Loose = await (
      await fetch(`${base}/.well-known/oauth-protected-resource/mcp/acme/backend`)
    ).json();
    expect(pinned.resource).toBe(`${base}/mcp/acme/backend`);
    const as: Loose = await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json();
    expect(as).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      registration_endpoint: `${base}/oauth/register`,
      revocation_endpoint: `${base}/oauth/revoke`,
      code_challenge_methods_supported: ["S256"],
      authorization_response_iss_parameter_supported: true,
    });
  });

  it("answers 401 with the path's resource_metadata", async () => {
    const res = await fetch(`${base}/mcp/acme/backend`, { method: "POST", body: "{}" });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp/acme/backend", error_description="Authorization required: sign in with OAuth, or send Authorization: Sentry-Bearer <Sentry token>."`,
    );
  });
});

describe("client registration", () => {
  it.each([
    ["http on a public host", "http://example.com/cb"],
    ["a fragment", "https://example.com/cb#frag"],
    ["userinfo", "https://user:pw@example.com/cb"],
    ["a custom scheme", "javascript:alert(1)"],
    ["a relative URL", "/cb"],
  ])("rejects redirect URIs with %s", async (_label, uri) => {
    const { status, json } = await register({ redirect_uris: [uri] });
    expect(status).toBe(400);
    expect(json.error).toBe("invalid_redirect_uri");
  });

  it("accepts https and loopback http and issues secrets only to confidential clients", async () => {
    const pub = await register({
      redirect_uris: ["https://app.example/cb", "http://localhost:8080/cb"],
      token_endpoint_auth_method: "none",
    });
    expect(pub.status).toBe(201);
    expect(pub.json.client_secret).toBeUndefined();
    const conf = await register({ redirect_uris: ["https://app.example/cb"] });
    expect(conf.json.token_endpoint_auth_method).toBe("client_secret_basic");
    expect(conf.json.client_secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });
});

describe("authorization request errors", () => {
  it("refuses an unregistered redirect URI without redirecting", async () => {
    const clientId = await publicClient();
    const url = authorizeUrl({
      client_id: clientId,
      code_challenge: pkce().challenge,
      code_challenge_method: "S256",
    });
    url.searchParams.set("redirect_uri", "http://127.0.0.1:53682/elsewhere");
    const res = await fetch(url, { redirect: "manual" });
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
    expect(await res.text()).toContain("Invalid redirect URI");
  });

  it("refuses plain PKCE and missing PKCE", async () => {
    const clientId = await publicClient();
    for (const params of [
      { code_challenge: pkce().verifier, code_challenge_method: "plain" },
      {} as Record<string, string>,
    ]) {
      const res = await fetch(authorizeUrl({ client_id: clientId, ...params }), {
        redirect: "manual",
      });
      expect(res.status).toBe(302);
      const back = new URL(res.headers.get("location")!);
      expect(back.searchParams.get("error")).toBe("invalid_request");
      expect(back.searchParams.get("state")).toBe("xyz");
      expect(back.searchParams.get("iss")).toBe(base);
    }
  });

  it("refuses a resource that is not this server", async () => {
    const clientId = await publicClient();
    const { challenge } = pkce();
    for (const resource of [
      "https://evil.example/mcp",
      `${base}/other`,
      `${base}/mcp/acme/backend/extra`,
    ]) {
      const res = await fetch(
        authorizeUrl({
          client_id: clientId,
          code_challenge: challenge,
          code_challenge_method: "S256",
          resource,
        }),
        {
          redirect: "manual",
        },
      );
      expect(new URL(res.headers.get("location")!).searchParams.get("error")).toBe(
        "invalid_target",
      );
    }
  });

  it("refuses a consent POST without the browser's cookie", async () => {
    const clientId = await publicClient();
    const run = await clickThrough(
      authorizeUrl({
        client_id: clientId,
        code_challenge: pkce().challenge,
        code_challenge_method: "S256",
      }),
      { redirectPrefix: REDIRECT, dropCookies: true },
    ).catch((e: Error) => e);
    expect(String(run)).toContain("403");
  });

  it("sends access_denied back when the user cancels", async () => {
    const clientId = await publicClient();
    const run = await clickThrough(
      authorizeUrl({
        client_id: clientId,
        code_challenge: pkce().challenge,
        code_challenge_method: "S256",
      }),
      { redirectPrefix: REDIRECT, deny: true },
    );
    expect(run.final.searchParams.get("error")).toBe("access_denied");
    expect(run.final.searchParams.get("iss")).toBe(base);
  });
});

describe("token endpoint errors", () => {
  it("rejects a wrong PKCE verifier, and the code is single use", async () => {
    const clientId = await publicClient();
    const { verifier, challenge } = pkce();
    const run = await clickThrough(
      authorizeUrl({
        client_id: clientId,
        code_challenge: challenge,
        code_challenge_method: "S256",
      }),
      { redirectPrefix: REDIRECT },
    );
    const code = run.final.searchParams.get("code")!;
    const wrong = await token({
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT,
      client_id: clientId,
      code_verifier: pkce().verifier,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({
      error: "invalid_grant",
      error_description: "PKCE verification failed.",
    });
    const retry = await token({
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT,
      client_id: clientId,
      code_verifier: verifier,
    });
    expect(retry.json.error).toBe("invalid_grant");
  });

  it("rejects a resource that differs from the authorization request", async () => {
    const clientId = await publicClient();
    const { verifier, challenge } = pkce();
    const run = await clickThrough(
      authorizeUrl({
        client_id: clientId,
        code_challenge: challenge,
        code_challenge_method: "S256",
        resource: `${base}/mcp/acme`,
      }),
      { redirectPrefix: REDIRECT },
    );
    const res = await token({
      grant_type: "authorization_code",
      code: run.final.searchParams.get("code")!,
      redirect_uri: REDIRECT,
      client_id: clientId,
      code_verifier: verifier,
      resource: `${base}/mcp/globex`,
    });
    expect(res.json.error).toBe("invalid_target");
  });

  it("rejects unknown clients and unsupported grants", async () => {
    const unknown = await token({ grant_type: "authorization_code", code: "x", client_id: "nope" });
    expect(unknown.status).toBe(401);
    expect(unknown.json.error).toBe("invalid_client");
    const clientId = await publicClient();
    const cc = await token({ grant_type: "client_credentials", client_id: clientId });
    expect(cc.json.error).toBe("unsupported_grant_type");
  });
});

describe("access tokens on /mcp", () => {
  it("works on its pinned path and is rejected on another organization's path", async () => {
    const t = await obtainTokens(`${base}/mcp/acme`);
    expect((await mcpPost("/mcp/acme", t.access_token)).status).toBe(200);
    expect((await mcpPost("/mcp", t.access_token)).status).toBe(200);
    const other = await mcpPost("/mcp/globex", t.access_token);
    expect(other.status).toBe(401);
    expect(other.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expect(other.headers.get("www-authenticate")).toContain(
      `resource_metadata="${base}/.well-known/oauth-protected-resource/mcp/globex"`,
    );
  });

  it("expires after its lifetime", async () => {
    const t = await obtainTokens(`${base}/mcp`);
    expect((await mcpPost("/mcp", t.access_token)).status).toBe(200);
    clock += t.expires_in * 1000 + 1000;
    const expired = await mcpPost("/mcp", t.access_token);
    expect(expired.status).toBe(401);
    expect(expired.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("stops working when revoked through /oauth/revoke (RFC 7009)", async () => {
    const t = await obtainTokens(`${base}/mcp`);
    const res = await fetch(`${base}/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: t.refresh_token, client_id: t.clientId }),
    });
    expect(res.status).toBe(200);
    expect((await mcpPost("/mcp", t.access_token)).status).toBe(401);
    const refresh = await token({
      grant_type: "refresh_token",
      refresh_token: t.refresh_token,
      client_id: t.clientId,
    });
    expect(refresh.json.error).toBe("invalid_grant");
  });

  it("stops working when the grant is revoked by the server-side function", async () => {
    const t = await obtainTokens(`${base}/mcp`);
    const record = JSON.parse(
      (await store.get(`at:${createHash("sha256").update(t.access_token).digest("base64url")}`))!,
    );
    await revokeGrant(store, record.grantId);
    expect((await mcpPost("/mcp", t.access_token)).status).toBe(401);
  });

  it("bounds the session by the skills the user granted", async () => {
    const t = await obtainTokens(`${base}/mcp`, ["inspect"]);
    expect(t.scope).toBe("inspect");
    const list = async (query: string) => {
      const res = await fetch(`${base}/mcp${query}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${t.access_token}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
      });
      return { status: res.status, body: (await res.json()) as Loose };
    };
    const granted = await list("");
    const widened = await list("?skills=inspect,triage,project-management");
    expect(widened.status).toBe(200);
    expect(widened.body.result.tools).toEqual(granted.body.result.tools);
    const none = await list("?skills=triage");
    expect(none.status).toBe(400);
    expect(none.body.error_description).toContain("No skills left");
  });

  it("never stores our tokens or Sentry's in clear text", async () => {
    const t = await obtainTokens(`${base}/mcp`);
    const db = new Database(dbPath, { readonly: true });
    const rows = db.prepare("SELECT key, value FROM kv").all() as Array<{
      key: string;
      value: string;
    }>;
    db.close();
    const dump = JSON.stringify(rows);
    expect(rows.some((r) => r.key.startsWith("grant:"))).toBe(true);
    expect(dump).not.toContain(t.access_token);
    expect(dump).not.toContain(t.refresh_token);
    expect(dump).not.toMatch(/sbxoauth_|sbxrefresh_/);
  });
});
