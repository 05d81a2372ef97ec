/**
 * The OAuth client shapes people use, each through consent to a tool call with the SDK client:
 * loopback redirect with DCR (Claude Code, VS Code), a native app's own scheme with DCR
 * (Cursor), and a Client ID Metadata Document (served here from a loopback test server, which
 * the fixture allows through a test-only option).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OAuthFixture, startOAuthFixture } from "./oauth-fixture.js";
import { clickThrough, MemoryOAuthProvider } from "./oauth-helpers.js";

let fx: OAuthFixture;
let docs: Server;
let docsBase: string;
const documents = new Map<string, unknown>();

beforeAll(async () => {
  fx = await startOAuthFixture({ serve: { cimd: { allowLoopbackForTests: true } } });
  docs = createServer((req, res) => {
    const doc = documents.get(req.url ?? "");
    res.writeHead(doc ? 200 : 404, { "content-type": "application/json" });
    res.end(JSON.stringify(doc ?? { error: "not found" }));
  });
  await new Promise<void>((r) => docs.listen(0, "127.0.0.1", () => r()));
  docsBase = `http://127.0.0.1:${(docs.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await fx?.close();
  await new Promise((r) => docs?.close(r));
});

/** Connects (401), clicks through consent and the Sentry login, finishes auth, calls a tool. */
async function signInAndCall(provider: MemoryOAuthProvider, redirectPrefix: string) {
  const mcpUrl = new URL(`${fx.base}/mcp/acme`);
  const first = new Client({ name: "client-shape", version: "1.0.0" });
  await expect(
    first.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider })),
  ).rejects.toThrow(/Unauthorized/i);
  const run = await clickThrough(provider.lastAuthorizationUrl!, { redirectPrefix });
  expect(run.final.href.startsWith(redirectPrefix)).toBe(true);
  expect(run.final.searchParams.get("iss")).toBe(fx.base);
  const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
  await transport.finishAuth(run.final.searchParams.get("code")!);
  const client = new Client({ name: "client-shape", version: "1.0.0" });
  await client.connect(transport);
  const result = await client.callTool({ name: "find_projects", arguments: {} });
  await client.close();
  expect(result.isError).toBeFalsy();
  expect(JSON.stringify(result.content)).toContain("backend");
  return run;
}

describe("client shapes", () => {
  it("loopback redirect with DCR (Claude Code)", async () => {
    const provider = new MemoryOAuthProvider("http://localhost:49152/callback", "Claude Code");
    await signInAndCall(provider, "http://localhost:49152/callback");
    expect(provider.info?.client_id).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it("loopback redirect with DCR (VS Code)", async () => {
    const provider = new MemoryOAuthProvider("http://127.0.0.1:33418/", "Visual Studio Code");
    await signInAndCall(provider, "http://127.0.0.1:33418/");
  });

  it("a native app's own scheme with DCR (Cursor)", async () => {
    const redirect = "cursor://anysphere.cursor-mcp/oauth/callback";
    const provider = new MemoryOAuthProvider(redirect, "Cursor");
    const run = await signInAndCall(provider, redirect);
    expect(run.consentHtml).toContain("Cursor");
  });

  it("a Client ID Metadata Document", async () => {
    const redirect = "http://127.0.0.1:50123/cb";
    const clientId = `${docsBase}/oauth/client.json`;
    documents.set("/oauth/client.json", {
      client_id: clientId,
      client_name: "Metadata Doc Client",
      redirect_uris: [redirect],
      token_endpoint_auth_method: "none",
    });
    const provider = new MemoryOAuthProvider(redirect, "ignored");
    // A client using a metadata document presents its URL as client_id and does not register.
    provider.info = { client_id: clientId };
    const run = await signInAndCall(provider, redirect);
    expect(run.consentHtml).toContain("Metadata Doc Client");
  });
});
