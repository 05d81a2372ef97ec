import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "../errors.js";
import { errorDetail, nextCursor, SentryClient } from "./client.js";
import { withCallSignal } from "./retry.js";

function fakeFetch(handler: (url: URL, init: RequestInit) => Response) {
  const calls: Array<{ url: URL; init: RequestInit }> = [];
  const impl = (async (input: URL | string, init: RequestInit = {}) => {
    const url = new URL(String(input));
    calls.push({ url, init });
    return handler(url, init);
  }) as typeof fetch;
  return { impl, calls };
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    ...init,
    headers: { "content-type": "application/json", ...(init.headers ?? {}) },
  });

describe("SentryClient", () => {
  it("sends the bearer token and user agent, and parses tolerantly", async () => {
    const f = fakeFetch(() => json({ id: 1, slug: "acme", extra: "ignored" }));
    const client = new SentryClient({
      baseUrl: "http://127.0.0.1:1/",
      accessToken: "tok",
      userAgent: "ua/1",
      fetch: f.impl,
    });
    const org = await client.get(
      "/api/0/organizations/acme/",
      z.object({ id: z.coerce.string(), slug: z.string() }),
    );
    expect(org).toEqual({ id: "1", slug: "acme" });
    const headers = f.calls[0].init.headers as Record<string, string>;
    expect(headers.Authorization).toBe("Bearer tok");
    expect(headers["User-Agent"]).toBe("ua/1");
    expect(f.calls[0].url.href).toBe("http://127.0.0.1:1/api/0/organizations/acme/");
  });

  it("encodes repeated and empty query values", async () => {
    const f = fakeFetch(() => json([]));
    const client = new SentryClient({
      baseUrl: "http://h",
      accessToken: "t",
      userAgent: "u",
      fetch: f.impl,
    });
    await client.get("/x/", z.array(z.unknown()), {
      query: { project: ["1", "2"], query: "", sort: "date", cursor: undefined },
    });
    expect(f.calls[0].url.search).toBe("?project=1&project=2&sort=date");
  });

  it("maps statuses to error kinds with Sentry's detail", async () => {
    const cases: Array<[number, unknown, string]> = [
      [401, { detail: "Invalid token" }, "auth"],
      [403, { detail: "You do not have permission" }, "permission"],
      [404, { detail: "The requested resource does not exist" }, "not_found"],
      [400, { query: ["Invalid query"] }, "user_input"],
      [429, { detail: "slow down" }, "rate_limited"],
      [502, "<html>Bad gateway</html>", "upstream"],
    ];
    for (const [status, body, kind] of cases) {
      const f = fakeFetch(() =>
        typeof body === "string"
          ? new Response(body, { status, headers: { "retry-after": "7" } })
          : json(body, { status, headers: { "retry-after": "7" } }),
      );
      const client = new SentryClient({
        baseUrl: "http://h",
        accessToken: "secret-token",
        userAgent: "u",
        fetch: f.impl,
      });
      const error = (await client.get("/x/", z.unknown()).catch((e) => e)) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.kind).toBe(kind);
      expect(error.status).toBe(status);
      expect(error.message).not.toContain("secret-token");
      if (status === 429) expect(error.retryAfterSeconds).toBe(7);
    }
  });

  it("reports unexpected shapes as upstream errors naming the field", async () => {
    const f = fakeFetch(() => json({ id: null }));
    const client = new SentryClient({
      baseUrl: "http://h",
      accessToken: "t",
      userAgent: "u",
      fetch: f.impl,
    });
    await expect(client.get("/api/0/x/", z.object({ id: z.string() }))).rejects.toThrow(
      /unexpected response for \/api\/0\/x\/: id/,
    );
  });

  it("reports network failures without leaking the token", async () => {
    const client = new SentryClient({
      baseUrl: "http://127.0.0.1:9",
      accessToken: "secret-token",
      userAgent: "u",
      retryBudgetMs: 0,
    });
    const error = (await client.get("/x/", z.unknown()).catch((e) => e)) as ApiError;
    expect(error.kind).toBe("upstream");
    expect(error.message).toMatch(/Could not reach Sentry at 127.0.0.1:9/);
    expect(error.message).not.toContain("secret-token");
  });

  it("routes SaaS orgs to their region, only to https sentry.io hosts", async () => {
    const f = fakeFetch((url) => {
      if (url.pathname === "/api/0/organizations/eu-org/")
        return json({ id: 1, slug: "eu-org", links: { regionUrl: "https://de.sentry.io" } });
      if (url.pathname === "/api/0/organizations/evil/")
        return json({ id: 2, slug: "evil", links: { regionUrl: "https://attacker.example" } });
      return json([]);
    });
    const client = new SentryClient({
      baseUrl: "https://sentry.io",
      accessToken: "t",
      userAgent: "u",
      fetch: f.impl,
    });
    expect(await client.regionFor("eu-org")).toBe("https://de.sentry.io");
    expect(await client.regionFor("eu-org")).toBe("https://de.sentry.io");
    expect(await client.regionFor("evil")).toBe("https://sentry.io");
    expect(f.calls.filter((c) => c.url.pathname === "/api/0/organizations/eu-org/")).toHaveLength(
      1,
    );
    const selfHosted = new SentryClient({
      baseUrl: "https://sentry.corp",
      accessToken: "t",
      userAgent: "u",
      fetch: f.impl,
    });
    expect(await selfHosted.regionFor("any")).toBe("https://sentry.corp");
  });

  it("a call's regionUrl routes its organization, only within the allow-list", async () => {
    const f = fakeFetch(() => json([]));
    const saas = new SentryClient({
      baseUrl: "https://sentry.io",
      accessToken: "t",
      userAgent: "u",
      fetch: f.impl,
    });
    expect(saas.checkRegionUrl("https://de.sentry.io/")).toBe("https://de.sentry.io");
    expect(saas.checkRegionUrl("https://sentry.io")).toBe("https://sentry.io");
    for (const bad of [
      "http://de.sentry.io",
      "https://evil.example",
      "de.sentry.io",
      "https://u:p@de.sentry.io",
    ])
      expect(() => saas.checkRegionUrl(bad), bad).toThrow(
        /Invalid regionUrl .*https:\/\/\*\.sentry\.io/,
      );
    const region = { org: "eu-org", baseUrl: "https://de.sentry.io" };
    const routed = await withCallSignal(
      new AbortController().signal,
      async () => [await saas.regionFor("eu-org"), await saas.regionFor("other")],
      region,
    );
    expect(routed[0]).toBe("https://de.sentry.io");
    // another org of the same call is looked up as usual
    expect(f.calls.map((c) => c.url.pathname)).toEqual(["/api/0/organizations/other/"]);
    const selfHosted = new SentryClient({
      baseUrl: "https://sentry.corp",
      accessToken: "t",
      userAgent: "u",
    });
    expect(selfHosted.checkRegionUrl("https://sentry.corp")).toBe("https://sentry.corp");
    expect(() => selfHosted.checkRegionUrl("https://de.sentry.io")).toThrow(
      'Invalid regionUrl "https://de.sentry.io": expected https://sentry.corp (this server\'s Sentry host), or null.',
    );
  });

  it("builds web URLs for SaaS and self-hosted", () => {
    const saas = new SentryClient({
      baseUrl: "https://sentry.io",
      accessToken: "t",
      userAgent: "u",
    });
    expect(saas.orgWebPath("acme", "/issues/1/")).toBe("https://acme.sentry.io/issues/1/");
    const self = new SentryClient({
      baseUrl: "http://127.0.0.1:9000",
      accessToken: "t",
      userAgent: "u",
    });
    expect(self.orgWebPath("acme", "/issues/1/")).toBe(
      "http://127.0.0.1:9000/organizations/acme/issues/1/",
    );
  });
});

describe("pagination and error bodies", () => {
  it("finds the next cursor only when results=true", () => {
    const link =
      '<https://s/api/0/x/?cursor=0:0:1>; rel="previous"; results="false"; cursor="0:0:1", <https://s/api/0/x/?cursor=0:100:0>; rel="next"; results="true"; cursor="0:100:0"';
    expect(nextCursor(link)).toBe("0:100:0");
    expect(nextCursor(link.replace('results="true"', 'results="false"'))).toBeUndefined();
    expect(nextCursor(null)).toBeUndefined();
  });

  it("flattens field errors", () => {
    expect(errorDetail('{"slug":["This slug is taken."],"name":["Too long"]}')).toBe(
      "slug: This slug is taken.; name: Too long",
    );
    expect(errorDetail('{"detail":"Nope"}')).toBe("Nope");
    expect(errorDetail('{"statusDetails":{"inNextRelease":["No release data"]}}')).toBe(
      "statusDetails.inNextRelease: No release data",
    );
  });
});
