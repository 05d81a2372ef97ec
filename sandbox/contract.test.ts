/**
 * Contract test: every route the sandbox serves is called over real HTTP and each JSON body is
 * validated against Sentry's (pruned) OpenAPI spec; undocumented routes get shape checks here.
 */

import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Contract } from "./contract/validator.js";
import { type Sandbox, startSandbox } from "./server.js";

const NOW = new Date("2025-06-02T12:00:00.000Z");
const TOKEN = "sandbox-token";

let sandbox: Sandbox;
const contract = new Contract();
const exercised = new Set<string>();
const failures: string[] = [];

interface Res {
  status: number;
  body: unknown;
  headers: Headers;
}

async function call(path: string, token: string | null = TOKEN): Promise<Res> {
  const res = await fetch(`${sandbox.url}${path}`, {
    headers: token === null ? {} : { Authorization: `Bearer ${token}` },
    redirect: "manual",
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

/** GET + validate against the spec (documented routes) or assert the error shape. */
async function check(path: string, expectStatus = 200, optional: string[] = []): Promise<Res> {
  const res = await call(path);
  expect(res.status, `${path} -> ${JSON.stringify(res.body).slice(0, 200)}`).toBe(expectStatus);
  const pathname = new URL(path, "http://x").pathname;
  if (res.status >= 400) {
    expect(res.body).toEqual({ detail: expect.any(String) });
    return res;
  }
  const result = contract.validate("GET", pathname, res.status, res.body, optional);
  if (result) {
    exercised.add(result.template);
    if (result.errors.length > 0)
      failures.push(`${path}\n  ${result.errors.slice(0, 8).join("\n  ")}`);
  }
  return res;
}

const ajv = new Ajv({ strict: false, allErrors: true });
function shape(schema: object, body: unknown, what: string): void {
  const validate = ajv.compile(schema);
  expect(validate(body), `${what}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}

const str = { type: "string" };
const nullableStr = { type: ["string", "null"] };

beforeAll(async () => {
  sandbox = await startSandbox({ now: NOW });
});

afterAll(async () => {
  await sandbox.close();
});

describe("documented routes validate against the OpenAPI spec", () => {
  it("organizations, projects, teams, members", async () => {
    const orgs = await check("/api/0/organizations/");
    expect((orgs.body as Array<{ slug: string }>).map((o) => o.slug)).toEqual(["acme", "globex"]);
    await check("/api/0/organizations/?per_page=1&cursor=0:1:0");
    for (const org of ["acme", "globex", "4500001"]) {
      await check(`/api/0/organizations/${org}/`);
      const projects = await check(`/api/0/organizations/${org}/projects/`);
      for (const p of projects.body as Array<{ slug: string; id: string }>) {
        await check(`/api/0/projects/${org}/${p.slug}/`);
        await check(`/api/0/projects/${org}/${p.id}/`);
      }
      await check(`/api/0/organizations/${org}/teams/`);
      await check(`/api/0/organizations/${org}/teams/?detailed=0`);
      await check(`/api/0/organizations/${org}/members/`);
    }
    await check("/api/0/organizations/acme/projects/?query=pay&per_page=1");
  });

  it("issue lists with filters, sorts and pages", async () => {
    const queries = [
      "",
      "?query=",
      "?query=is:unresolved&sort=freq&limit=5",
      "?query=is:resolved&sort=new",
      "?query=issue.category:performance&sort=user",
      "?query=assigned:me&sort=priority",
      "?query=!level:error%20project:frontend&statsPeriod=14d",
      "?query=&project=4500012&project=4500013&environment=production&sort=trends&per_page=3&cursor=0:3:0",
      "?query=BACKEND-1A",
    ];
    for (const q of queries) await check(`/api/0/organizations/acme/issues/${q}`);
    // collapse= legitimately drops fields the spec over-requires (NOTES.md)
    await check("/api/0/organizations/acme/issues/?query=&collapse=stats&collapse=lifetime", 200, [
      "stats",
      "lifetime",
    ]);
    await check("/api/0/organizations/globex/issues/");
  });

  it("every issue: details, short id, events, event details, tags", async () => {
    for (const issue of sandbox.store.issues) {
      const org = sandbox.store.organizations.find(
        (o) => o.id === sandbox.store.projects.find((p) => p.id === issue.projectId)?.orgId,
      )!;
      const project = sandbox.store.projects.find((p) => p.id === issue.projectId)!;
      const base = `/api/0/organizations/${org.slug}`;
      await check(`${base}/issues/${issue.id}/`);
      await check(`${base}/issues/${issue.shortId}/`);
      await check(`${base}/shortids/${issue.shortId}/`);
      const events = await check(`${base}/issues/${issue.id}/events/`);
      await check(`${base}/issues/${issue.id}/events/?full=true&per_page=2`);
      for (const which of ["latest", "oldest", "recommended"])
        await check(`${base}/issues/${issue.id}/events/${which}/`);
      for (const e of events.body as Array<{ eventID: string }>) {
        await check(`${base}/issues/${issue.id}/events/${e.eventID}/`);
        await check(`/api/0/projects/${org.slug}/${project.slug}/events/${e.eventID}/`);
        await check(`${base}/eventids/${e.eventID}/`);
      }
      for (const tag of sandbox.store.issueTags.get(issue.id) ?? []) {
        const key = encodeURIComponent(tag.key);
        await check(`${base}/issues/${issue.id}/tags/${key}/`);
        await check(`${base}/issues/${issue.id}/tags/${key}/values/?per_page=3`);
      }
    }
  });

  it("releases, commits, deploys", async () => {
    for (const org of ["acme", "globex"]) {
      const releases = await check(`/api/0/organizations/${org}/releases/`);
      for (const r of releases.body as Array<{
        version: string;
        projects: Array<{ slug: string }>;
      }>) {
        const v = encodeURIComponent(r.version);
        await check(`/api/0/organizations/${org}/releases/${v}/`);
        await check(`/api/0/organizations/${org}/releases/${v}/commits/`);
        await check(`/api/0/projects/${org}/${r.projects[0].slug}/releases/${v}/commits/`);
        await check(`/api/0/organizations/${org}/releases/${v}/deploys/`);
      }
    }
    await check("/api/0/organizations/acme/releases/?query=backend&project=4500011&per_page=1");
  });

  it("all bodies matched their schemas", () => {
    expect(failures, failures.join("\n\n")).toEqual([]);
  });

  it("exercised every documented operation of the pruned spec", () => {
    expect([...exercised].sort()).toEqual(Object.keys(contract.spec.paths).sort());
  });
});

describe("the validator itself", () => {
  it("rejects broken bodies and entries", async () => {
    const res = await call("/api/0/organizations/acme/issues/BACKEND-1A/");
    const broken = {
      ...(res.body as object),
      count: 1843,
      permalink: undefined,
      level: "catastrophic",
    };
    const result = contract.validate(
      "GET",
      "/api/0/organizations/acme/issues/6100000101/",
      200,
      broken,
    )!;
    expect(result.template).toBe(
      "/api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/",
    );
    expect(result.errors.join("\n")).toMatch(/count must be string/);
    expect(result.errors.join("\n")).toMatch(/permalink/);
    expect(result.errors.join("\n")).toMatch(/level must be equal to one of the allowed values/);
    const entry = { entries: [{ type: "exception", data: { values: [{ type: "E" }] } }] };
    expect(contract.validateEntries(entry).length).toBeGreaterThan(0);
  });

  it("accepts hex event ids where the spec enumerates latest/oldest/recommended", () => {
    const path = "/api/0/organizations/acme/issues/1/events/0123456789abcdef0123456789abcdef/";
    const errors = contract.validate("GET", path, 200, {})!.errors;
    expect(errors.filter((e) => e.startsWith("param"))).toEqual([]);
    const bad = contract.validate(
      "GET",
      "/api/0/organizations/acme/issues/1/events/nope/",
      200,
      {},
    )!.errors;
    expect(bad.some((e) => e.startsWith("param event_id"))).toBe(true);
  });
});

describe("undocumented routes have the shapes Sentry sends", () => {
  it("GET /auth/ and /users/me/regions/", async () => {
    const me = await call("/api/0/auth/");
    shape(
      {
        type: "object",
        required: ["id", "name", "email", "username"],
        properties: { id: str, email: str },
      },
      me.body,
      "auth",
    );
    expect(me.body).toMatchObject({ name: "Dana Reyes" });
    const regions = await call("/api/0/users/me/regions/");
    expect(regions.body).toEqual({ regions: [{ name: "us", url: sandbox.url }] });
  });

  it("GET issue tags list", async () => {
    const res = await call("/api/0/organizations/acme/issues/BACKEND-1A/tags/");
    const topValue = {
      type: "object",
      required: ["key", "name", "value", "count", "lastSeen", "firstSeen"],
      properties: { count: { type: "integer" }, value: str },
    };
    shape(
      {
        type: "array",
        minItems: 1,
        items: {
          type: "object",
          required: ["key", "name", "totalValues", "topValues"],
          properties: {
            key: str,
            name: str,
            totalValues: { type: "integer" },
            topValues: { type: "array", items: topValue },
          },
        },
      },
      res.body,
      "tags",
    );
  });

  it("GET event committers", async () => {
    const issue = sandbox.store.issues.find((i) => i.shortId === "BACKEND-1A")!;
    const event = sandbox.store.events.find((e) => e.groupID === issue.id)!;
    const res = await call(`/api/0/projects/acme/backend/events/${event.id}/committers/`);
    expect(res.status).toBe(200);
    const commit = {
      type: "object",
      required: ["id", "message", "dateCreated", "repository", "suspectCommitType"],
      properties: {
        repository: { type: "object", required: ["name"] },
        suspectCommitType: str,
        message: nullableStr,
      },
    };
    shape(
      {
        type: "object",
        required: ["committers"],
        properties: {
          committers: {
            type: "array",
            minItems: 1,
            items: {
              type: "object",
              required: ["author", "commits"],
              properties: {
                author: { type: "object", required: ["email"] },
                commits: { type: "array", minItems: 1, items: commit },
              },
            },
          },
        },
      },
      res.body,
      "committers",
    );
    const none = sandbox.store.events.find((e) => e.groupID === "6100000103")!;
    const missing = await call(`/api/0/projects/acme/backend/events/${none.id}/committers/`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: "No committers found" });
  });
});

describe("auth, errors and pagination", () => {
  it("401 without or with a wrong bearer token", async () => {
    const none = await call("/api/0/organizations/", null);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ detail: "Authentication credentials were not provided." });
    const wrong = await call("/api/0/organizations/", "not-the-token");
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ detail: "Invalid token" });
  });

  it("404 {detail} for unknown org, project, issue, event, release, tag and route", async () => {
    const paths = [
      "/api/0/organizations/nope/",
      "/api/0/organizations/nope/issues/",
      "/api/0/projects/acme/nope/",
      "/api/0/projects/globex/backend/",
      "/api/0/organizations/acme/issues/999/",
      "/api/0/organizations/acme/issues/STOREFRONT-1/",
      "/api/0/organizations/globex/issues/6100000101/",
      "/api/0/organizations/globex/shortids/BACKEND-1A/",
      "/api/0/organizations/acme/issues/6100000101/events/00000000000000000000000000000000/",
      "/api/0/organizations/acme/eventids/not-an-id/",
      "/api/0/organizations/acme/releases/nope@1.0.0/",
      "/api/0/organizations/acme/issues/6100000101/tags/nope/",
      "/api/0/organizations/acme/unknown-route/",
    ];
    for (const p of paths) await check(p, 404);
    const unknown = await call("/api/0/organizations/acme/unknown-route/");
    expect(unknown.body).toEqual({ detail: "The requested resource does not exist" });
  });

  it("Link header has previous and next entries with results and cursors", async () => {
    const first = await call("/api/0/organizations/acme/issues/?query=&limit=10");
    const link = first.headers.get("link")!;
    expect(link).toMatch(
      /^<http:\/\/127\.0\.0\.1:\d+\/api\/0\/organizations\/acme\/issues\/\?[^>]*cursor=0%3A0%3A1>; rel="previous"; results="false"; cursor="0:0:1", /,
    );
    expect(link).toMatch(/<[^>]*cursor=0%3A10%3A0>; rel="next"; results="true"; cursor="0:10:0"$/);
    const seen: string[] = [];
    let next: string | null = "/api/0/organizations/acme/issues/?query=&limit=10";
    while (next) {
      const page = await call(next);
      seen.push(...(page.body as Array<{ id: string }>).map((i) => i.id));
      const m = /<([^>]+)>; rel="next"; results="(true|false)"/.exec(
        page.headers.get("link") ?? "",
      );
      next = m && m[2] === "true" ? m[1].replace(sandbox.url, "") : null;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(32);
  });
});
