/**
 * Lifetimes and revocation in the OAuth server: unused registrations expire, a replayed
 * authorization code revokes what it issued, and grants have an absolute lifetime. That revoking
 * a grant revokes the Sentry token inside it is tested in http-oauth-upstream-revoke.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authorizeUrl,
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

let fx: OAuthFixture;
let base: string;

beforeAll(async () => {
  fx = await startOAuthFixture();
  base = fx.base;
});

afterAll(async () => {
  await fx?.close();
});

const consentStatus = async (clientId: string) =>
  (
    await fetch(
      authorizeUrl({
        client_id: clientId,
        code_challenge: pkce().challenge,
        code_challenge_method: "S256",
      }),
    )
  ).status;

describe("client registrations", () => {
  it("forget clients that never completed an authorization after a day", async () => {
    const idle = await publicClient("Idle");
    const used = await obtainTokens(`${base}/mcp`);
    expect(await consentStatus(idle)).toBe(200);
    fx.advance(24 * 3600_000 + 1000);
    expect(await consentStatus(idle)).toBe(400);
    expect(await consentStatus(used.clientId)).toBe(200);
  });
});

describe("authorization codes and grants", () => {
  it("a replayed authorization code revokes the tokens issued from it", async () => {
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
    const form = {
      grant_type: "authorization_code",
      code: run.final.searchParams.get("code")!,
      redirect_uri: REDIRECT,
      client_id: clientId,
      code_verifier: verifier,
    };
    const first = await token(form);
    expect(first.status).toBe(200);
    expect((await mcpPost("/mcp", first.json.access_token)).status).toBe(200);
    const replay = await token(form);
    expect(replay.json.error).toBe("invalid_grant");
    expect((await mcpPost("/mcp", first.json.access_token)).status).toBe(401);
  });

  it("a grant ends at its absolute lifetime however often it is refreshed", async () => {
    const t = await obtainTokens(`${base}/mcp`);
    let refresh = t.refresh_token;
    let access = t.access_token;
    const step = 25 * 24 * 3600_000;
    for (let day = 25; day <= 75; day += 25) {
      fx.advance(step);
      const res = await token({
        grant_type: "refresh_token",
        refresh_token: refresh,
        client_id: t.clientId,
      });
      expect(res.status).toBe(200);
      refresh = res.json.refresh_token;
      access = res.json.access_token;
    }
    expect((await mcpPost("/mcp", access)).status).toBe(200);
    fx.advance(step);
    const late = await token({
      grant_type: "refresh_token",
      refresh_token: refresh,
      client_id: t.clientId,
    });
    expect(late.status).toBe(400);
    expect(late.json.error).toBe("invalid_grant");
  });
});
