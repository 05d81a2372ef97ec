/** Dynamic client registration quotas: sizes, registrations per address, failing store. */
import { describe, expect, it } from "vitest";
import { defaultConfig } from "../config.js";
import { createHttpApp } from "./app.js";
import type { RateLimits, ServiceOptions } from "./options.js";
import { openSqliteStore } from "./store/sqlite.js";
import type { KeyValueStore } from "./store/types.js";

const HOST = "127.0.0.1:6420";
const LIMITS: RateLimits = { perIp: 0, perUser: 0, windowSeconds: 60, registrationsPerIp: 3 };

function makeApp(service: Partial<ServiceOptions> = {}) {
  return createHttpApp({
    config: defaultConfig({ sentryUrl: "http://127.0.0.1:9" }),
    allowedHosts: new Set([HOST]),
    service: {
      store: openSqliteStore(":memory:", { sweepMs: 0 }),
      upstream: { clientId: "id", clientSecret: "secret" },
      rateLimits: LIMITS,
      ...service,
    },
    clientIp: (c) => c.req.header("x-test-ip") ?? "10.0.0.1",
  });
}

function register(app: ReturnType<typeof makeApp>, body: unknown, ip = "10.0.0.1") {
  return app.request(`http://${HOST}/oauth/register`, {
    method: "POST",
    headers: { host: HOST, "content-type": "application/json", "x-test-ip": ip },
    body: JSON.stringify(body),
  });
}

const ok = { redirect_uris: ["http://127.0.0.1:3000/cb"], token_endpoint_auth_method: "none" };

describe("registration quotas", () => {
  it("caps the number and length of redirect URIs", async () => {
    const app = makeApp();
    const many = Array.from({ length: 9 }, (_, i) => `https://app.example/cb${i}`);
    const res = await register(app, { redirect_uris: many });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "invalid_redirect_uri" });
    const long = await register(app, {
      redirect_uris: [`https://app.example/${"a".repeat(600)}`],
    });
    expect(long.status).toBe(400);
  });

  it("counts registrations per address", async () => {
    const app = makeApp();
    for (let i = 0; i < 3; i++) expect((await register(app, ok)).status).toBe(201);
    const limited = await register(app, ok);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await register(app, ok, "10.0.0.2")).status).toBe(201);
  });

  it("refuses registration when the store cannot count (fails closed)", async () => {
    const inner = openSqliteStore(":memory:", { sweepMs: 0 });
    const broken: KeyValueStore = {
      ...inner,
      increment: async () => {
        throw new Error("store down");
      },
    };
    const app = makeApp({ store: broken });
    const res = await register(app, ok);
    expect(res.status).toBe(503);
    // Other endpoints keep failing open.
    const meta = await app.request(`http://${HOST}/.well-known/oauth-authorization-server`, {
      headers: { host: HOST },
    });
    expect(meta.status).toBe(200);
  });
});
