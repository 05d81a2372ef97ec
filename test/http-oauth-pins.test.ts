/**
 * OAuth grants under an operator's pins and skills: a grant can narrow them, never widen them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authorizeUrl,
  type Loose,
  type OAuthFixture,
  obtainTokens,
  pkce,
  publicClient,
  startOAuthFixture,
} from "./oauth-fixture.js";

let fx: OAuthFixture;
let base: string;

beforeAll(async () => {
  fx = await startOAuthFixture({
    config: { organizationSlug: "acme", projectSlug: "backend", skills: ["inspect", "seer"] },
  });
  base = fx.base;
});

afterAll(async () => {
  await fx?.close();
});

async function callTool(path: string, accessToken: string, name: string, args: object) {
  const res = await fetch(`${base}${path}`, {
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
      params: { name, arguments: args },
    }),
  });
  return { status: res.status, body: (await res.json()) as Loose };
}

describe("a grant under an operator's project pin", () => {
  it("keeps the operator's project when the grant names only the organization", async () => {
    const t = await obtainTokens(`${base}/mcp/acme`);
    const res = await callTool("/mcp/acme", t.access_token, "get_issue_details", {
      issueId: "FRONTEND-2A",
    });
    expect(res.status).toBe(200);
    expect(res.body.result.isError).toBe(true);
    expect(JSON.stringify(res.body.result.content)).toContain("limited to project");
  });

  it("refuses to authorize another project of the organization", async () => {
    const res = await fetch(
      authorizeUrl({
        client_id: await publicClient(),
        code_challenge: pkce().challenge,
        code_challenge_method: "S256",
        resource: `${base}/mcp/acme/frontend`,
      }),
      { redirect: "manual" },
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("pinned to project &quot;backend&quot;");
  });

  it("offers only the operator's skills on the consent page", async () => {
    const res = await fetch(
      authorizeUrl({
        client_id: await publicClient(),
        code_challenge: pkce().challenge,
        code_challenge_method: "S256",
      }),
    );
    const html = await res.text();
    expect(html).toContain('value="inspect"');
    expect(html).not.toContain('value="triage"');
    expect(html).not.toContain('value="project-management"');
  });
});
