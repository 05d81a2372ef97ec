/** Behaviour tests of the sandbox: search, sorting, pagination, lookups, determinism. */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStore } from "./data/index.js";
import { parseSandboxArgs, runSandboxCli } from "./main.js";
import { createSandboxApp, type Sandbox, startSandbox } from "./server.js";

const NOW = new Date("2025-06-02T12:00:00.000Z");
const HOUR = 3_600_000;

let sb: Sandbox;

beforeAll(async () => {
  sb = await startSandbox({ now: NOW });
});
afterAll(async () => {
  await sb.close();
});

async function get<T = unknown>(path: string, token = "sandbox-token") {
  const res = await fetch(`${sb.url}${path}`, {
    headers: { Authorization: `Bearer ${token}` },
    redirect: "manual",
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}

/** The issue fields these tests read. */
type Issue = Record<
  "id" | "shortId" | "status" | "level" | "count" | "firstSeen" | "lastSeen",
  string
> & {
  userCount: number;
  priority: string;
};

async function shortIds(query: string, extra = ""): Promise<string[]> {
  const res = await get<Issue[]>(
    `/api/0/organizations/acme/issues/?query=${encodeURIComponent(query)}${extra}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.map((i) => i.shortId);
}

describe("issue search", () => {
  it("defaults to is:unresolved when query is absent; an empty query returns everything", async () => {
    const dflt = await get<Issue[]>("/api/0/organizations/acme/issues/");
    expect(dflt.body.length).toBe(25);
    expect(dflt.body.every((i) => i.status === "unresolved")).toBe(true);
    expect((await shortIds("")).length).toBe(32);
  });

  it("filters by status, assignment, level, category, type, project, release, environment", async () => {
    expect((await shortIds("is:resolved")).sort()).toEqual([
      "BACKEND-1F",
      "FRONTEND-2E",
      "MOBILE-APP-7",
      "PAYMENTS-4",
    ]);
    expect((await shortIds("is:ignored")).sort()).toEqual([
      "BACKEND-1H",
      "BACKEND-1J",
      "FRONTEND-2G",
    ]);
    expect((await shortIds("assigned:me")).sort()).toEqual(["BACKEND-1D", "PAYMENTS-3"]);
    expect((await shortIds("assigned:#platform")).sort()).toEqual(["BACKEND-1C", "BACKEND-1K"]);
    expect((await shortIds("assigned:priya.natarajan@acme.example")).sort()).toEqual([
      "BACKEND-1A",
      "PAYMENTS-1",
    ]);
    expect(await shortIds("is:unresolved is:unassigned level:fatal")).toEqual(["MOBILE-APP-4"]);
    expect((await shortIds("issue.category:feedback")).sort()).toEqual([
      "FRONTEND-2D",
      "MOBILE-APP-8",
    ]);
    expect(await shortIds("issue.type:metric_issue")).toEqual(["BACKEND-1K"]);
    expect((await shortIds("project:payments is:unresolved")).length).toBe(4);
    expect((await shortIds("release:backend@2.13.2")).sort()).toEqual([
      "BACKEND-1A",
      "BACKEND-1C",
      "BACKEND-1F",
      "BACKEND-1J",
    ]);
    expect((await shortIds("environment:beta")).sort()).toEqual(["MOBILE-APP-3", "MOBILE-APP-5"]);
    expect((await shortIds("level:[fatal,info] project:mobile-app")).sort()).toEqual([
      "MOBILE-APP-3",
      "MOBILE-APP-4",
      "MOBILE-APP-6",
      "MOBILE-APP-8",
    ]);
  });

  it("supports negation, quoted free text, tag keys and short ids", async () => {
    const notError = await get<Issue[]>("/api/0/organizations/acme/issues/?query=!level:error");
    expect(notError.body.length).toBeGreaterThan(0);
    expect(notError.body.every((i) => i.level !== "error")).toBe(true);
    expect(await shortIds('"Ignore previous instructions"')).toEqual(["BACKEND-1E"]);
    expect(await shortIds("ChunkLoadError")).toEqual(["FRONTEND-2B"]);
    expect(await shortIds('browser.name:"Safari" is:resolved')).toEqual(["FRONTEND-2E"]);
    expect(await shortIds("frontend-2a")).toEqual(["FRONTEND-2A"]);
    expect(await shortIds("times_seen:>10000")).toEqual(
      expect.arrayContaining(["FRONTEND-2C", "FRONTEND-2J"]),
    );
    expect(await shortIds("age:-24h")).toEqual(
      expect.arrayContaining(["BACKEND-1B", "FRONTEND-2D"]),
    );
  });

  it("rejects unknown keys and bad values with 400 {detail}", async () => {
    const res = await get("/api/0/organizations/acme/issues/?query=foo:bar");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: "Invalid query. 'foo' is not a valid search key" });
    expect((await get("/api/0/organizations/acme/issues/?query=is:sleepy")).status).toBe(400);
    expect((await get("/api/0/organizations/acme/issues/?statsPeriod=fortnight")).status).toBe(400);
    expect((await get("/api/0/organizations/acme/issues/?sort=random")).status).toBe(400);
    expect((await get("/api/0/organizations/acme/issues/?start=2025-01-01T00:00:00Z")).status).toBe(
      400,
    );
  });

  it("applies project / environment params and time windows", async () => {
    const ids = await shortIds("", "&project=4500013&project=4500014");
    expect(ids.length).toBe(11);
    expect((await shortIds("", "&project=-1")).length).toBe(32);
    expect((await get("/api/0/organizations/acme/issues/?project=4500021")).status).toBe(403);
    const recent = await get<Issue[]>("/api/0/organizations/acme/issues/?query=&statsPeriod=1h");
    expect(recent.body.length).toBeGreaterThan(0);
    expect(recent.body.every((i) => Date.parse(i.lastSeen) >= NOW.getTime() - HOUR)).toBe(true);
    // start/end keep issues whose [firstSeen, lastSeen] overlaps the window
    const start = new Date(NOW.getTime() - 100 * 86_400_000).toISOString();
    const end = new Date(NOW.getTime() - 65 * 86_400_000).toISOString();
    expect(await shortIds("", `&start=${start}&end=${end}`)).toEqual(["FRONTEND-2J"]);
    expect((await shortIds("", "&environment=preview")).sort()).toEqual([
      "FRONTEND-2A",
      "FRONTEND-2E",
      "FRONTEND-2J",
    ]);
  });
});

describe("sorting and pagination", () => {
  const list = (q: string) =>
    get<Issue[]>(`/api/0/organizations/acme/issues/?query=${q}`).then((r) => r.body);

  it("sorts by date (default), new, freq, user and priority", async () => {
    const byDate = await list("&sort=date");
    expect(byDate.map((i) => i.lastSeen)).toEqual(
      [...byDate.map((i) => i.lastSeen)].sort().reverse(),
    );
    expect(byDate[0].shortId).toBe("FRONTEND-2J");
    const byNew = await list("&sort=new");
    expect(byNew.map((i) => i.firstSeen)).toEqual(
      [...byNew.map((i) => i.firstSeen)].sort().reverse(),
    );
    const freq = (await list("&sort=freq")).map((i) => Number(i.count));
    expect(freq).toEqual([...freq].sort((a, b) => b - a));
    const users = (await list("&sort=user")).map((i) => i.userCount);
    expect(users).toEqual([...users].sort((a, b) => b - a));
    const prio = (await list("&sort=priority")).map((i) => i.priority);
    expect(prio.indexOf("low")).toBeGreaterThan(prio.lastIndexOf("high"));
  });

  it("pages with limit / per_page and opaque cursors", async () => {
    const all = (await list("")).map((i) => i.id);
    const page2 = await get<Issue[]>(
      "/api/0/organizations/acme/issues/?query=&per_page=7&cursor=0:7:0",
    );
    expect(page2.body.map((i) => i.id)).toEqual(all.slice(7, 14));
    expect(page2.headers.get("link")).toContain('rel="previous"; results="true"; cursor="0:0:1"');
    const last = await get<Issue[]>(
      "/api/0/organizations/acme/issues/?query=&limit=10&cursor=0:30:0",
    );
    expect(last.body.length).toBe(2);
    expect(last.headers.get("link")).toContain('rel="next"; results="false"; cursor="0:40:0"');
    expect(last.headers.get("x-hits")).toBe("32");
    expect((await get("/api/0/organizations/acme/issues/?cursor=banana")).status).toBe(400);
    expect((await get("/api/0/organizations/acme/issues/?per_page=101")).status).toBe(400);
  });

  it("pages organizations, tag values and releases", async () => {
    const orgs = await get<Array<{ slug: string }>>("/api/0/organizations/?per_page=1");
    expect(orgs.body.map((o) => o.slug)).toEqual(["acme"]);
    expect(orgs.headers.get("link")).toContain('rel="next"; results="true"');
    const values = await get<Array<{ value: string; count: number }>>(
      "/api/0/organizations/acme/issues/BACKEND-1A/tags/url/values/?per_page=5&cursor=0:10:0",
    );
    expect(values.body.length).toBe(2);
    const byCount = await get<Array<{ count: number }>>(
      "/api/0/organizations/acme/issues/BACKEND-1A/tags/url/values/",
    );
    expect(byCount.body.map((v) => v.count)).toEqual(
      [...byCount.body.map((v) => v.count)].sort((a, b) => b - a),
    );
    const rel = await get<Array<{ version: string }>>(
      "/api/0/organizations/acme/releases/?query=mobile",
    );
    expect(rel.body.map((r) => r.version)).toEqual([
      "com.acme.mobile@3.2.0+412",
      "com.acme.mobile@3.1.4+398",
    ]);
  });
});

describe("lookups", () => {
  it("resolves short ids on the issue route and the shortids route, scoped to the org", async () => {
    const byShort = await get<Issue>("/api/0/organizations/acme/issues/backend-1a/");
    expect(byShort.body.id).toBe("6100000101");
    const lookup = await get<{ groupId: string; projectSlug: string; organizationSlug: string }>(
      "/api/0/organizations/4500001/shortids/PAYMENTS-1/",
    );
    expect(lookup.body).toMatchObject({
      groupId: "6100000401",
      projectSlug: "payments",
      organizationSlug: "acme",
    });
    expect((await get("/api/0/organizations/globex/issues/BACKEND-1A/")).status).toBe(404);
    expect((await get("/api/0/organizations/acme/issues/6100000501/")).status).toBe(404);
  });

  it("serves events: latest / oldest / recommended, neighbours, project scope, eventids", async () => {
    type Ev = {
      id: string;
      eventID: string;
      dateCreated: string;
      nextEventID: string | null;
      previousEventID: string | null;
      entries: Array<{ type: string }>;
    };
    const base = "/api/0/organizations/acme/issues/6100000101/events";
    const list = await get<Ev[]>(`${base}/`);
    expect(list.body.length).toBe(5);
    const latest = await get<Ev>(`${base}/latest/`);
    const oldest = await get<Ev>(`${base}/oldest/`);
    expect(latest.body.id).toBe(list.body[0].id);
    expect(oldest.body.id).toBe(list.body[4].id);
    expect(latest.body.nextEventID).toBeNull();
    expect(latest.body.previousEventID).toBe(list.body[1].id);
    expect(latest.body.dateCreated).toBe(new Date(NOW.getTime() - 12 * 60_000).toISOString());
    const rec = await get<Ev>("/api/0/organizations/acme/issues/6100000111/events/recommended/");
    expect(rec.status).toBe(200);
    const asc = await get<Ev[]>(`${base}/?sort=oldest&per_page=2`);
    expect(asc.body.map((e) => e.id)).toEqual([list.body[4].id, list.body[3].id]);
    const full = await get<Ev[]>(`${base}/?full=true&per_page=1`);
    expect(full.body[0].entries.map((e) => e.type)).toEqual([
      "exception",
      "breadcrumbs",
      "request",
    ]);
    const staging = await get<Ev[]>(`${base}/?query=environment:staging`);
    expect(staging.body.length).toBeGreaterThan(0);
    expect(staging.body.length).toBeLessThan(5);
    expect((await get(`/api/0/projects/acme/backend/events/${latest.body.id}/`)).status).toBe(200);
    expect((await get(`/api/0/projects/acme/frontend/events/${latest.body.id}/`)).status).toBe(404);
    expect((await get(`/api/0/organizations/globex/eventids/${latest.body.id}/`)).status).toBe(404);
    const ids = await get<{ groupId: string; projectSlug: string }>(
      `/api/0/organizations/acme/eventids/${latest.body.id}/`,
    );
    expect(ids.body).toMatchObject({ groupId: "6100000101", projectSlug: "backend" });
  });

  it("serves suspect commits for some events and 404 for others", async () => {
    const ev = sb.store.events.find((e) => e.groupID === "6100000401")!;
    const res = await get<{
      committers: Array<{
        author: { name: string };
        commits: Array<{ suspectCommitType: string }>;
      }>;
    }>(`/api/0/projects/acme/payments/events/${ev.id}/committers/`);
    expect(res.body.committers[0].author.name).toBe("Priya Natarajan");
    expect(res.body.committers[0].commits[0].suspectCommitType).toBe("via SCM integration");
    const other = sb.store.events.find((e) => e.groupID === "6100000402")!;
    expect((await get(`/api/0/projects/acme/payments/events/${other.id}/committers/`)).status).toBe(
      404,
    );
  });

  it("serves releases by version, including '+' build metadata", async () => {
    for (const v of [
      "com.acme.mobile@3.2.0+412",
      encodeURIComponent("com.acme.mobile@3.2.0+412"),
    ]) {
      const rel = await get<{ version: string; shortVersion: string }>(
        `/api/0/organizations/acme/releases/${v}/`,
      );
      expect(rel.body).toMatchObject({
        version: "com.acme.mobile@3.2.0+412",
        shortVersion: "3.2.0 (412)",
      });
    }
    const commits = await get<unknown[]>(
      "/api/0/organizations/acme/releases/backend@2.14.0/commits/",
    );
    expect(commits.body.length).toBe(4);
    expect(
      (await get("/api/0/projects/acme/frontend/releases/backend@2.14.0/commits/")).status,
    ).toBe(404);
    expect((await get("/api/0/organizations/globex/releases/backend@2.14.0/")).status).toBe(404);
  });

  it("points org links, permalinks and regions at the sandbox", async () => {
    const org = await get<{ links: { organizationUrl: string; regionUrl: string } }>(
      "/api/0/organizations/acme/",
    );
    expect(org.body.links).toEqual({ organizationUrl: sb.url, regionUrl: sb.url });
    const issue = await get<{ permalink: string }>("/api/0/organizations/acme/issues/6100000101/");
    expect(issue.body.permalink).toBe(`${sb.url}/organizations/acme/issues/6100000101/`);
  });

  it("redirects GETs missing the trailing slash", async () => {
    const res = await get("/api/0/organizations/acme");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/api/0/organizations/acme/");
  });
});

describe("sandbox lifecycle", () => {
  it("is byte-stable for a fixed clock and isolates stores", async () => {
    const other = await startSandbox({ now: NOW, port: 0 });
    try {
      const path = "/api/0/organizations/acme/issues/BACKEND-1A/events/latest/";
      const a = await (
        await fetch(`${sb.url}${path}`, { headers: { Authorization: "Bearer sandbox-token" } })
      ).text();
      const b = await (
        await fetch(`${other.url}${path}`, { headers: { Authorization: "Bearer sandbox-token" } })
      ).text();
      expect(a).toBe(b);
      other.store.issues[0].status = "resolved";
      expect(sb.store.issues[0].status).toBe("unresolved");
    } finally {
      await other.close();
    }
    expect(JSON.stringify(createStore(NOW).issues)).toBe(JSON.stringify(createStore(NOW).issues));
  });

  it("logs requests, honours custom tokens and delays", async () => {
    const s = await startSandbox({ now: NOW, tokens: ["t1", "t2"], delayMs: 40 });
    try {
      const t0 = Date.now();
      const ok = await fetch(`${s.url}/api/0/auth/?x=1`, {
        headers: { Authorization: "Bearer t2" },
      });
      expect(ok.status).toBe(200);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(35);
      const denied = await fetch(`${s.url}/api/0/auth/`, {
        headers: { Authorization: "Bearer sandbox-token" },
      });
      expect(denied.status).toBe(401);
      expect(s.requests).toEqual([
        { method: "GET", path: "/api/0/auth/", query: "x=1" },
        { method: "GET", path: "/api/0/auth/", query: "" },
      ]);
      expect(s.host).toBe(`127.0.0.1:${s.port}`);
    } finally {
      await s.close();
    }
  });

  it("mounts in-process via createSandboxApp", async () => {
    const app = createSandboxApp(createStore(NOW), { baseUrl: "https://sentry.example" });
    const res = await app.request("/api/0/users/me/regions/", {
      headers: { Authorization: "Bearer sandbox-token" },
    });
    expect(await res.json()).toEqual({ regions: [{ name: "us", url: "https://sentry.example" }] });
  });

  it("runs from CLI arguments", async () => {
    expect(
      parseSandboxArgs([
        "--port=0",
        "--token",
        "abc",
        "--delay-ms",
        "5",
        "--now",
        NOW.toISOString(),
      ]),
    ).toEqual({
      port: 0,
      tokens: ["abc"],
      delayMs: 5,
      now: NOW,
    });
    expect(() => parseSandboxArgs(["--bogus"])).toThrow(/unknown argument/);
    const lines: string[] = [];
    const s = await runSandboxCli(["--port", "0"], { log: (l) => lines.push(l) });
    try {
      expect(lines.join("\n")).toContain(s.url);
      expect(lines.join("\n")).toContain("sandbox-token");
    } finally {
      await s.close();
    }
  });
});
