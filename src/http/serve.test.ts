import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { startTestSandbox, TOKEN } from "../../test/harness.js";
import { parseCli } from "../cli/args.js";
import { defaultConfig } from "../config.js";
import { normalizePublicUrl, startHttpServer } from "./serve.js";

let sandbox: Sandbox;

/** A GET with an explicit Host header (fetch does not let one set it). */
function getWithHost(
  port: number,
  path: string,
  host: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers: { host } }, (res) => {
      let body = "";
      res.on("data", (c) => {
        body += c;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

describe("serve flags", () => {
  it("reads flags and environment", () => {
    const opts = parseCli(
      [
        "serve",
        "--public-url=https://mcp.example.com",
        "--store=redis://cache:6379",
        "--trust-proxy",
        "--rate-limit-ip=100",
      ],
      {
        SENTRY_CLIENT_ID: "id",
        SENTRY_CLIENT_SECRET: "secret",
        MCP_ENCRYPTION_KEY: "k",
        MCP_RATE_LIMIT_USER: "50",
        MCP_METRICS_TOKEN: "m",
      },
    );
    expect(opts.serve).toEqual({
      publicUrl: "https://mcp.example.com",
      store: "redis://cache:6379",
      encryptionKey: "k",
      trustProxy: true,
      rateLimitIp: 100,
      rateLimitUser: 50,
      oauthClientId: "id",
      oauthClientSecret: "secret",
      metricsToken: "m",
      maxBodyMcp: undefined,
      maxBodyOauth: undefined,
      insecurePublicUrl: false,
      demoOAuth: false,
    });
  });

  it("refuses half an OAuth app and bad limits", () => {
    expect(() => parseCli(["serve"], { SENTRY_CLIENT_ID: "id" })).toThrow(/SENTRY_CLIENT_SECRET/);
    expect(() => parseCli(["serve", "--rate-limit-ip=-1"], {})).toThrow(/--rate-limit-ip/);
  });

  it("takes an origin as public URL", () => {
    expect(normalizePublicUrl("https://mcp.example.com/")).toBe("https://mcp.example.com");
    expect(() => normalizePublicUrl("https://mcp.example.com/mcp")).toThrow(/origin only/);
    expect(() => normalizePublicUrl("ftp://x")).toThrow(/http/);
  });

  it("refuses an http public URL beyond loopback unless told it is on purpose", () => {
    expect(() => normalizePublicUrl("http://mcp.example.com")).toThrow(/--insecure-public-url/);
    expect(() => normalizePublicUrl("http://10.0.0.5:6420")).toThrow(/--insecure-public-url/);
    expect(normalizePublicUrl("http://mcp.example.com", true)).toBe("http://mcp.example.com");
    expect(normalizePublicUrl("http://127.0.0.1:6420")).toBe("http://127.0.0.1:6420");
    expect(normalizePublicUrl("http://localhost:6420")).toBe("http://localhost:6420");
    expect(normalizePublicUrl("http://[::1]:6420")).toBe("http://[::1]:6420");
  });
});

describe("startHttpServer", () => {
  it("needs a metrics token for /metrics when bound beyond loopback", async () => {
    const open = await startHttpServer(defaultConfig({ sentryUrl: sandbox.url }), {
      bind: "0.0.0.0",
      port: 0,
    });
    try {
      const res = await fetch(`http://127.0.0.1:${open.port}/metrics`);
      expect(res.status).toBe(403);
      expect(await res.text()).toContain("MCP_METRICS_TOKEN");
    } finally {
      await open.close();
    }
    const local = await startHttpServer(defaultConfig({ sentryUrl: sandbox.url }), {
      bind: "127.0.0.1",
      port: 0,
    });
    try {
      expect((await fetch(`http://127.0.0.1:${local.port}/metrics`)).status).toBe(200);
    } finally {
      await local.close();
    }
  });

  it("needs a shared encryption key when instances share Redis", async () => {
    await expect(
      startHttpServer(defaultConfig({ sentryUrl: sandbox.url }), {
        bind: "127.0.0.1",
        store: "redis://127.0.0.1:1",
        upstream: { clientId: "a", clientSecret: "b" },
      }),
    ).rejects.toThrow(/MCP_ENCRYPTION_KEY/);
  });

  it("uses the public URL for the allowed Host and the OAuth URLs", async () => {
    const server = await startHttpServer(
      defaultConfig({ sentryUrl: sandbox.url, accessToken: TOKEN }),
      {
        bind: "127.0.0.1",
        publicUrl: "https://mcp.example.com",
        upstream: { clientId: "a", clientSecret: "b" },
      },
    );
    try {
      expect(server.url).toBe("https://mcp.example.com/mcp");
      const meta = await getWithHost(
        server.port,
        "/.well-known/oauth-authorization-server",
        "mcp.example.com",
      );
      expect(meta.status).toBe(200);
      expect(JSON.parse(meta.body).issuer).toBe("https://mcp.example.com");
      const prm = await getWithHost(
        server.port,
        "/.well-known/oauth-protected-resource/mcp/acme",
        "mcp.example.com",
      );
      expect(JSON.parse(prm.body).resource).toBe("https://mcp.example.com/mcp/acme");
      const foreign = await getWithHost(
        server.port,
        "/.well-known/oauth-authorization-server",
        "evil.example",
      );
      expect(foreign.status).toBe(403);
      const health = await getWithHost(server.port, "/healthz", "10.0.0.5:6420");
      expect(health.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
