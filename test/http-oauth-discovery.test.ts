/**
 * Discovery the way real clients try it: path-scoped authorization server metadata, protected
 * resource metadata that keeps the resource's query, and RFC 9207 `iss` advertised only where
 * the `iss` we send matches the document's issuer (Codex checks it).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Loose, type OAuthFixture, startOAuthFixture } from "./oauth-fixture.js";

let fx: OAuthFixture;
let base: string;

beforeAll(async () => {
  fx = await startOAuthFixture();
  base = fx.base;
});

afterAll(async () => {
  await fx?.close();
});

const getJson = async (path: string) => {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, json: (await res.json()) as Loose };
};

describe("path-scoped authorization server metadata", () => {
  it.each([
    ["/mcp/acme", "/mcp/acme"],
    ["/mcp/acme/backend", "/mcp/acme/backend"],
    ["/mcp/acme?skills=inspect", "/mcp/acme"],
  ])("serves %s", async (suffix, path) => {
    const { status, json } = await getJson(`/.well-known/oauth-authorization-server${suffix}`);
    expect(status).toBe(200);
    expect(json.issuer).toBe(`${base}${path}`);
    const authorize = new URL(json.authorization_endpoint);
    expect(authorize.origin + authorize.pathname).toBe(`${base}/oauth/authorize`);
    expect(authorize.searchParams.get("resource")).toBe(`${base}${suffix}`);
    expect(json.token_endpoint).toBe(`${base}/oauth/token`);
    expect(json.registration_endpoint).toBe(`${base}/oauth/register`);
    expect(json.code_challenge_methods_supported).toEqual(["S256"]);
    // Our authorization responses carry the root issuer, so this document must not promise
    // an `iss` equal to its own (path) issuer.
    expect(json.authorization_response_iss_parameter_supported).toBeUndefined();
  });

  it("refuses paths that are not MCP endpoints", async () => {
    expect((await fetch(`${base}/.well-known/oauth-authorization-server/mcp/a%0Ab`)).status).toBe(
      404,
    );
  });

  it("keeps advertising RFC 9207 at the root, where `iss` matches the issuer", async () => {
    const { json } = await getJson("/.well-known/oauth-authorization-server");
    expect(json.issuer).toBe(base);
    expect(json.authorization_response_iss_parameter_supported).toBe(true);
  });
});

describe("protected resource metadata", () => {
  it("keeps the resource's query string", async () => {
    const { json } = await getJson(
      "/.well-known/oauth-protected-resource/mcp/acme?skills=inspect&read-only=1",
    );
    expect(json.resource).toBe(`${base}/mcp/acme?skills=inspect&read-only=1`);
  });

  it("points a 401 at the metadata of the same path and query", async () => {
    const res = await fetch(`${base}/mcp/acme?skills=inspect`, { method: "POST", body: "{}" });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain(
      `resource_metadata="${base}/.well-known/oauth-protected-resource/mcp/acme?skills=inspect"`,
    );
  });
});
