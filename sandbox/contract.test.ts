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

  it("organization tag keys", async () => {
    for (const org of ["acme", "globex"]) {
      const tags = await check(`/api/0/organizations/${org}/tags/?dataset=events&statsPeriod=14d`);
      expect((tags.body as unknown[]).length).toBeGreaterThan(0);
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
        await check(
          `/api/0/organizations/${org}/releases/${v}/deploys/?projectSlug=${r.projects[0].slug}`,
        );
      }
      const repos = await check(`/api/0/organizations/${org}/repos/`);
      expect((repos.body as unknown[]).length).toBeGreaterThan(0);
    }
    await check("/api/0/organizations/acme/repos/?query=payments");
    await check("/api/0/organizations/acme/releases/?query=backend&project=4500011&per_page=1");
  });

  it("events tables of every dataset, traces, trace counts, attributes, replays, health", async () => {
    const base = "/api/0/organizations/acme";
    const tables = [
      "dataset=errors&field=issue&field=title&field=timestamp&sort=-timestamp&per_page=5",
      "dataset=errors&field=issue&field=count()&field=last_seen()&sort=-count()&statsPeriod=14d",
      "dataset=spans&field=id&field=span.op&field=span.duration&field=trace&query=span.op:db&per_page=3",
      "dataset=spans&field=transaction&field=count()&field=p95(span.duration)&field=failure_rate()&sort=-count()",
      "dataset=logs&field=timestamp&field=severity&field=message&query=severity:error&environment=production",
      "dataset=tracemetrics&field=metric.name&field=count()&field=p95(value,http.request.duration,distribution,millisecond)",
      "dataset=profile_functions&field=function&field=count()&field=p95(function.duration)&project=backend",
      "dataset=spans&field=id&per_page=2&cursor=0:2:0&start=2026-01-01T00:00:00Z&end=2026-12-31T00:00:00Z",
    ];
    for (const q of tables) await check(`${base}/events/?${q}`);
    await check(`${base}/events/?dataset=spans&field=nope`, 400);
    await check(`${base}/events/?dataset=spans&field=span.op&sort=-timestamp`, 400);
    await check(`${base}/events/?dataset=transactions&field=id`, 400);
    for (const traceId of Object.values(sandbox.store.explore.traceIds)) {
      const trace = await check(`${base}/trace/${traceId}/?statsPeriod=30d&project=-1`);
      expect((trace.body as unknown[]).length).toBeGreaterThan(0);
      await check(`${base}/trace/${traceId}/?additional_attributes=span.status&limit=5`);
      await check(`${base}/trace-meta/${traceId}/?statsPeriod=30d`);
    }
    const unknown = await check(`${base}/trace/0123456789abcdef0123456789abcdef/`);
    expect(unknown.body).toEqual([]);
    await check(`${base}/trace/not-a-trace/`, 400);
    for (const itemType of ["spans", "logs", "tracemetrics"]) {
      for (const type of ["string", "number"])
        await check(`${base}/trace-items/attributes/?itemType=${itemType}&attributeType=${type}`);
    }
    await check(`${base}/trace-items/attributes/?dataset=spans&substringMatch=span`);
    await check(`${base}/trace-items/attributes/`, 400);
    await check(`${base}/replays/`);
    await check(
      `${base}/replays/?field=id&field=user&field=count_errors&sort=-duration&per_page=2`,
    );
    await check(`${base}/replays/?query=count_errors:>0&projectSlug=frontend&statsPeriod=30d`);
    await check(`${base}/replays/?field=nope`, 400);
    for (const r of sandbox.store.releases.filter((x) => x.orgId === "4500001")) {
      const v = encodeURIComponent(r.version);
      await check(`${base}/releases/${v}/?health=1&adoptionStages=1&summaryStatsPeriod=14d`);
    }
    await check(`${base}/releases/?health=1&per_page=3`);
  });

  it("replay details and recordings, flamegraphs, profiles, profile chunks", async () => {
    const acme = "/api/0/organizations/acme";
    for (const r of sandbox.store.replays) {
      const details = await check(`${acme}/replays/${r.id}/`);
      expect((details.body as { data: { id: string } }).data.id).toBe(r.id);
      const segments = await check(
        `/api/0/projects/acme/${r.projectId}/replays/${r.id}/recording-segments/?download=true&per_page=2`,
      );
      expect((segments.body as unknown[]).length).toBe(Math.min(2, r.segments.length));
    }
    await check(`${acme}/replays/${"0".repeat(32)}/`, 404);
    await check(`/api/0/organizations/globex/replays/${sandbox.store.replays[0].id}/`, 404);
    const orders = encodeURIComponent('transaction:"GET /api/v2/orders/"');
    const graph = await check(`${acme}/profiling/flamegraph/?project=4500011&query=${orders}`);
    expect((graph.body as { profiles: unknown[] }).profiles).toHaveLength(1);
    const empty = await check(
      `${acme}/profiling/flamegraph/?project=4500011&query=transaction:nothing&statsPeriod=1h`,
    );
    expect((empty.body as { shared: { frames: unknown[] } }).shared.frames).toEqual([]);
    await check(`${acme}/profiling/flamegraph/?project=backend`, 400);
    await check(`${acme}/profiling/flamegraph/?project=4500011&query=bogus:1`, 400);
    for (const p of sandbox.store.profiles.profiles) {
      const body = await check(
        `/api/0/projects/acme/${p.projectId}/profiling/profiles/${p.profileId}/`,
      );
      expect(body.body).toHaveProperty(p.kind === "legacy" ? "shared" : "profile");
    }
    await check(`/api/0/projects/acme/backend/profiling/profiles/${"0".repeat(32)}/`, 404);
    const chunk = sandbox.store.profiles.chunks[0];
    const window = `start=${new Date(chunk.startMs).toISOString()}&end=${new Date(chunk.endMs + 60_000).toISOString()}`;
    const merged = await check(
      `${acme}/profiling/chunks/?project=${chunk.projectId}&profiler_id=${chunk.profilerId}&${window}`,
    );
    expect(
      (merged.body as { chunk: { profile: { samples: unknown[] } } }).chunk.profile.samples.length,
    ).toBeGreaterThan(chunk.samples.length);
    await check(`${acme}/profiling/chunks/?profiler_id=${chunk.profilerId}&${window}`, 400);
    await check(
      `${acme}/profiling/chunks/?project=backend&profiler_id=${"0".repeat(32)}&${window}`,
      404,
    );
  });

  it("alerts (workflows, detectors, legacy rules), cron monitors, dashboards, Seer", async () => {
    const acme = "/api/0/organizations/acme";
    for (const q of ["", "?project=backend", "?query=checkout&sortBy=-name", "?id=81001&id=81002"])
      await check(`${acme}/workflows/${q}`);
    for (const w of sandbox.store.alerts.workflows) await check(`${acme}/workflows/${w.id}/`);
    for (const q of ["", "?query=type:metric_issue", "?project=4500011&per_page=2", "?id=70012"])
      await check(`${acme}/detectors/${q}`);
    for (const d of sandbox.store.alerts.detectors) await check(`${acme}/detectors/${d.id}/`);
    await check("/api/0/organizations/globex/workflows/", 404);
    await check("/api/0/organizations/globex/detectors/70012/", 404);
    const rules = await check("/api/0/projects/globex/storefront/rules/");
    for (const r of rules.body as Array<{ id: string }>)
      await check(`/api/0/projects/globex/storefront/rules/${r.id}/`);
    await check("/api/0/projects/acme/backend/rules/");
    const metricRules = await check("/api/0/organizations/globex/alert-rules/?project=storefront");
    for (const r of metricRules.body as Array<{ id: string }>)
      await check(`/api/0/organizations/globex/alert-rules/${r.id}/`);
    for (const org of ["acme", "globex"]) {
      const monitors = await check(`/api/0/organizations/${org}/monitors/`);
      for (const m of monitors.body as Array<{ slug: string; id: string }>) {
        await check(`/api/0/organizations/${org}/monitors/${m.slug}/`);
        await check(`/api/0/organizations/${org}/monitors/${m.id}/?environment=production`);
        await check(`/api/0/organizations/${org}/monitors/${m.slug}/checkins/?per_page=5`);
      }
      const dashboards = await check(`/api/0/organizations/${org}/dashboards/`);
      for (const d of dashboards.body as Array<{ id: string }>)
        await check(`/api/0/organizations/${org}/dashboards/${d.id}/`);
    }
    await check(`${acme}/monitors/?project=backend&environment=staging&per_page=1`);
    await check(`${acme}/dashboards/?query=backend&per_page=1`);
    await check(`${acme}/issues/BACKEND-1A/autofix/`);
    await check(`${acme}/issues/BACKEND-1D/autofix/`);
    // POST starts a run; later GETs walk it from processing to completed.
    const started = await fetch(`${sandbox.url}${acme}/issues/BACKEND-1D/autofix/`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ step: "root_cause", stopping_point: "solution" }),
    });
    const body = await started.json();
    const post = contract.validate("POST", `${acme}/issues/BACKEND-1D/autofix/`, 202, body);
    exercised.add(post?.template ?? "");
    expect(started.status).toBe(202);
    expect(post?.errors).toEqual([]);
    const statuses: string[] = [];
    for (let k = 0; k < 4; k++) {
      const state = await check(`${acme}/issues/BACKEND-1D/autofix/`);
      statuses.push((state.body as { autofix: { status: string } }).autofix.status);
    }
    expect(statuses).toEqual(["processing", "processing", "completed", "completed"]);
    await check("/api/0/organizations/globex/issues/STOREFRONT-1/autofix/", 404);
  });

  it("event attachments: lists and metadata", async () => {
    const events = new Set(sandbox.store.attachments.map((a) => a.eventId));
    for (const eventId of events) {
      const a = sandbox.store.attachments.find((x) => x.eventId === eventId)!;
      const project = sandbox.store.projects.find((p) => p.id === a.projectId)!.slug;
      const base = `/api/0/projects/acme/${project}/events/${eventId}/attachments/`;
      const list = await check(base);
      for (const item of list.body as Array<{ id: string }>) await check(`${base}${item.id}/`);
      await check(`${base}?query=is:screenshot`);
    }
  });

  it("writes (issues, teams, projects, keys): request and response bodies match the spec", async () => {
    // A fresh sandbox, so these writes change nothing the other checks read.
    const sb = await startSandbox({ now: NOW });
    const send = async (method: string, path: string, body: unknown, expectStatus: number) => {
      const res = await fetch(`${sb.url}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${TOKEN}`,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      const json = text ? JSON.parse(text) : null;
      expect(res.status, `${method} ${path} -> ${text.slice(0, 200)}`).toBe(expectStatus);
      const pathname = new URL(path, "http://x").pathname;
      if (res.status >= 400) {
        expect(json).toBeTypeOf("object");
        return json;
      }
      // What we send must be a body Sentry documents (NOTES.md quirk: issue PUTs are partial).
      const request = body === undefined ? null : contract.validateRequest(method, pathname, body);
      if (request?.errors.length)
        failures.push(`${method} ${path} request\n  ${request.errors.slice(0, 8).join("\n  ")}`);
      const result = contract.validate(method, pathname, res.status, json);
      expect(result, `${method} ${pathname} is documented`).not.toBeNull();
      exercised.add(result?.template ?? "");
      if (result?.errors.length)
        failures.push(`${method} ${path}\n  ${result.errors.slice(0, 8).join("\n  ")}`);
      return json;
    };
    try {
      const issue = "/api/0/organizations/acme/issues/BACKEND-1A/";
      await send("PUT", issue, { status: "resolved", substatus: null, statusDetails: {} }, 200);
      await send(
        "PUT",
        issue,
        {
          status: "ignored",
          substatus: "archived_until_condition_met",
          statusDetails: { ignoreCount: 100, ignoreWindow: 60 },
        },
        200,
      );
      await send("PUT", issue, { status: "ignored", statusDetails: { ignoreDuration: 30 } }, 200);
      await send("PUT", issue, { assignedTo: "team:4500101" }, 200);
      await send("PUT", issue, { status: "unresolved", substatus: "ongoing", assignedTo: "" }, 200);
      await send("PUT", issue, { status: "fixed" }, 400);
      const teams = "/api/0/organizations/acme/teams/";
      await send("POST", teams, { slug: "data-eng", name: "Data Eng" }, 201);
      await send("POST", teams, { slug: "data-eng" }, 409);
      const created = await send(
        "POST",
        "/api/0/teams/acme/data-eng/projects/",
        { name: "ETL", platform: "python" },
        201,
      );
      const project = `/api/0/projects/acme/${created.slug}/`;
      await send("POST", "/api/0/teams/acme/data-eng/projects/", { name: "x", slug: "etl" }, 409);
      await send("PUT", project, { name: "ETL jobs", platform: "python-celery" }, 200);
      await send("PUT", project, { slug: "backend" }, 400);
      await send("POST", `${project}teams/web/`, undefined, 201);
      await send("DELETE", `${project}teams/data-eng/`, undefined, 200);
      for (const p of sb.store.projects) {
        const org = sb.store.organizations.find((o) => o.id === p.orgId)!.slug;
        await send("GET", `/api/0/projects/${org}/${p.slug}/keys/`, undefined, 200);
      }
      await send("GET", "/api/0/projects/acme/mobile-app/keys/?status=inactive", undefined, 200);
      const keys = "/api/0/projects/acme/backend/keys/";
      const key = await send(
        "POST",
        keys,
        { name: "Workers", rateLimit: { count: 9, window: 60 } },
        201,
      );
      await send("GET", `${keys}${key.id}/`, undefined, 200);
      await send(
        "PUT",
        `${keys}${key.id}/`,
        { name: "Workers (off)", isActive: false, rateLimit: { count: null, window: null } },
        200,
      );
      await send("PUT", `${keys}${key.id}/`, { rateLimit: { count: 1, window: 100_000 } }, 400);
    } finally {
      await sb.close();
    }
  });

  it("bulk triage and ticket links (issue 21): requests and responses match the spec", async () => {
    const sb = await startSandbox({ now: NOW });
    const send = async (method: string, path: string, body: unknown, expectStatus: number) => {
      const res = await fetch(`${sb.url}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${TOKEN}`,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      const json = text ? JSON.parse(text) : null;
      expect(res.status, `${method} ${path} -> ${text.slice(0, 200)}`).toBe(expectStatus);
      const pathname = new URL(path, "http://x").pathname;
      if (body !== undefined && res.status < 400) {
        const request = contract.validateRequest(method, pathname, body);
        if (request?.errors.length)
          failures.push(`${method} ${path} request\n  ${request.errors.slice(0, 8).join("\n  ")}`);
      }
      if (res.status === 204 || res.status >= 400) {
        exercised.add(contract.validate(method, pathname, 200, {})?.template ?? "");
        return json;
      }
      const result = contract.validate(method, pathname, res.status, json);
      expect(result, `${method} ${pathname} is documented`).not.toBeNull();
      exercised.add(result?.template ?? "");
      if (result?.errors.length)
        failures.push(`${method} ${path}\n  ${result.errors.slice(0, 8).join("\n  ")}`);
      return json;
    };
    try {
      const issues = "/api/0/organizations/acme/issues/";
      await send(
        "PUT",
        `${issues}?id=6100000102&id=6100000103`,
        { status: "resolved", statusDetails: { inRelease: "latest" } },
        200,
      );
      await send("PUT", `${issues}?id=6100000102`, { assignedTo: "team:4500101" }, 200);
      await send(
        "PUT",
        `${issues}?id=6100000102`,
        {
          status: "resolved",
          statusDetails: { inCommit: { commit: "abc1234", repository: "acme-corp/backend" } },
        },
        200,
      );
      await send(
        "PUT",
        `${issues}?query=is:unresolved&project=payments&limit=2`,
        { status: "ignored" },
        200,
      );
      await send("PUT", `${issues}?id=1`, { status: "resolved" }, 204);
      await send(
        "PUT",
        `${issues}?id=6100000102`,
        { status: "resolved", statusDetails: { inRelease: "nope@0" } },
        400,
      );
      const integration = `${issues}BACKEND-1B/integrations/3100001/`;
      await send("GET", `${integration}?action=link`, undefined, 200);
      await send("GET", `${integration}?action=create`, undefined, 200);
      await send("PUT", integration, { externalIssue: "OPS-9" }, 201);
      await send("PUT", integration, { externalIssue: "OPS-9" }, 400);
      const created = await send("POST", integration, { title: "Broken", project: "10001" }, 201);
      await send("DELETE", `${integration}?externalIssue=${created.id}`, undefined, 204);
      await send("GET", `${issues}FRONTEND-2A/external-issues/`, undefined, 200);
      await send(
        "DELETE",
        "/api/0/sentry-app-installations/5b1c9e1e-0d8a-4a55-9b7e-2f1d3c4a5b60/external-issues/3300001/",
        undefined,
        204,
      );
      // A metric monitor write (sandbox/contract-monitors-filters.test.ts has the others).
      await send(
        "POST",
        "/api/0/organizations/acme/projects/backend/detectors/",
        {
          type: "metric_issue",
          name: "Spec monitor",
          config: { detectionType: "static", comparisonDelta: null },
          conditionGroup: {
            logicType: "any",
            conditions: [{ type: "gt", comparison: 5, conditionResult: 75 }],
          },
          dataSources: [
            {
              dataset: "events",
              query: "",
              aggregate: "count()",
              timeWindow: 300,
              environment: null,
              eventTypes: ["error"],
            },
          ],
        },
        201,
      );
    } finally {
      await sb.close();
    }
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

  it("GET uptime checks (statsPeriod, start/end, per_page)", async () => {
    const path = "/api/0/projects/acme/frontend/uptime/7300102/checks/";
    const check = {
      type: "object",
      required: [
        "uptimeCheckId",
        "timestamp",
        "scheduledCheckTime",
        "checkStatus",
        "checkStatusReason",
        "httpStatusCode",
        "durationMs",
        "traceId",
        "incidentStatus",
        "environment",
        "region",
        "regionName",
      ],
      properties: {
        checkStatus: { enum: ["success", "failure", "failure_incident", "missed_window"] },
        checkStatusReason: nullableStr,
        httpStatusCode: { type: ["integer", "null"] },
        durationMs: { type: "integer" },
        incidentStatus: { type: "integer" },
      },
    };
    const recent = await call(`${path}?statsPeriod=1h&per_page=5`);
    shape({ type: "array", minItems: 5, maxItems: 5, items: check }, recent.body, "uptime checks");
    const window = await call(`${path}?start=2026-10-31T00:00:00Z&end=2026-10-31T01:00:00Z`);
    expect((window.body as unknown[]).length).toBe(12);
    expect((await call(`${path}?statsPeriod=1h&start=2026-10-31T00:00:00Z`)).status).toBe(400);
  });

  it("GET monitor stats, POST docs search, GET docs pages", async () => {
    const stats = await call(
      "/api/0/organizations/acme/monitors/nightly-ledger-reconcile/stats/?resolution=1d&environment=production",
    );
    const count = { type: "integer", minimum: 0 };
    shape(
      {
        type: "array",
        minItems: 1,
        items: {
          type: "object",
          required: ["ts", "ok", "error", "missed", "timeout", "duration"],
          properties: { ts: { type: "integer" }, ok: count, missed: count, duration: count },
        },
      },
      stats.body,
      "monitor stats",
    );
    const search = await fetch(`${sandbox.url}/api/search`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ query: "react error boundary", maxResults: 2, guide: null }),
    });
    shape(
      {
        type: "object",
        required: ["query", "results"],
        properties: {
          results: {
            type: "array",
            minItems: 1,
            maxItems: 2,
            items: {
              type: "object",
              required: ["id", "url", "snippet", "relevance"],
              properties: { id: str, url: str, snippet: str, relevance: { type: "number" } },
            },
          },
        },
      },
      await search.json(),
      "docs search",
    );
    const page = await fetch(`${sandbox.url}/docs/platforms/python.md`);
    expect(page.headers.get("content-type")).toMatch(/^text\/markdown/);
    expect(await page.text()).toMatch(/^# Python/);
    const missing = await fetch(`${sandbox.url}/docs/platforms/cobol.md`);
    expect(missing.status).toBe(200);
    expect(missing.headers.get("x-sentry-docs-not-found")).toBe("true");
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

  it("GET AI conversations: summaries and one conversation's spans", async () => {
    const num = { type: "number" };
    const list = await call(
      "/api/0/organizations/acme/ai-conversations/?statsPeriod=30d&per_page=5",
    );
    expect(list.status).toBe(200);
    expect(list.headers.get("link")).toMatch(/rel="next"; results="true"/);
    shape(
      {
        type: "array",
        minItems: 5,
        items: {
          type: "object",
          required: ["conversationId", "title", "flow", "errors", "llmCalls", "toolCalls"],
          properties: {
            conversationId: str,
            title: nullableStr,
            flow: { type: "array", items: str },
            totalTokens: num,
            totalCost: num,
            startTimestamp: num,
            endTimestamp: num,
            traceIds: { type: "array", items: str },
            firstInput: nullableStr,
            lastOutput: nullableStr,
            user: { type: ["object", "null"] },
            toolNames: { type: "array", items: str },
          },
        },
      },
      list.body,
      "ai-conversations",
    );
    const id = (list.body as Array<{ conversationId: string }>)[0].conversationId;
    const details = await call(`/api/0/organizations/acme/ai-conversations/${id}/?statsPeriod=30d`);
    shape(
      {
        type: "object",
        required: ["conversationId", "title", "spans"],
        properties: {
          spans: {
            type: "array",
            minItems: 1,
            items: {
              type: "object",
              required: ["span_id", "trace", "precise.start_ts", "precise.finish_ts", "project"],
              properties: { "precise.start_ts": num, "gen_ai.operation.type": str },
            },
          },
        },
      },
      details.body,
      "ai-conversation",
    );
    const bad = await call("/api/0/organizations/acme/ai-conversations/?project=backend");
    expect(bad.status).toBe(400);
    const none = await call("/api/0/organizations/acme/ai-conversations/nope/");
    expect(none.body).toEqual({ conversationId: "nope", title: null, spans: [] });
  });
});

describe("preprod snapshots and agentic onboarding (not in the OpenAPI copy)", () => {
  // Contract notes, learned from Sentry's MCP server 0.39 client: snapshot details take
  // `compact_metadata=true` and group images by comparison status with `*_count` totals; one
  // image's details give head/base `image_url`s and a `diff_image_url` (API paths, fetched with
  // the token); latest-base takes `app_id`, `branch`, `project` (numeric) or `projectSlug`.
  // Onboarding progress is a POST of `{schemaVersion: 1, runToken, stage, status, runStatus?,
  // eventNote?, extra?}` answered with the whole run.
  const image = {
    type: "object",
    required: ["image_file_name", "display_name", "group", "width", "height", "image_url"],
    properties: { image_file_name: str, image_url: str, width: { type: "integer" } },
  };
  const pair = {
    type: "object",
    required: ["head_image", "base_image"],
    properties: { head_image: { anyOf: [image, { type: "null" }] } },
  };

  it("GET a snapshot, one image, its bytes, and the latest base", async () => {
    const res = await call(
      "/api/0/organizations/acme/preprodartifacts/snapshots/231949/?compact_metadata=true",
    );
    shape(
      {
        type: "object",
        required: ["id", "state", "comparison_type", "vcs_info", "images", "changed", "added"],
        properties: {
          images: { type: "array", items: image },
          changed: { type: "array", items: { ...pair, required: ["head_image", "diff"] } },
          added: { type: "array", items: image },
          removed: { type: "array", items: image },
          renamed: { type: "array", items: pair },
          unchanged: { type: "array", items: pair },
          total_count: { type: "integer" },
          changed_count: { type: "integer" },
        },
      },
      res.body,
      "snapshot",
    );
    const one = await call(
      "/api/0/organizations/acme/preprodartifacts/snapshots/231949/images/checkout%2Fpayment.png/",
    );
    shape(
      {
        type: "object",
        required: ["image_file_name", "comparison_status", "head_image", "base_image"],
        properties: { head_image: image, base_image: image, diff_image_url: str },
      },
      one.body,
      "snapshot image",
    );
    const url = (one.body as { head_image: { image_url: string } }).head_image.image_url;
    const png = await fetch(`${sandbox.url}${url}`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(0, 4)
        .toString("hex"),
    ).toBe("89504e47");
    const base = await call(
      "/api/0/organizations/acme/preprodartifacts/snapshots/latest-base/?app_id=acme-web&compact_metadata=true",
    );
    expect(base.body).toMatchObject({ id: "231940", comparison_type: "solo" });
    expect(
      (await call("/api/0/organizations/acme/preprodartifacts/snapshots/latest-base/")).status,
    ).toBe(400);
  });

  it("POST onboarding progress answers with the run", async () => {
    const res = await fetch(`${sandbox.url}/api/0/organizations/acme/onboarding/agent/status/`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        schemaVersion: 1,
        runToken: "Zz0Yy1Xx2W",
        stage: "connect_mcp",
        status: "completed",
      }),
    });
    expect(res.status).toBe(200);
    shape(
      {
        type: "object",
        required: ["schemaVersion", "runId", "runStatus", "continueUpdates", "sequence", "stages"],
        properties: {
          continueUpdates: { type: "boolean" },
          stages: {
            type: "array",
            minItems: 9,
            items: { type: "object", required: ["stage", "status", "eventNote", "extra"] },
          },
        },
      },
      await res.json(),
      "onboarding run",
    );
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

describe("undocumented write routes have the shapes Sentry sends", () => {
  it("issue notes, uptime monitors, cron monitor environments", async () => {
    const sb = await startSandbox({ now: NOW });
    const send = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${sb.url}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${TOKEN}`,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    };
    try {
      const note = await send("POST", "/api/0/organizations/acme/issues/BACKEND-1A/notes/", {
        text: "Looking into it",
      });
      expect(note.status).toBe(201);
      shape(
        {
          type: "object",
          required: ["id", "user", "type", "data", "dateCreated"],
          properties: {
            id: str,
            type: { const: "note" },
            data: { type: "object", required: ["text"], properties: { text: str } },
            user: { type: "object", required: ["id", "name", "email"] },
          },
        },
        note.body,
        "note",
      );
      const uptime = {
        type: "object",
        required: [
          "id",
          "projectSlug",
          "name",
          "status",
          "uptimeStatus",
          "mode",
          "url",
          "method",
          "headers",
          "body",
          "intervalSeconds",
          "timeoutMs",
          "owner",
          "environment",
          "traceSampling",
          "recoveryThreshold",
          "downtimeThreshold",
        ],
        properties: {
          id: str,
          status: { enum: ["active", "disabled"] },
          uptimeStatus: { enum: [1, 2] },
          responseCaptureEnabled: { type: "boolean" },
          headers: {
            type: "array",
            items: { type: "array", minItems: 2, maxItems: 2, items: str },
          },
          body: nullableStr,
          environment: nullableStr,
          owner: {
            anyOf: [{ type: "null" }, { type: "object", required: ["type", "id", "name"] }],
          },
        },
      };
      const list = await send("GET", "/api/0/organizations/acme/uptime/");
      shape({ type: "array", minItems: 3, items: uptime }, list.body, "uptime list");
      const created = await send("POST", "/api/0/projects/acme/backend/uptime/", {
        name: "API",
        url: "https://api.acme.example/",
        intervalSeconds: 60,
        timeoutMs: 5000,
        owner: "team:platform",
      });
      expect(created.status).toBe(201);
      shape(uptime, created.body, "uptime create");
      const path = `/api/0/projects/acme/backend/uptime/${created.body.id}/`;
      shape(uptime, (await send("PUT", path, { status: "disabled" })).body, "uptime update");
      expect(await send("DELETE", path)).toEqual({ status: 204, body: null });
      expect(await send("GET", path)).toEqual({
        status: 404,
        body: { detail: "The requested resource does not exist" },
      });
      const mapping = await send("POST", "/api/0/organizations/acme/code-mappings/bulk/", {
        project: "backend",
        repository: "acme-corp/backend",
        provider: "github",
        mappings: [{ stackRoot: "", sourceRoot: "" }],
      });
      shape(
        {
          type: "object",
          required: ["created", "updated", "errors", "mappings"],
          properties: {
            errors: { const: 0 },
            mappings: {
              type: "array",
              minItems: 1,
              items: {
                type: "object",
                required: ["stackRoot", "sourceRoot", "status"],
                properties: { status: { enum: ["created", "updated"] } },
              },
            },
          },
        },
        mapping.body,
        "code mappings",
      );
      const env =
        "/api/0/projects/acme/backend/monitors/nightly-ledger-reconcile/environments/staging/";
      expect(await send("DELETE", env)).toEqual({ status: 202, body: null });
      expect((await send("DELETE", env)).body).toEqual({
        detail: "Monitor environment not found.",
      });
    } finally {
      await sb.close();
    }
  });
});
