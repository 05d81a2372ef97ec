/** The sandbox's device login (RFC 8628) over real HTTP, as a CLI and a browser use it. */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_LOGIN } from "./data/oauth.js";
import { SANDBOX_DEVICE_INTERVAL_SECONDS } from "./routes/device.js";
import { type Sandbox, startSandbox } from "./server.js";

const GRANT = "urn:ietf:params:oauth:grant-type:device_code";
const CLIENT = "sentry-mcp-lite";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(async () => {
  await sandbox.close();
});

async function post(path: string, form: Record<string, string>) {
  const res = await fetch(`${sandbox.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body: body as Record<string, string> };
}

const startLogin = async (scope = "org:read event:read") =>
  (await post("/oauth/device/code/", { client_id: CLIENT, scope })).body;
const poll = (deviceCode: string, clientId = CLIENT) =>
  post("/oauth/token/", { grant_type: GRANT, device_code: deviceCode, client_id: clientId });
const browser = (
  userCode: string,
  op: "approve" | "deny",
  password: string = SANDBOX_LOGIN.password,
) => post("/oauth/device/", { user_code: userCode, email: SANDBOX_LOGIN.email, password, op });

describe("sandbox device login", () => {
  it("hands out a device code and a user code to type", async () => {
    const code = await startLogin();
    expect(code).toEqual({
      device_code: expect.stringMatching(/^sbxdevicecode_/),
      user_code: expect.stringMatching(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/),
      verification_uri: `${sandbox.url}/oauth/device/`,
      verification_uri_complete: `${sandbox.url}/oauth/device/?user_code=${code.user_code}`,
      expires_in: 600,
      interval: SANDBOX_DEVICE_INTERVAL_SECONDS,
    });
    const page = await fetch(code.verification_uri_complete);
    expect(await page.text()).toContain(`value="${code.user_code}"`);
  });

  it("refuses unknown clients and scopes", async () => {
    expect(await post("/oauth/device/code/", { client_id: "nope", scope: "" })).toMatchObject({
      status: 401,
      body: { error: "invalid_client" },
    });
    expect(
      await post("/oauth/device/code/", { client_id: CLIENT, scope: "org:admin" }),
    ).toMatchObject({ status: 400, body: { error: "invalid_scope" } });
  });

  it("answers pending, slow_down when polled too fast, then a working token", async () => {
    const code = await startLogin();
    expect((await poll(code.device_code)).body.error).toBe("authorization_pending");
    expect((await poll(code.device_code)).body.error).toBe("slow_down");
    expect((await browser(code.user_code, "approve", "wrong")).status).toBe(401);
    expect((await browser(code.user_code.toLowerCase().replace("-", " "), "approve")).status).toBe(
      200,
    );
    const token = await poll(code.device_code);
    expect(token).toMatchObject({
      status: 200,
      body: {
        access_token: expect.stringMatching(/^sbxdevice_/),
        refresh_token: expect.any(String),
        scope: "org:read event:read",
        user: { email: SANDBOX_LOGIN.email },
      },
    });
    const me = await fetch(`${sandbox.url}/api/0/auth/`, {
      headers: { Authorization: `Bearer ${token.body.access_token}` },
    });
    expect(me.status).toBe(200);
    // The device code is spent.
    expect((await poll(code.device_code)).body.error).toBe("invalid_grant");
  });

  it("reports a denial once, and refuses another client's poll", async () => {
    const code = await startLogin();
    expect((await poll(code.device_code, "sandbox-device")).body.error).toBe("invalid_grant");
    await browser(code.user_code, "deny");
    expect((await poll(code.device_code)).body.error).toBe("access_denied");
    expect((await poll(code.device_code)).body.error).toBe("invalid_grant");
    expect((await browser(code.user_code, "approve")).status).toBe(400);
  });

  it("rotates device tokens on refresh without a client secret", async () => {
    const code = await startLogin();
    await browser(code.user_code, "approve");
    const first = (await poll(code.device_code)).body;
    const refresh = (extra: Record<string, string> = {}) =>
      post("/oauth/token/", {
        grant_type: "refresh_token",
        refresh_token: first.refresh_token,
        client_id: CLIENT,
        ...extra,
      });
    expect((await refresh({ client_id: "sandbox-device" })).body.error).toBe("invalid_grant");
    const second = await refresh();
    expect(second.status).toBe(200);
    expect(second.body.access_token).not.toBe(first.access_token);
    const old = await fetch(`${sandbox.url}/api/0/auth/`, {
      headers: { Authorization: `Bearer ${first.access_token}` },
    });
    expect(old.status).toBe(401);
  });

  it("leaves the other grants to the OAuth routes", async () => {
    const res = await post("/oauth/token/", { grant_type: "authorization_code", code: "x" });
    expect(res).toMatchObject({ status: 401, body: { error: "invalid_client" } });
  });
});
