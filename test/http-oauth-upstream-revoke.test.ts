/**
 * Revoking a grant revokes the Sentry token inside it, on every path that ends a grant: the
 * client's revocation, a replayed code, a reused refresh token, a code refused or never redeemed,
 * and the grant's end (the sweep). Upstream failures are logged without the token and never keep
 * our own revocation from standing.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hashToken } from "../src/http/crypto.js";
import { findTokenGrant, type Grant, openUpstream } from "../src/http/oauth/grants.js";
import type { IssuedCode } from "../src/http/oauth/pending.js";
import { getJson } from "../src/http/store/types.js";
import { createLogger } from "../src/log.js";
import {
  authorizeUrl,
  type Loose,
  mcpPost,
  type OAuthFixture,
  obtainTokens,
  pkce,
  publicClient,
  REDIRECT,
  startOAuthFixture,
  token,
} from "./oauth-fixture.js";
import { clickThrough } from "./oauth-helpers.js";

const KEY = randomBytes(32);
const logLines: string[] = [];
let fx: OAuthFixture;
let base: string;

beforeAll(async () => {
  fx = await startOAuthFixture({
    serve: {
      encryptionKey: KEY.toString("base64"),
      grantSweepMs: 50,
      log: createLogger("info", (line) => logLines.push(line)),
    },
  });
  base = fx.base;
});

afterAll(async () => {
  await fx?.close();
});

/** The Sentry access token sealed in the grant behind one of our access tokens. */
async function sentryTokenOf(accessToken: string): Promise<string> {
  const found = await findTokenGrant({ store: fx.store }, accessToken);
  const grant = await getJson<Grant>(fx.store, `grant:${found!.grantId}`);
  return openUpstream(KEY, grant!.upstream)!.accessToken;
}

/** What the sandbox (playing Sentry) answers to that Sentry token. */
const sentryStatus = async (sentryToken: string) =>
  (
    await fetch(`${fx.sandbox.url}/api/0/organizations/`, {
      headers: { authorization: `Bearer ${sentryToken}` },
    })
  ).status;

async function callTool(accessToken: string) {
  const res = await fetch(`${base}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${accessToken}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "find_organizations", arguments: {} },
    }),
  });
  return { status: res.status, body: (await res.json()) as Loose };
}

const revoke = (clientId: string, value: string) =>
  fetch(`${base}/oauth/revoke`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token: value, client_id: clientId }),
  });

/** Authorizes once and returns the code, unredeemed, with what redeeming it needs. */
async function freshCode() {
  const clientId = await publicClient();
  const { verifier, challenge } = pkce();
  const run = await clickThrough(
    authorizeUrl({ client_id: clientId, code_challenge: challenge, code_challenge_method: "S256" }),
    { redirectPrefix: REDIRECT },
  );
  const code = run.final.searchParams.get("code")!;
  const issued = await getJson<IssuedCode>(fx.store, `code:${hashToken(code)}`);
  const sentryToken = openUpstream(KEY, issued!.upstream)!.accessToken;
  const form = {
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT,
    client_id: clientId,
    code_verifier: verifier,
  };
  return { clientId, code, form, sentryToken };
}

describe("revoking a grant revokes the Sentry token inside it", () => {
  it("grant, tool call, revoke: the sandbox then rejects the Sentry token", async () => {
    const t = await obtainTokens(`${base}/mcp`);
    const sentryToken = await sentryTokenOf(t.access_token);
    const call = await callTool(t.access_token);
    expect(call.status).toBe(200);
    expect(call.body.result.isError).toBeFalsy();
    expect(await sentryStatus(sentryToken)).toBe(200);

    const before = fx.sandbox.requests.length;
    expect((await revoke(t.clientId, t.access_token)).status).toBe(200);
    expect(await sentryStatus(sentryToken)).toBe(401);
    expect((await mcpPost("/mcp", t.access_token)).status).toBe(401);
    const upstream = fx.sandbox.requests.slice(before).filter((r) => r.path === "/oauth/revoke/");
    expect(upstream).toEqual([{ method: "POST", path: "/oauth/revoke/", query: "" }]);
  });

  it("revokes only that grant's Sentry token, not the user's other grants", async () => {
    const a = await obtainTokens(`${base}/mcp`);
    const b = await obtainTokens(`${base}/mcp`);
    await revoke(a.clientId, a.refresh_token);
    expect(await sentryStatus(await sentryTokenOf(b.access_token))).toBe(200);
    expect((await callTool(b.access_token)).body.result.isError).toBeFalsy();
  });

  it("a replayed authorization code revokes the Sentry token it carried", async () => {
    const c = await freshCode();
    expect((await token(c.form)).status).toBe(200);
    expect(await sentryStatus(c.sentryToken)).toBe(200);
    expect((await token(c.form)).json.error).toBe("invalid_grant");
    expect(await sentryStatus(c.sentryToken)).toBe(401);
  });

  it("a code refused at redemption (bad PKCE verifier) revokes its Sentry token", async () => {
    const c = await freshCode();
    const res = await token({ ...c.form, code_verifier: pkce().verifier });
    expect(res.json.error).toBe("invalid_grant");
    expect(await sentryStatus(c.sentryToken)).toBe(401);
  });

  it("a reused refresh token revokes the grant and its Sentry token", async () => {
    const t = await obtainTokens(`${base}/mcp`);
    const sentryToken = await sentryTokenOf(t.access_token);
    const form = {
      grant_type: "refresh_token",
      refresh_token: t.refresh_token,
      client_id: t.clientId,
    };
    expect((await token(form)).status).toBe(200);
    expect((await token(form)).json.error).toBe("invalid_grant");
    expect(await sentryStatus(sentryToken)).toBe(401);
  });

  it("the sweep revokes the Sentry token of a grant past its absolute lifetime", async () => {
    const t = await obtainTokens(`${base}/mcp`);
    const sentryToken = await sentryTokenOf(t.access_token);
    let refresh = t.refresh_token;
    for (let step = 0; step < 3; step++) {
      fx.advance(25 * 24 * 3600_000);
      const res = await token({
        grant_type: "refresh_token",
        refresh_token: refresh,
        client_id: t.clientId,
      });
      expect(res.status).toBe(200);
      refresh = res.json.refresh_token;
    }
    expect(await sentryStatus(sentryToken)).toBe(200);
    fx.advance(16 * 24 * 3600_000);
    await vi.waitFor(async () => expect(await sentryStatus(sentryToken)).toBe(401), {
      timeout: 5000,
      interval: 50,
    });
  });

  it("the sweep revokes the Sentry token of a code that was never redeemed", async () => {
    const c = await freshCode();
    fx.advance(30 * 60_000);
    await vi.waitFor(async () => expect(await sentryStatus(c.sentryToken)).toBe(401), {
      timeout: 5000,
      interval: 50,
    });
    expect((await token(c.form)).json.error).toBe("invalid_grant");
  });

  it("an upstream failure is logged without the token and our revocation stands", async () => {
    const t = await obtainTokens(`${base}/mcp`);
    const sentryToken = await sentryTokenOf(t.access_token);
    fx.sandbox.faults.set({ path: "/oauth/revoke/", kind: "status", status: 503, times: 1 });
    logLines.length = 0;
    expect((await revoke(t.clientId, t.access_token)).status).toBe(200);
    expect((await mcpPost("/mcp", t.access_token)).status).toBe(401);
    const failure = logLines.find((l) => l.includes("revoking the Sentry token failed"));
    expect(failure).toContain('"error":"answered 503"');
    expect(logLines.join("")).not.toContain(sentryToken);
    expect(await sentryStatus(sentryToken)).toBe(200);
  });
});
