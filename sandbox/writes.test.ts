/**
 * Behaviour tests of the sandbox's write routes: every write is visible to the next read, bad
 * input answers like Sentry (400 field errors, 409 slug conflicts), and the read-only token is
 * refused on writes (403) but may read.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { READONLY_SANDBOX_TOKEN, type Sandbox, startSandbox } from "./server.js";

const NOW = new Date("2025-06-02T12:00:00.000Z");
let sb: Sandbox;

beforeAll(async () => {
  sb = await startSandbox({ now: NOW });
});
afterAll(async () => {
  await sb.close();
});

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely in these tests
type Body = any;

async function req(method: string, path: string, body?: unknown, token = "sandbox-token") {
  const res = await fetch(`${sb.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Body };
}

const get = (path: string, token?: string) => req("GET", path, undefined, token);

describe("tokens", () => {
  it("the read-only token reads but every write is refused with 403", async () => {
    expect((await get("/api/0/organizations/acme/", READONLY_SANDBOX_TOKEN)).status).toBe(200);
    const put = await req(
      "PUT",
      "/api/0/organizations/acme/issues/BACKEND-1A/",
      { status: "resolved" },
      READONLY_SANDBOX_TOKEN,
    );
    expect(put).toEqual({
      status: 403,
      body: { detail: "You do not have permission to perform this action." },
    });
    const issue = await get("/api/0/organizations/acme/issues/BACKEND-1A/");
    expect(issue.body.status).toBe("unresolved");
    expect((await req("POST", "/api/0/organizations/acme/teams/", {}, "nope")).status).toBe(401);
  });
});

describe("issues", () => {
  const path = "/api/0/organizations/acme/issues/BACKEND-1A/";

  it("resolves, ignores with conditions, reopens and assigns; reads see each change", async () => {
    expect((await req("PUT", path, { status: "resolved" })).body.status).toBe("resolved");
    expect((await get(path)).body).toMatchObject({ status: "resolved", substatus: null });

    const ignored = await req("PUT", path, {
      status: "ignored",
      substatus: "archived_until_condition_met",
      statusDetails: { ignoreCount: 100, ignoreWindow: 60 },
    });
    expect(ignored.status).toBe(200);
    const after = (await get(path)).body;
    expect(after.substatus).toBe("archived_until_condition_met");
    expect(after.statusDetails).toMatchObject({ ignoreCount: 100, ignoreWindow: 60 });
    expect(after.statusDetails.actor.id).toBe("100001");

    await req("PUT", path, { status: "ignored", statusDetails: { ignoreDuration: 30 } });
    expect((await get(path)).body.statusDetails.ignoreUntil).toBe("2025-06-02T12:30:00.000Z");

    await req("PUT", path, { status: "unresolved", substatus: "ongoing", assignedTo: "team:web" });
    const reopened = (await get(path)).body;
    expect(reopened).toMatchObject({
      status: "unresolved",
      substatus: "ongoing",
      statusDetails: {},
    });
    expect(reopened.assignedTo).toEqual({ type: "team", id: "4500102", name: "web" });

    await req("PUT", path, { assignedTo: "priya.natarajan@acme.example" });
    expect((await get(path)).body.assignedTo.name).toBe("Priya Natarajan");
    await req("PUT", path, { assignedTo: "" });
    expect((await get(path)).body.assignedTo).toBeNull();
  });

  it("rejects bad input with Sentry's field errors and changes nothing", async () => {
    const before = (await get(path)).body;
    expect(await req("PUT", path, { status: "fixed" })).toEqual({
      status: 400,
      body: { status: ['"fixed" is not a valid choice.'] },
    });
    expect((await req("PUT", path, { assignedTo: "user:999" })).body).toEqual({
      assignedTo: ["Unknown actor input"],
    });
    const window = await req("PUT", path, {
      status: "ignored",
      statusDetails: { ignoreCount: 5, ignoreWindow: 20_000 },
    });
    expect(window.body.statusDetails[0]).toMatch(/ignoreWindow: .*10080/);
    expect((await get(path)).body.status).toBe(before.status);
  });

  it("resolvedInNextRelease needs a release in the project (storefront's are dropped here)", async () => {
    const ok = await req("PUT", "/api/0/organizations/acme/issues/BACKEND-1B/", {
      status: "resolvedInNextRelease",
    });
    expect(ok.body.statusDetails.inNextRelease).toBe(true);
    sb.store.releases = sb.store.releases.filter((r) => !r.projectIds.includes("4500021"));
    const globex = await req("PUT", "/api/0/organizations/globex/issues/STOREFRONT-1/", {
      status: "resolvedInNextRelease",
    });
    expect(globex.status).toBe(400);
    expect(globex.body.statusDetails[0]).toMatch(/No release data/);
  });

  it("adds notes (listed newest first, counted) and refuses an immediate duplicate", async () => {
    const notes = "/api/0/organizations/acme/issues/BACKEND-1A/notes/";
    const before = (await get(path)).body.numComments;
    const created = await req("POST", notes, { text: "Looking into it." });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: "note", data: { text: "Looking into it." } });
    expect(created.body.user.id).toBe("100001");
    expect((await get(notes)).body[0].data.text).toBe("Looking into it.");
    expect((await get(path)).body.numComments).toBe(before + 1);
    expect((await req("POST", notes, { text: "Looking into it." })).body).toEqual({
      detail: "You have already posted that comment.",
    });
    expect((await req("POST", notes, { text: "  " })).body).toEqual({
      text: ["This field may not be blank."],
    });
  });
});

describe("teams and projects", () => {
  it("creates a team (creator joins), 409 on a taken slug, 400 on a bad slug", async () => {
    const created = await req("POST", "/api/0/organizations/acme/teams/", { name: "Data Eng" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug: "data-eng", name: "Data Eng", isMember: true });
    const teams = (await get("/api/0/organizations/acme/teams/")).body;
    expect(teams.map((t: Body) => t.slug)).toContain("data-eng");
    expect(await req("POST", "/api/0/organizations/acme/teams/", { slug: "data-eng" })).toEqual({
      status: 409,
      body: { detail: "A team with this slug already exists." },
    });
    expect(
      (await req("POST", "/api/0/organizations/acme/teams/", { slug: "Bad Slug" })).status,
    ).toBe(400);
  });

  it("creates a project through a team with a default key; 409 and 400 like Sentry", async () => {
    const created = await req("POST", "/api/0/teams/acme/data-eng/projects/", {
      name: "ETL Jobs",
      platform: "python-celery",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug: "etl-jobs", platform: "python-celery" });
    expect(created.body.teams).toEqual([
      { id: created.body.team.id, name: "Data Eng", slug: "data-eng" },
    ]);
    const keys = (await get("/api/0/projects/acme/etl-jobs/keys/")).body;
    expect(keys).toHaveLength(1);
    expect(keys[0].dsn.public).toMatch(
      /^https:\/\/[0-9a-f]{32}@o4500001\.ingest\.sandbox\.invalid\/\d+$/,
    );
    expect(
      (await req("POST", "/api/0/teams/acme/data-eng/projects/", { name: "x", slug: "etl-jobs" }))
        .status,
    ).toBe(409);
    const dup = await req("POST", "/api/0/teams/acme/data-eng/projects/", { name: "ETL Jobs" });
    expect(dup.body.slug).toBe("etl-jobs-2");
    expect(
      (await req("POST", "/api/0/teams/acme/data-eng/projects/", { name: "y", platform: "cobol" }))
        .body,
    ).toEqual({ platform: ["Invalid platform"] });
    expect((await req("POST", "/api/0/teams/acme/nope/projects/", { name: "z" })).status).toBe(404);
  });

  it("updates a project; a taken slug is a 400 on the slug field", async () => {
    const put = await req("PUT", "/api/0/projects/acme/etl-jobs-2/", {
      name: "ETL (old)",
      slug: "etl-old",
    });
    expect(put.body).toMatchObject({ name: "ETL (old)", slug: "etl-old" });
    expect((await get("/api/0/projects/acme/etl-old/")).status).toBe(200);
    expect((await get("/api/0/projects/acme/etl-jobs-2/")).status).toBe(404);
    expect((await req("PUT", "/api/0/projects/acme/etl-old/", { slug: "backend" })).body).toEqual({
      slug: ["Another project (backend) is already using that slug"],
    });
  });

  it("adds and removes a project's team", async () => {
    const added = await req("POST", "/api/0/projects/acme/etl-old/teams/platform/");
    expect(added.status).toBe(201);
    expect(added.body.teams.map((t: Body) => t.slug)).toEqual(["data-eng", "platform"]);
    const removed = await req("DELETE", "/api/0/projects/acme/etl-old/teams/data-eng/");
    expect(removed.body.teams.map((t: Body) => t.slug)).toEqual(["platform"]);
    expect((await get("/api/0/projects/acme/etl-old/")).body.teams).toHaveLength(1);
  });
});

describe("client keys", () => {
  it("creates and updates keys; validates rate limits", async () => {
    const created = await req("POST", "/api/0/projects/acme/payments/keys/", {
      name: "Checkout",
      rateLimit: { count: 50, window: 60 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Checkout", rateLimit: { count: 50, window: 60 } });
    const path = `/api/0/projects/acme/payments/keys/${created.body.id}/`;
    await req("PUT", path, { isActive: false, rateLimit: { count: null, window: null } });
    expect((await get(path)).body).toMatchObject({ isActive: false, rateLimit: null });
    expect((await get("/api/0/projects/acme/payments/keys/?status=inactive")).body).toHaveLength(1);
    expect((await req("PUT", path, { rateLimit: { count: 1, window: 90_000 } })).body).toEqual({
      rateLimit: ["window: Ensure this value is less than or equal to 86400."],
    });
  });
});

describe("uptime monitors", () => {
  it("create, read, update, list and delete; validation errors name the field", async () => {
    const created = await req("POST", "/api/0/projects/acme/backend/uptime/", {
      name: "API root",
      url: "https://api.acme.example/",
      intervalSeconds: 300,
      timeoutMs: 3000,
      owner: "team:platform",
      environment: "production",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      projectSlug: "backend",
      owner: { type: "team", name: "platform" },
      method: "GET",
      status: "active",
    });
    const path = `/api/0/projects/acme/backend/uptime/${created.body.id}/`;
    await req("PUT", path, { status: "disabled", intervalSeconds: 600 });
    expect((await get(path)).body).toMatchObject({ status: "disabled", intervalSeconds: 600 });
    const listed = (await get("/api/0/organizations/acme/uptime/?projectSlug=backend")).body;
    expect(listed.map((m: Body) => m.name)).toEqual(["API root", "Status probe (staging)"]);
    expect(
      (await req("POST", "/api/0/projects/acme/backend/uptime/", { name: "x", url: "ftp://x" }))
        .body,
    ).toEqual({ intervalSeconds: ["This field is required."] });
    expect((await req("PUT", path, { intervalSeconds: 61 })).body).toEqual({
      intervalSeconds: ['"61" is not a valid choice.'],
    });
    expect((await req("DELETE", path)).status).toBe(204);
    expect((await get(path)).status).toBe(404);
  });
});

describe("cron monitor environments", () => {
  it("deletes one environment; the monitor and its other environments stay", async () => {
    const path =
      "/api/0/projects/acme/backend/monitors/nightly-ledger-reconcile/environments/staging/";
    const res = await req("DELETE", path);
    expect(res).toEqual({ status: 202, body: null });
    const monitor = (await get("/api/0/organizations/acme/monitors/nightly-ledger-reconcile/"))
      .body;
    expect(monitor.environments.map((e: Body) => e.name)).toEqual(["production"]);
    expect(await req("DELETE", path)).toEqual({
      status: 404,
      body: { detail: "Monitor environment not found." },
    });
    // wrong project for the monitor, and the org-scoped route
    expect(
      (
        await req(
          "DELETE",
          "/api/0/projects/acme/payments/monitors/nightly-ledger-reconcile/environments/production/",
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await req(
          "DELETE",
          "/api/0/organizations/acme/monitors/hourly-cache-warmup/environments/production/",
        )
      ).status,
    ).toBe(202);
  });
});
