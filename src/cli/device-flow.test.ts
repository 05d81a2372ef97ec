import { describe, expect, it } from "vitest";
import {
  DEVICE_CODE_GRANT,
  type DeviceCode,
  pollForToken,
  refreshGrant,
  requestDeviceCode,
} from "./device-flow.js";

const SENTRY = "https://sentry.io";

type Answer = { status: number; body: unknown } | Error;

/** A fetch that answers from a script and records each request's form. */
function scripted(answers: Answer[]) {
  const requests: Array<{ url: string; form: Record<string, string> }> = [];
  const fetchImpl = (async (url: string | URL, init?: RequestInit) => {
    requests.push({
      url: String(url),
      form: Object.fromEntries(new URLSearchParams(String(init?.body ?? ""))),
    });
    const next = answers.shift();
    if (!next) throw new Error("script exhausted");
    if (next instanceof Error) throw next;
    const text = typeof next.body === "string" ? next.body : JSON.stringify(next.body);
    return new Response(text, { status: next.status });
  }) as typeof fetch;
  return { fetchImpl, requests };
}

/** A clock that only moves when the flow sleeps. */
function fakeClock() {
  let now = 1_000_000;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
  };
}

const CODE: DeviceCode = {
  deviceCode: "dev-123",
  userCode: "BCDF-GHJK",
  verificationUri: "https://sentry.io/oauth/device/",
  expiresIn: 600,
  interval: 5,
};

const pending = { status: 400, body: { error: "authorization_pending" } };
const token = {
  status: 200,
  body: {
    access_token: "tok-1",
    refresh_token: "ref-1",
    expires_in: 3600,
    scope: "org:read event:read",
    user: { id: 7, name: "Ada", email: "ada@example.com" },
  },
};

describe("requestDeviceCode", () => {
  it("posts the client id and scopes and reads the RFC 8628 answer", async () => {
    const { fetchImpl, requests } = scripted([
      {
        status: 200,
        body: {
          device_code: "dev-123",
          user_code: "BCDF-GHJK",
          verification_uri: "https://sentry.io/oauth/device/",
          verification_uri_complete: "https://sentry.io/oauth/device/?user_code=BCDF-GHJK",
          expires_in: 600,
          interval: 5,
        },
      },
    ]);
    const code = await requestDeviceCode(SENTRY, "client-1", ["org:read", "event:read"], {
      fetch: fetchImpl,
    });
    expect(requests).toEqual([
      {
        url: "https://sentry.io/oauth/device/code/",
        form: { client_id: "client-1", scope: "org:read event:read" },
      },
    ]);
    expect(code).toEqual({
      ...CODE,
      verificationUriComplete: "https://sentry.io/oauth/device/?user_code=BCDF-GHJK",
    });
  });

  it("says to use a token when the host has no device endpoint (self-hosted)", async () => {
    const { fetchImpl } = scripted([{ status: 404, body: "<html>Not found</html>" }]);
    await expect(
      requestDeviceCode("https://sentry.example.com", "c", ["org:read"], { fetch: fetchImpl }),
    ).rejects.toThrow(
      /sentry\.example\.com does not offer device login[\s\S]*https:\/\/sentry\.example\.com\/settings\/account\/api\/auth-tokens\/[\s\S]*--access-token/,
    );
  });

  it("explains an unknown client id", async () => {
    const { fetchImpl } = scripted([{ status: 401, body: { error: "invalid_client" } }]);
    await expect(
      requestDeviceCode(SENTRY, "nope", ["org:read"], { fetch: fetchImpl }),
    ).rejects.toThrow(/does not know the OAuth client "nope"[\s\S]*--client-id/);
  });

  it("reports an unreachable host without a stack", async () => {
    const { fetchImpl } = scripted([new TypeError("fetch failed")]);
    await expect(requestDeviceCode(SENTRY, "c", [], { fetch: fetchImpl })).rejects.toThrow(
      "Could not reach https://sentry.io (fetch failed).",
    );
  });
});

describe("pollForToken", () => {
  it("waits the interval, adds 5 s on slow_down, and returns the token", async () => {
    const clock = fakeClock();
    const { fetchImpl, requests } = scripted([
      pending,
      { status: 400, body: { error: "slow_down" } },
      pending,
      token,
    ]);
    const grant = await pollForToken(SENTRY, "client-1", CODE, { fetch: fetchImpl, ...clock });
    expect(clock.sleeps).toEqual([5000, 5000, 10_000, 10_000]);
    expect(requests[0]).toEqual({
      url: "https://sentry.io/oauth/token/",
      form: { grant_type: DEVICE_CODE_GRANT, device_code: "dev-123", client_id: "client-1" },
    });
    expect(grant).toEqual({
      accessToken: "tok-1",
      refreshToken: "ref-1",
      expiresAt: new Date(1_000_000 + 30_000 + 3_600_000).toISOString(),
      scope: "org:read event:read",
      user: { id: "7", name: "Ada", email: "ada@example.com" },
    });
  });

  it.each([
    ["expired_token", /code expired before it was approved/],
    ["access_denied", /denied in the browser/],
    ["invalid_grant", /Sentry refused the login: invalid_grant/],
  ])("stops on %s", async (error, message) => {
    const { fetchImpl } = scripted([pending, { status: 400, body: { error } }]);
    await expect(
      pollForToken(SENTRY, "c", CODE, { fetch: fetchImpl, ...fakeClock() }),
    ).rejects.toThrow(message);
  });

  it("gives up when the code's lifetime is over", async () => {
    const clock = fakeClock();
    const { fetchImpl, requests } = scripted(Array.from({ length: 10 }, () => pending));
    await expect(
      pollForToken(SENTRY, "c", { ...CODE, expiresIn: 12 }, { fetch: fetchImpl, ...clock }),
    ).rejects.toThrow(/code expired/);
    expect(requests).toHaveLength(2);
  });

  it("backs off on network errors and 5xx, then recovers", async () => {
    const clock = fakeClock();
    const { fetchImpl } = scripted([
      new TypeError("fetch failed"),
      { status: 502, body: "bad gateway" },
      token,
    ]);
    const grant = await pollForToken(SENTRY, "c", CODE, { fetch: fetchImpl, ...clock });
    expect(grant.accessToken).toBe("tok-1");
    expect(clock.sleeps).toEqual([5000, 10_000, 20_000]);
  });

  it("fails after repeated network errors", async () => {
    const { fetchImpl } = scripted(Array.from({ length: 4 }, () => new TypeError("fetch failed")));
    await expect(
      pollForToken(SENTRY, "c", CODE, { fetch: fetchImpl, ...fakeClock() }),
    ).rejects.toThrow("Could not reach https://sentry.io (fetch failed).");
  });
});

describe("refreshGrant", () => {
  it("uses the refresh_token grant with the client id and no secret", async () => {
    const { fetchImpl, requests } = scripted([token]);
    const grant = await refreshGrant(SENTRY, "client-1", "ref-0", { fetch: fetchImpl });
    expect(requests[0].form).toEqual({
      grant_type: "refresh_token",
      refresh_token: "ref-0",
      client_id: "client-1",
    });
    expect(grant.accessToken).toBe("tok-1");
  });

  it("asks to log in again when the refresh is refused", async () => {
    const { fetchImpl } = scripted([
      { status: 400, body: { error: "invalid_grant", error_description: "Token revoked" } },
    ]);
    await expect(refreshGrant(SENTRY, "c", "r", { fetch: fetchImpl })).rejects.toThrow(
      "The saved login could not be renewed (Token revoked). Run `sentry-mcp auth login` again.",
    );
  });
});
