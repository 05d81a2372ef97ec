import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { type Sandbox, startSandbox } from "../../sandbox/server.js";
import { ApiError } from "../errors.js";
import { SentryClient, type SentryClientOptions } from "./client.js";
import {
  DEFAULT_RETRY_POLICY,
  isRetryable,
  parseRetryAfter,
  retryDelay,
  withCallSignal,
} from "./retry.js";

type Handler = (url: URL, init: RequestInit, attempt: number) => Response | Promise<Response>;

function clientWith(handler: Handler, options: Partial<SentryClientOptions> = {}) {
  const calls: Array<{ url: URL; init: RequestInit; at: number }> = [];
  const impl = (async (input: URL | string, init: RequestInit = {}) => {
    const url = new URL(String(input));
    calls.push({ url, init, at: Date.now() });
    return handler(url, init, calls.length);
  }) as typeof fetch;
  const client = new SentryClient({
    baseUrl: "http://sentry.test",
    accessToken: "secret-token-abcdef",
    userAgent: "u",
    fetch: impl,
    retryBudgetMs: 1_000,
    retry: { baseDelayMs: 10 },
    ...options,
  });
  return { client, calls };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e) => e as ApiError,
  );

describe("retries", () => {
  it("retries a GET on 429/502/503/504 and returns the answer that worked", async () => {
    for (const status of [429, 502, 503, 504]) {
      const { client, calls } = clientWith((_u, _i, n) =>
        n < 3 ? json({ detail: "busy" }, status) : json({ ok: true }),
      );
      expect(await client.get("/x/", z.object({ ok: z.boolean() }))).toEqual({ ok: true });
      expect(calls).toHaveLength(3);
    }
  });

  it("retries connection errors on GETs", async () => {
    const { client, calls } = clientWith((_u, _i, n) => {
      if (n === 1) throw new TypeError("fetch failed", { cause: { code: "ECONNRESET" } });
      return json([]);
    });
    expect(await client.get("/x/", z.array(z.unknown()))).toEqual([]);
    expect(calls).toHaveLength(2);
  });

  it("never retries writes", async () => {
    for (const method of ["POST", "PUT", "DELETE"] as const) {
      const { client, calls } = clientWith(() => json({ detail: "busy" }, 503));
      const error = await failure(client.send(method, "/x/", {}, z.unknown()));
      expect(error?.status).toBe(503);
      expect(calls).toHaveLength(1);
      const reset = clientWith(() => {
        throw new TypeError("fetch failed", { cause: { code: "ECONNRESET" } });
      });
      expect((await failure(reset.client.send(method, "/x/", {}, z.unknown())))?.message).toMatch(
        /Could not reach Sentry/,
      );
      expect(reset.calls).toHaveLength(1);
    }
  });

  it("does not retry 500, 4xx, timeouts or bad bodies", async () => {
    for (const response of [
      () => json({ detail: "Internal Error" }, 500),
      () => json({ detail: "nope" }, 404),
      () => new Response("{", { headers: { "content-type": "application/json" } }),
    ]) {
      const { client, calls } = clientWith(response);
      expect(await failure(client.get("/x/", z.unknown()))).toBeInstanceOf(ApiError);
      expect(calls).toHaveLength(1);
    }
    const slow = clientWith(
      (_u, init) =>
        new Promise((_, reject) =>
          init.signal?.addEventListener("abort", () => reject(new DOMException("t", "AbortError"))),
        ),
      { timeoutMs: 30 },
    );
    expect((await failure(slow.client.get("/x/", z.unknown())))?.message).toMatch(
      /did not answer in time/,
    );
    expect(slow.calls).toHaveLength(1);
  });

  it("stops within the budget and says how often it tried", async () => {
    const { client, calls } = clientWith(() => json({ detail: "down" }, 503), {
      retryBudgetMs: 200,
      retry: { baseDelayMs: 20 },
    });
    const started = Date.now();
    const error = await failure(client.get("/x/", z.unknown()));
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(calls.length).toBeGreaterThan(2);
    expect(error?.message).toMatch(
      new RegExp(`Sentry answered 503: down \\(tried ${calls.length} times\\)`),
    );
  });

  it("waits for Retry-After, and gives up at once on a longer one than it may wait", async () => {
    const { client, calls } = clientWith((_u, _i, n) =>
      n === 1 ? json({ detail: "slow down" }, 429, { "retry-after": "0.15" }) : json({}),
    );
    await client.get("/x/", z.unknown());
    expect(calls[1].at - calls[0].at).toBeGreaterThanOrEqual(140);

    const long = clientWith(() => json({ detail: "slow down" }, 429, { "retry-after": "60" }));
    const error = await failure(long.client.get("/x/", z.unknown()));
    expect(long.calls).toHaveLength(1);
    expect(error?.kind).toBe("rate_limited");
    expect(error?.retryAfterSeconds).toBe(60);
  });

  it("lets retries add at most one budget to a tool call, however many requests it makes", async () => {
    const { client, calls } = clientWith(() => json({ detail: "down" }, 503), {
      retryBudgetMs: 300,
      retry: { baseDelayMs: 20 },
    });
    let waited = 0;
    const realSetTimeout = globalThis.setTimeout;
    const counting = ((fn: () => void, ms?: number) => {
      // Backoff sleeps only, not the 30 s request timers.
      if ((ms ?? 0) < 10_000) waited += ms ?? 0;
      return realSetTimeout(fn, ms);
    }) as typeof setTimeout;
    globalThis.setTimeout = counting;
    try {
      await withCallSignal(new AbortController().signal, async () => {
        for (let i = 0; i < 5; i++) await failure(client.get(`/x/${i}/`, z.unknown()));
      });
    } finally {
      globalThis.setTimeout = realSetTimeout;
    }
    // Five requests, each allowed 300 ms of waits alone, shared 300 ms between them.
    expect(waited).toBeLessThanOrEqual(300);
    expect(calls.filter((c) => c.url.pathname === "/x/0/").length).toBeGreaterThan(1);
  });

  it("turns retries off with a zero budget", async () => {
    const { client, calls } = clientWith(() => json({ detail: "down" }, 503), {
      retryBudgetMs: 0,
    });
    expect((await failure(client.get("/x/", z.unknown())))?.message).toBe(
      "Sentry answered 503: down",
    );
    expect(calls).toHaveLength(1);
  });
});

describe("cancellation", () => {
  it("stops waiting between retries when the caller cancels", async () => {
    const { client, calls } = clientWith(() => json({ detail: "x" }, 429, { "retry-after": "1" }), {
      retryBudgetMs: 5_000,
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const error = await failure(client.get("/x/", z.unknown(), { signal: controller.signal }));
    expect(error?.message).toBe("The request was cancelled.");
    expect(Date.now() - started).toBeLessThan(900);
    expect(calls).toHaveLength(1);
  });

  it("aborts requests of a cancelled tool call that did not pass the signal", async () => {
    const { client } = clientWith(
      (_u, init) =>
        new Promise((_, reject) =>
          init.signal?.addEventListener("abort", () => reject(new DOMException("a", "AbortError"))),
        ),
    );
    const controller = new AbortController();
    const pending = withCallSignal(controller.signal, () =>
      failure(client.get("/x/", z.unknown())),
    );
    setTimeout(() => controller.abort(), 20);
    expect((await pending)?.message).toBe("The request was cancelled.");
  });
});

describe("unexpected answers", () => {
  it("names HTML pages, cut-off JSON and oversized bodies", async () => {
    const html = clientWith(
      () =>
        new Response("<!DOCTYPE html><html>Sign in</html>", {
          headers: { "content-type": "text/html" },
        }),
    );
    expect((await failure(html.client.get("/api/0/x/", z.unknown())))?.message).toBe(
      "Sentry returned an unexpected response for /api/0/x/: an HTML page instead of JSON (a proxy, VPN or login page may be in the way).",
    );
    const cut = clientWith(() => new Response('{"id": "1", "tit'));
    expect((await failure(cut.client.get("/api/0/x/", z.unknown())))?.message).toMatch(
      /unexpected response for \/api\/0\/x\/: invalid JSON \(the answer may have been cut off\)/,
    );
    const big = clientWith(() => json({ padding: "x".repeat(2_000) }), { maxResponseBytes: 1_000 });
    expect((await failure(big.client.get("/api/0/x/", z.unknown())))?.message).toMatch(
      /unexpected response for \/api\/0\/x\/: larger than/,
    );
  });

  it("never repeats its own token from an error body", async () => {
    const { client } = clientWith((_u, init) => {
      const auth = (init.headers as Record<string, string>).Authorization;
      return json({ detail: `bad header ${auth}` }, 400);
    });
    const error = await failure(client.get("/x/", z.unknown()));
    expect(error?.message).toBe("Sentry answered 400: bad header Bearer [redacted]");
  });
});

describe("request paths", () => {
  it("refuses . and .. segments (they would reach a parent endpoint) without sending", async () => {
    for (const id of ["..", ".", "%2e%2E", ".%2e"]) {
      const { client, calls } = clientWith(() => json({}));
      const error = await failure(
        client.send("DELETE", `/api/0/projects/acme/${id}/`, undefined, z.unknown()),
      );
      expect(error?.kind).toBe("user_input");
      expect(error?.message).toMatch(/is not a valid ID, slug or name here/);
      expect(calls).toHaveLength(0);
    }
    const { client, calls } = clientWith(() => json({}));
    await client.get("/api/0/releases/v1..2/", z.unknown(), { query: { q: "../x" } });
    expect(calls[0].url.pathname).toBe("/api/0/releases/v1..2/");
  });
});

describe("policy helpers", () => {
  it("parses Retry-After seconds and HTTP dates", () => {
    const now = Date.parse("2026-11-01T12:00:00Z");
    expect(parseRetryAfter("7", now)).toBe(7);
    expect(parseRetryAfter("Sun, 01 Nov 2026 12:00:30 GMT", now)).toBe(30);
    expect(parseRetryAfter("Sun, 01 Nov 2026 11:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it("backs off exponentially with jitter, within the budget", () => {
    const busy = ApiError.fromStatus(503, "x");
    const policy = { ...DEFAULT_RETRY_POLICY, budgetMs: 10_000, baseDelayMs: 100 };
    expect(retryDelay(busy, 0, 0, policy, () => 0)).toBe(50);
    expect(retryDelay(busy, 0, 0, policy, () => 1)).toBe(100);
    expect(retryDelay(busy, 3, 0, policy, () => 1)).toBe(800);
    expect(retryDelay(busy, 3, 9_500, policy, () => 1)).toBeUndefined();
    expect(retryDelay(ApiError.fromStatus(500, "x"), 0, 0, policy)).toBeUndefined();
    expect(isRetryable(new Error("x"))).toBe(false);
  });
});

describe("against the sandbox's faults", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, tokens: ["secret-token-abcdef"] });
  });
  afterAll(() => sandbox.close());
  beforeEach(() => sandbox.faults.clear());

  const client = () =>
    new SentryClient({
      baseUrl: sandbox.url,
      accessToken: "secret-token-abcdef",
      userAgent: "u",
      retryBudgetMs: 1_000,
    });
  const org = z.object({ slug: z.string() });

  it("recovers from a reset connection and a gateway error", async () => {
    sandbox.faults.set(
      { path: "/api/0/organizations/acme/", kind: "reset", times: 1 },
      { path: "/api/0/organizations/acme/", kind: "status", status: 502, times: 1 },
    );
    expect(await client().get("/api/0/organizations/acme/", org)).toEqual({ slug: "acme" });
    expect(sandbox.faults.hits.map((h) => h.kind)).toEqual(["reset", "status"]);
  });

  it("reports a reset that does not go away", async () => {
    sandbox.faults.set({ path: "/api/0/organizations/acme/", kind: "reset" });
    const error = await failure(client().get("/api/0/organizations/acme/", org));
    expect(error?.message).toMatch(
      /^Could not reach Sentry at 127\.0\.0\.1:\d+ \(connection (closed|reset): \w+\) \(tried \d+ times\)\.$/,
    );
  });
});
