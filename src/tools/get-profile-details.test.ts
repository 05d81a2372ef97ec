import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";
import getProfileDetails from "./get-profile-details.js";

let sandbox: Sandbox;
let tools: ReturnType<typeof toolCaller>;

/** The N+1 orders request of BACKEND-1C's trace (a transaction profile). */
const ORDERS_PROFILE = "40415cc01bf15d792c971ef6cd24d5c3";
/** MOBILE-APP-3's cold start (an Android legacy profile). */
const ANDROID_PROFILE = "9d4352ab3a49d85b1dc877c1f697e576";

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tools = toolCaller(sandbox);
});
afterAll(() => sandbox.close());

interface Output {
  profile: Record<string, unknown> & { profileType: string };
  samples: {
    samples: number;
    threads: Array<{ id: string; name?: string; samples: number; active?: boolean }>;
    topFrames: Array<{ name: string; isApplication: boolean; samples: number }>;
  } | null;
  suggestedActions?: unknown[];
}

const details = async (args: Record<string, unknown>) =>
  (await tools.structured("get_profile_details", args)) as unknown as Output;

function worker() {
  const chunks = sandbox.store.profiles.chunks;
  return {
    profilerId: chunks[0].profilerId,
    start: new Date(chunks[1].startMs).toISOString(),
    end: new Date(chunks[1].startMs + 30_000).toISOString(),
  };
}

describe("get_profile_details", () => {
  it("summarises a transaction profile and its samples", async () => {
    const out = await tools.structured("get_profile_details", {
      organizationSlug: "acme",
      projectSlugOrId: "backend",
      profileId: ORDERS_PROFILE,
    });
    expect(JSON.parse(stable(JSON.stringify(out), sandbox))).toMatchInlineSnapshot(`
      {
        "profile": {
          "device": "c6i.xlarge (x86_64)",
          "durationMs": 812,
          "environment": "production",
          "organization": "acme",
          "os": "Linux 6.1.0-26-cloud-amd64",
          "platform": "python",
          "profileId": "40415cc01bf15d792c971ef6cd24d5c3",
          "profileType": "transaction",
          "profileUrl": "https://sentry.example/organizations/acme/explore/profiling/profile/backend/40415cc01bf15d792c971ef6cd24d5c3/flamegraph/",
          "project": "backend",
          "release": "backend@2.14.0",
          "runtime": "CPython 3.12.7",
          "sdk": "sentry.python.django 2.19.0",
          "timestamp": "2026-11-01T11:27:00.000Z",
          "traceId": "45916eeef128d1ff1da28533f3f2c15d",
          "traceUrl": "https://sentry.example/organizations/acme/explore/traces/trace/45916eeef128d1ff1da28533f3f2c15d/",
          "transactionName": "GET /api/v2/orders/",
        },
        "samples": {
          "focusOnUserCode": true,
          "frames": 11,
          "samples": 102,
          "stacks": 8,
          "threads": [
            {
              "active": true,
              "id": "140021",
              "name": "MainThread",
              "samples": 81,
            },
            {
              "active": false,
              "id": "140187",
              "name": "ThreadPoolExecutor-0_0",
              "samples": 21,
            },
          ],
          "threadsOmitted": 0,
          "topFrames": [
            {
              "file": "orders/views.py",
              "isApplication": true,
              "line": 41,
              "module": "orders.views",
              "name": "OrderListView.get",
              "percent": 74.5,
              "samples": 76,
            },
            {
              "file": "orders/serializers.py",
              "isApplication": true,
              "line": 58,
              "module": "orders.serializers",
              "name": "OrderSerializer.to_representation",
              "percent": 61.8,
              "samples": 63,
            },
            {
              "file": "orders/serializers.py",
              "isApplication": true,
              "line": 64,
              "module": "orders.serializers",
              "name": "OrderSerializer.get_line_items",
              "percent": 54.9,
              "samples": 56,
            },
            {
              "file": "orders/formatting.py",
              "isApplication": true,
              "line": 12,
              "module": "orders.formatting",
              "name": "money_format",
              "percent": 2,
              "samples": 2,
            },
          ],
        },
      }
    `);
  });

  it("counts every thread and includes library frames when focusOnUserCode is false", async () => {
    const out = await details({
      organizationSlug: "acme",
      projectSlugOrId: "4500011",
      profileId: ORDERS_PROFILE,
      focusOnUserCode: false,
    });
    const s = out.samples!;
    expect(s.threads.reduce((sum, t) => sum + t.samples, 0)).toBe(s.samples);
    expect(s.threads.find((t) => t.active)?.name).toBe("MainThread");
    expect(s.topFrames).toHaveLength(10);
    expect(s.topFrames[0].name).toBe("BaseHandler._get_response");
    expect(s.topFrames.some((f) => !f.isApplication)).toBe(true);
    expect(out.profile.project).toBe("backend");
  });

  it("returns legacy speedscope profiles without samples, pointing at the flamegraph", async () => {
    const out = await details({
      profileUrl: `https://acme.sentry.io/explore/profiling/profile/mobile-app/${ANDROID_PROFILE}/flamegraph/`,
    });
    expect(out.samples).toBeNull();
    expect(out.profile).toMatchObject({
      profileType: "legacy_speedscope",
      transactionName: "CheckoutActivity",
      platform: "android",
      device: "Google Pixel 8",
      traceUrl: expect.stringMatching(/\/explore\/traces\/trace\/[0-9a-f]{32}\/$/),
    });
    expect(out.suggestedActions).toEqual([
      {
        type: "tool_call",
        toolName: "execute_sentry_tool",
        arguments: {
          name: "get_profile",
          arguments: {
            organizationSlug: "acme",
            projectSlugOrId: "mobile-app",
            transactionName: "CheckoutActivity",
          },
        },
        reason: expect.stringMatching(/aggregated flamegraph/),
      },
    ]);
  });

  it("suggests nothing when get_profile is not callable in the session", async () => {
    const ctx = {
      client: tools.client,
      constraints: {},
      signal: new AbortController().signal,
      responseBudget: 25_000,
      experimental: false,
      catalog: tools.catalog,
      canCall: (name: string) => name !== "get_profile",
      isDirect: () => false,
      progress: async () => {},
    };
    const result = (await getProfileDetails.handler(
      {
        organizationSlug: "acme",
        projectSlugOrId: "mobile-app",
        profileId: ANDROID_PROFILE,
        focusOnUserCode: true,
      },
      ctx,
    )) as { payload: { samples: unknown; suggestedActions?: unknown } };
    expect(result.payload.samples).toBeNull();
    expect(result.payload.suggestedActions).toBeUndefined();
  });

  it("analyses a continuous profile window from the chunks endpoint", async () => {
    const w = worker();
    const before = sandbox.requests.length;
    const out = await details({ organizationSlug: "acme", projectSlugOrId: "backend", ...w });
    expect(out.profile).toMatchObject({
      profileType: "continuous",
      profilerId: w.profilerId,
      start: w.start,
      end: w.end,
      project: "backend",
    });
    expect(out.samples?.threads.map((t) => t.name)).toEqual(["MainThread", "celery-heartbeat"]);
    expect(out.samples?.topFrames[0].name).toBe("generate_monthly");
    const call = sandbox.requests
      .slice(before)
      .find((r) => r.path === "/api/0/organizations/acme/profiling/chunks/");
    const q = new URLSearchParams(call?.query);
    expect(q.get("project")).toBe("4500011");
    expect(q.get("profiler_id")).toBe(w.profilerId);
    expect(q.get("start")).toBe(w.start);
    expect(q.get("end")).toBe(w.end);
  });

  it("reads a continuous profile URL", async () => {
    const w = worker();
    const url = new URL("https://acme.sentry.io/explore/profiling/profile/backend/flamegraph/");
    url.searchParams.set("profilerId", w.profilerId);
    url.searchParams.set("start", w.start);
    url.searchParams.set("end", w.end);
    const out = await details({ profileUrl: url.toString() });
    expect(out.profile.profileType).toBe("continuous");
    expect(out.profile.profileUrl).toContain(`profilerId=${w.profilerId}`);
  });

  it("rejects bad input before any request", async () => {
    const before = sandbox.requests.length;
    const base = { organizationSlug: "acme", projectSlugOrId: "backend" };
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...base, profileId: "xyz" }, /not an ID of 32 hexadecimal/],
      [{ ...base, profileId: ORDERS_PROFILE, profilerId: ORDERS_PROFILE }, /not both/],
      [{ ...base, profilerId: ORDERS_PROFILE, start: "2026-11-01T10:00:00Z" }, /Pass profileUrl/],
      [
        {
          ...base,
          profilerId: ORDERS_PROFILE,
          start: "2026-11-01T10:00:00Z",
          end: "2026-11-01T09:00:00Z",
        },
        /must be before end/,
      ],
      [{ ...base, profilerId: ORDERS_PROFILE, start: "yesterday", end: "today" }, /ISO 8601/],
      [{ organizationSlug: "acme", profileId: ORDERS_PROFILE }, /projectSlugOrId is required/],
      [
        {
          profileUrl:
            "https://acme.sentry.io/explore/profiling/profile/backend/flamegraph/?profilerId=abc",
        },
        /no start and end/,
      ],
    ];
    for (const [args, message] of cases) {
      const result = await tools.call("get_profile_details", args);
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(result.content[0]).toMatchObject({ text: expect.stringMatching(message) });
    }
    expect(sandbox.requests.length).toBe(before);
  });

  it("reports unknown profiles and empty continuous windows as not found", async () => {
    const unknown = await tools.call("get_profile_details", {
      organizationSlug: "acme",
      projectSlugOrId: "backend",
      profileId: "0".repeat(32),
    });
    expect(unknown.isError).toBe(true);
    expect(unknown.content[0]).toMatchObject({
      text: expect.stringMatching(/^Not found: profile not found/),
    });
    const empty = await tools.call("get_profile_details", {
      organizationSlug: "acme",
      projectSlugOrId: "backend",
      profilerId: worker().profilerId,
      start: "2026-10-01T00:00:00Z",
      end: "2026-10-01T01:00:00Z",
    });
    expect(empty.isError).toBe(true);
    expect(empty.content[0]).toMatchObject({ text: expect.stringMatching(/^Not found/) });
  });

  it("respects a project pin for URLs", async () => {
    const pinned = toolCaller(sandbox, {
      constraints: { organizationSlug: "acme", projectSlug: "backend" },
    });
    const result = await pinned.call("get_profile_details", {
      profileUrl: `https://acme.sentry.io/explore/profiling/profile/mobile-app/${ANDROID_PROFILE}/flamegraph/`,
    });
    expect(result.isError).toBe(true);
    expect(result.content[0]).toMatchObject({
      text: expect.stringMatching(/limited to project "backend"/),
    });
    const ok = await pinned.structured("get_profile_details", { profileId: ORDERS_PROFILE });
    expect((ok as unknown as Output).profile.project).toBe("backend");
  });
});
