/**
 * Two `serve` instances behind a load balancer, sharing one real Redis: a client registers and
 * authorizes through one, calls tools through the other, refreshes on the first; rate limits
 * count requests on both.
 */
import { randomBytes } from "node:crypto";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_OAUTH_CLIENT } from "../sandbox/data/oauth.js";
import type { Sandbox } from "../sandbox/server.js";
import { defaultConfig } from "../src/config.js";
import { type RunningServer, startHttpServer } from "../src/http/serve.js";
import { startTestSandbox, TOKEN } from "./harness.js";
import { clickThrough, MemoryOAuthProvider, startRedis } from "./oauth-helpers.js";
import { requireService } from "./services.js";

const redisServer = await requireService("redis", "two serve instances sharing Redis");

const REDIRECT = "http://127.0.0.1:53682/callback";
const KEY = randomBytes(32).toString("base64");
let redis: Awaited<ReturnType<typeof startRedis>>;
let sandbox: Sandbox;
let a: RunningServer;
let b: RunningServer;
let balancer: Server;
let publicUrl: string;
let clock = Date.now();
/** Which instance the balancer sends the next requests to, and what each one received. */
let target: "a" | "b" = "a";
const seen: Record<"a" | "b", string[]> = { a: [], b: [] };

function startBalancer(): Promise<number> {
  balancer = createServer((req, res) => {
    const name = target;
    const port = name === "a" ? a.port : b.port;
    seen[name].push(`${req.method} ${req.url?.split("?")[0]}`);
    const upstream = request(
      {
        host: "127.0.0.1",
        port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, "x-forwarded-for": "203.0.113.7" },
      },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    upstream.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    balancer.listen(0, "127.0.0.1", () => resolve((balancer.address() as AddressInfo).port)),
  );
}

beforeAll(async () => {
  if (!redisServer) return;
  redis = await startRedis(redisServer);
  sandbox = await startTestSandbox();
  const port = await startBalancer();
  publicUrl = `http://127.0.0.1:${port}`;
  const start = () =>
    startHttpServer(defaultConfig({ sentryUrl: sandbox.url }), {
      bind: "127.0.0.1",
      port: 0,
      publicUrl,
      store: redis.url,
      encryptionKey: KEY,
      trustProxy: true,
      upstream: {
        clientId: SANDBOX_OAUTH_CLIENT.clientId,
        clientSecret: SANDBOX_OAUTH_CLIENT.clientSecret,
      },
      rateLimits: { perIp: 0, perUser: 40, windowSeconds: 60 },
      now: () => clock,
    });
  a = await start();
  b = await start();
}, 30_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await new Promise((r) => balancer?.close(r));
  await sandbox?.close();
  await redis?.stop();
});

describe.skipIf(!redisServer)("two instances sharing Redis", () => {
  it("authorizes on one, serves tools on the other, refreshes on the first", async () => {
    const provider = new MemoryOAuthProvider(REDIRECT, "Two-instance client");
    const mcpUrl = new URL(`${publicUrl}/mcp/acme`);

    target = "a";
    const first = new Client({ name: "lb-test", version: "1.0.0" });
    await expect(
      first.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider })),
    ).rejects.toThrow(/Unauthorized/i);
    const run = await clickThrough(provider.lastAuthorizationUrl!, { redirectPrefix: REDIRECT });
    expect(run.final.searchParams.get("iss")).toBe(publicUrl);
    await new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }).finishAuth(
      run.final.searchParams.get("code")!,
    );
    expect(seen.a).toEqual(
      expect.arrayContaining([
        "POST /oauth/register",
        "GET /oauth/authorize",
        "POST /oauth/authorize",
        "GET /oauth/callback",
        "POST /oauth/token",
      ]),
    );

    target = "b";
    const client = new Client({ name: "lb-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
    const result = await client.callTool({ name: "find_projects", arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(JSON.stringify(result.content)).toContain("backend");
    expect(seen.b.filter((r) => r === "POST /mcp/acme").length).toBeGreaterThanOrEqual(3);
    expect(seen.b.some((r) => r.startsWith("POST /oauth"))).toBe(false);

    // Hours later: refresh on A (our tokens and, inside A, Sentry's), then B uses the new grant.
    target = "a";
    const before = provider.saved!.refresh_token;
    const tokenCallsOnA = seen.a.filter((r) => r === "POST /oauth/token").length;
    clock += 8 * 3600_000 - 60_000;
    const refreshed = await client.callTool({ name: "find_projects", arguments: {} });
    expect(refreshed.isError).toBeFalsy();
    expect(provider.saved!.refresh_token).not.toBe(before);
    expect(seen.a.filter((r) => r === "POST /oauth/token").length).toBe(tokenCallsOnA + 1);

    target = "b";
    const onB = await client.callTool({ name: "find_teams", arguments: {} });
    expect(onB.isError, JSON.stringify(onB.content)).toBeFalsy();
    await client.close();
  });

  it("counts a user's requests across both instances", async () => {
    const user = `Sentry-Bearer ${TOKEN}`;
    const call = (port: number) =>
      fetch(`http://127.0.0.1:${port}/mcp`, {
        method: "POST",
        headers: {
          authorization: user,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await call(i % 2 === 0 ? a.port : b.port)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limitedA = await call(a.port);
    const limitedB = await call(b.port);
    expect([limitedA.status, limitedB.status]).toEqual([429, 429]);
    expect(Number(limitedB.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
