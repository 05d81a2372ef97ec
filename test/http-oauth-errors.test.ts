/**
 * The OAuth server's refusals over plain HTTP: registration rules, authorization request errors
 * (redirect URI, PKCE, resource), token endpoint errors, and access tokens on /mcp (pins,
 * expiry, revocation, skills, storage at rest).
 */
import { createHash } from "node:crypto";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GrantDeps } from "../src/http/oauth/grants.js";
import { revokeGrant } from "../src/http/oauth/index.js";
import { TOKEN } from "./harness.js";
import {
  authorizeUrl,
  type Loose,
  mcpPost,
  type OAuthFixture,
  obtainTokens,
  pkce,
  publicClient,
  REDIRECT,
  register,
  startOAuthFixture,
  token,
} from "./oauth-fixture.js";
import { clickThrough } from "./oauth-helpers.js";

let fx: OAuthFixture;
let base: string;

beforeAll(async () => {
  fx = await startOAuthFixture();
  base = fx.base;
});

afterAll(async () => {
  await fx?.close();
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
      // Before the user has seen the consent page, errors stay here (no open redirect).
      expect(res.status).toBe(400);
      expect(res.headers.get("location")).toBeNull();
      expect(await res.text()).toContain("invalid_request");
    }
  });

  it("shows an error page instead of redirecting for a bad response_type", async () => {
    const clientId = await publicClient();
    const res = await fetch(
      authorizeUrl({
        client_id: clientId,
        response_type: "x",
        code_challenge: pkce().challenge,
        code_challenge_method: "S256",
      }),
      { redirect: "manual" },
    );
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
    expect(await res.text()).toContain("unsupported_response_type");
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
      expect(res.status).toBe(400);
      expect(res.headers.get("location")).toBeNull();
      expect(await res.text()).toContain("invalid_target");
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

  it("leaves direct Sentry-Bearer tokens working next to OAuth", async () => {
    const res = await fetch(`${base}/mcp/acme`, {
      method: "POST",
      headers: {
        authorization: `Sentry-Bearer ${TOKEN}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "find_projects", arguments: {} },
      }),
    });
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).toContain("backend");
  });

  it("expires after its lifetime", async () => {
    const t = await obtainTokens(`${base}/mcp`);
    expect((await mcpPost("/mcp", t.access_token)).status).toBe(200);
    fx.advance(t.expires_in * 1000 + 1000);
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
      (await fx.store.get(
        `at:${createHash("sha256").update(t.access_token).digest("base64url")}`,
      ))!,
    );
    // Only the store matters here; the Sentry side is covered in http-oauth-lifecycle.test.ts.
    const deps = { store: fx.store, encryptionKey: Buffer.alloc(32) } as GrantDeps;
    await revokeGrant(deps, record.grantId, "server-side");
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
    expect(none.status).toBe(403);
    expect(none.body.error_description).toContain("No skills left");
  });

  it("never stores our tokens or Sentry's in clear text", async () => {
    const t = await obtainTokens(`${base}/mcp`);
    const db = new Database(fx.dbPath, { readonly: true });
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
