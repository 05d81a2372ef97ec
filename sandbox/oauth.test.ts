import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_LOGIN, SANDBOX_OAUTH_CLIENT } from "./data/oauth.js";
import { type Sandbox, startSandbox } from "./server.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, now: new Date("2026-11-01T12:00:00Z") });
});
afterAll(async () => {
  await sandbox?.close();
});

const REDIRECT = "http://127.0.0.1:9/cb";
const authorizeForm = (extra: Record<string, string>) =>
  new URLSearchParams({
    client_id: SANDBOX_OAUTH_CLIENT.clientId,
    response_type: "code",
    redirect_uri: REDIRECT,
    scope: "org:read event:read",
    state: "s1",
    ...extra,
  });

async function login(extra: Record<string, string> = {}) {
  return fetch(`${sandbox.url}/oauth/authorize/`, {
    method: "POST",
    body: authorizeForm({
      email: SANDBOX_LOGIN.email,
      password: SANDBOX_LOGIN.password,
      op: "approve",
      ...extra,
    }),
    redirect: "manual",
  });
}

async function token(form: Record<string, string>) {
  const res = await fetch(`${sandbox.url}/oauth/token/`, {
    method: "POST",
    body: new URLSearchParams({
      client_id: SANDBOX_OAUTH_CLIENT.clientId,
      client_secret: SANDBOX_OAUTH_CLIENT.clientSecret,
      ...form,
    }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const whoami = (accessToken: string) =>
  fetch(`${sandbox.url}/api/0/auth/`, { headers: { authorization: `Bearer ${accessToken}` } }).then(
    (r) => r.status,
  );

describe("sandbox OAuth server", () => {
  it("shows a login page for a valid request and refuses unknown clients and scopes", async () => {
    const page = await fetch(`${sandbox.url}/oauth/authorize/?${authorizeForm({})}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('name="password"');
    expect(
      (await fetch(`${sandbox.url}/oauth/authorize/?${authorizeForm({ client_id: "x" })}`)).status,
    ).toBe(400);
    expect(
      (await fetch(`${sandbox.url}/oauth/authorize/?${authorizeForm({ scope: "org:admin" })}`))
        .status,
    ).toBe(400);
  });

  it("refuses a wrong password and redirects a denial", async () => {
    expect((await login({ password: "nope" })).status).toBe(401);
    const denied = await login({ op: "deny" });
    const back = new URL(denied.headers.get("location")!);
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe("s1");
  });

  it("issues API tokens for a code and replaces them on refresh", async () => {
    const res = await login();
    expect(res.status).toBe(302);
    const code = new URL(res.headers.get("location")!).searchParams.get("code")!;
    const issued = await token({ grant_type: "authorization_code", code, redirect_uri: REDIRECT });
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({
      token_type: "bearer",
      scope: "org:read event:read",
      user: { email: SANDBOX_LOGIN.email },
    });
    const first = issued.body.access_token as string;
    expect(await whoami(first)).toBe(200);
    expect(
      (await token({ grant_type: "authorization_code", code, redirect_uri: REDIRECT })).status,
    ).toBe(400);

    const refreshed = await token({
      grant_type: "refresh_token",
      refresh_token: issued.body.refresh_token as string,
    });
    expect(refreshed.status).toBe(200);
    expect(await whoami(refreshed.body.access_token as string)).toBe(200);
    expect(await whoami(first)).toBe(401);
  });

  it("refuses bad client credentials", async () => {
    const res = await fetch(`${sandbox.url}/oauth/token/`, {
      method: "POST",
      body: new URLSearchParams({
        client_id: SANDBOX_OAUTH_CLIENT.clientId,
        client_secret: "wrong",
        grant_type: "refresh_token",
        refresh_token: "x",
      }),
    });
    expect(res.status).toBe(401);
  });

  it("revokes exactly one token at /oauth/revoke/, with the client's credentials", async () => {
    const issue = async () => {
      const code = new URL((await login()).headers.get("location")!).searchParams.get("code")!;
      return (await token({ grant_type: "authorization_code", code, redirect_uri: REDIRECT }))
        .body as { access_token: string; refresh_token: string };
    };
    const kept = await issue();
    const revoked = await issue();
    const revoke = (form: Record<string, string>) =>
      fetch(`${sandbox.url}/oauth/revoke/`, { method: "POST", body: new URLSearchParams(form) });
    const client = {
      client_id: SANDBOX_OAUTH_CLIENT.clientId,
      client_secret: SANDBOX_OAUTH_CLIENT.clientSecret,
    };
    expect(
      (await revoke({ ...client, client_secret: "wrong", token: revoked.access_token })).status,
    ).toBe(401);
    expect(
      (await revoke({ client_id: client.client_id, token: revoked.access_token })).status,
    ).toBe(400);
    expect(await whoami(revoked.access_token)).toBe(200);

    expect((await revoke({ ...client, token: revoked.access_token })).status).toBe(200);
    expect(await whoami(revoked.access_token)).toBe(401);
    const refresh = await token({
      grant_type: "refresh_token",
      refresh_token: revoked.refresh_token,
    });
    expect(refresh.status).toBe(400);
    expect(await whoami(kept.access_token)).toBe(200);
    expect((await revoke({ ...client, token: "unknown" })).status).toBe(200);
  });
});
