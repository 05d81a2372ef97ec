/**
 * The remote service's OAuth 2.1 server end to end with the SDK client's OAuth support
 * (`OAuthClientProvider` + `StreamableHTTPClientTransport`), the sandbox playing Sentry's OAuth
 * server: DCR, consent, Sentry login, callback, tokens, tool calls, refresh; and discovery.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Loose,
  mcpPost,
  type OAuthFixture,
  REDIRECT,
  startOAuthFixture,
  token,
} from "./oauth-fixture.js";
import { clickThrough, MemoryOAuthProvider } from "./oauth-helpers.js";

let fx: OAuthFixture;
let base: string;

beforeAll(async () => {
  fx = await startOAuthFixture();
  base = fx.base;
});

afterAll(async () => {
  await fx?.close();
});

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
      fx.sandbox.requests.filter((r) => r.method === "POST" && r.path.startsWith("/oauth/token"))
        .length;
    const upstreamBefore = upstreamTokenCalls();
    fx.advance(8 * 3600_000 - 60_000);
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
