import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";
import type { ProfileAnalysis, ProfileComparison } from "./support/profile-flamegraph.js";

let sandbox: Sandbox;
let tools: ReturnType<typeof toolCaller>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tools = toolCaller(sandbox);
});
afterAll(() => sandbox.close());

interface Output {
  hasCurrentData: boolean;
  hasBaselineData: boolean;
  analysis: ProfileAnalysis | null;
  comparison: ProfileComparison | null;
}

const ORDERS = {
  organizationSlug: "acme",
  projectSlugOrId: "backend",
  transactionName: "GET /api/v2/orders/",
};

async function profile(args: Record<string, unknown>): Promise<Output> {
  return (await tools.structured("get_profile", args)) as unknown as Output;
}

/** Every reference points into `frames`, and each frame is listed once. */
function checkIndexes(a: ProfileAnalysis, comparison?: ProfileComparison | null): void {
  const n = a.frames.length;
  const refs = [
    ...a.topFunctions,
    ...a.hotPaths.flatMap((p) => [...p.stack, p.leaf]),
    ...(comparison?.functions.map((f) => f.frame) ?? []),
  ];
  for (const r of refs) expect(r).toBeLessThan(n);
  const keys = a.frames.map((f) => `${f.name}|${f.file}|${f.line}`);
  expect(new Set(keys).size).toBe(keys.length);
}

describe("get_profile", () => {
  it("analyses a transaction's flamegraph against a baseline period", async () => {
    const out = await tools.structured("get_profile", {
      ...ORDERS,
      period: "24h",
      compareAgainstPeriod: "7d",
      maxHotPaths: 3,
    });
    expect(JSON.parse(stable(JSON.stringify(out), sandbox))).toMatchInlineSnapshot(`
      {
        "analysis": {
          "estimatedTotalMs": 1530,
          "frames": [
            {
              "file": "orders/serializers.py",
              "insights": [
                "called about 7 times per profile",
                "slow: p75 is 260 ms",
              ],
              "isApplication": true,
              "line": 58,
              "name": "OrderSerializer.to_representation",
              "occurrences": 28,
              "p75Ms": 260,
              "p95Ms": 630,
              "p99Ms": 630,
              "selfMs": 120,
              "totalMs": 1230,
            },
            {
              "file": "orders/formatting.py",
              "insights": [],
              "isApplication": true,
              "line": 12,
              "name": "money_format",
              "occurrences": 8,
              "p75Ms": 30,
              "p95Ms": 30,
              "p99Ms": 30,
              "selfMs": 90,
              "totalMs": 90,
            },
            {
              "file": "orders/serializers.py",
              "insights": [
                "called about 10 times per profile",
                "slow: p75 is 190 ms",
              ],
              "isApplication": true,
              "line": 64,
              "name": "OrderSerializer.get_line_items",
              "occurrences": 38,
              "p75Ms": 190,
              "p95Ms": 560,
              "p99Ms": 560,
              "selfMs": 80,
              "totalMs": 1020,
            },
            {
              "file": "orders/views.py",
              "insights": [
                "slow: p75 is 260 ms",
              ],
              "isApplication": true,
              "line": 41,
              "name": "OrderListView.get",
              "occurrences": 15,
              "p75Ms": 260,
              "p95Ms": 760,
              "p99Ms": 760,
              "selfMs": 0,
              "totalMs": 1420,
            },
            {
              "file": "psycopg/cursor.py",
              "insights": [
                "called about 15 times per profile",
                "high variance: p99 is 3.3x p75",
                "slow: p75 is 190 ms",
                "73.9% of sampled time is spent in this function itself",
              ],
              "isApplication": false,
              "line": 732,
              "name": "Cursor.execute",
              "occurrences": 59,
              "p75Ms": 190,
              "p95Ms": 620,
              "p99Ms": 620,
              "selfMs": 1130,
              "totalMs": 1130,
            },
          ],
          "hotPaths": [
            {
              "durationMs": 940,
              "leaf": 4,
              "percent": 61.4,
              "rootFramesOmitted": 0,
              "samples": 94,
              "stack": [
                3,
                0,
                2,
              ],
            },
            {
              "durationMs": 190,
              "leaf": 4,
              "percent": 12.4,
              "rootFramesOmitted": 0,
              "samples": 19,
              "stack": [
                3,
              ],
            },
            {
              "durationMs": 120,
              "leaf": 0,
              "percent": 7.8,
              "rootFramesOmitted": 0,
              "samples": 12,
              "stack": [
                3,
                0,
              ],
            },
          ],
          "hotPathsOmitted": 4,
          "libraryMs": 1240,
          "platform": "python",
          "profiles": 4,
          "topFunctions": [
            0,
            1,
            2,
            3,
          ],
          "userCodeMs": 290,
        },
        "compareAgainstPeriod": "7d",
        "comparison": {
          "baseline": {
            "estimatedTotalMs": 2720,
            "msPerProfile": 302.2,
            "profiles": 9,
          },
          "baselinePeriod": "7d",
          "changePercent": 26.6,
          "current": {
            "estimatedTotalMs": 1530,
            "msPerProfile": 382.5,
            "profiles": 4,
          },
          "functions": [
            {
              "baselineP95Ms": 40,
              "change": "improved",
              "changePercent": -25,
              "currentP95Ms": 30,
              "frame": 1,
            },
          ],
          "functionsOmitted": 0,
          "unchangedFunctions": 3,
        },
        "focusOnUserCode": true,
        "hasBaselineData": true,
        "hasCurrentData": true,
        "organization": "acme",
        "period": "24h",
        "profilesUrl": "https://sentry.example/organizations/acme/explore/profiling/summary/backend/?project=4500011&transaction=GET+%2Fapi%2Fv2%2Forders%2F&statsPeriod=24h",
        "project": "backend",
        "transactionName": "GET /api/v2/orders/",
      }
    `);
  });

  it("splits sampled time by leaf frame and keeps indexes consistent", async () => {
    const { analysis, comparison } = await profile({ ...ORDERS, compareAgainstPeriod: "30d" });
    expect(analysis).not.toBeNull();
    const a = analysis!;
    expect(a.userCodeMs + a.libraryMs).toBeCloseTo(a.estimatedTotalMs, 5);
    checkIndexes(a, comparison);
    for (const path of a.hotPaths) {
      // focusOnUserCode: stacks hold application frames only, the leaf may be a library frame.
      for (const k of path.stack) expect(a.frames[k].isApplication).toBe(true);
      expect(a.frames[path.leaf]).toBeDefined();
    }
    expect(a.hotPaths.some((p) => !a.frames[p.leaf].isApplication)).toBe(true);
    for (const k of a.topFunctions) expect(a.frames[k].isApplication).toBe(true);
    const lineItems = a.frames.find((f) => f.name === "OrderSerializer.get_line_items");
    expect(lineItems?.insights.join(" ")).toMatch(/called about \d+ times per profile/);
  });

  it("keeps library frames with focusOnUserCode false: a stack's last frame is its leaf", async () => {
    const { analysis } = await profile({ ...ORDERS, focusOnUserCode: false, maxHotPaths: 20 });
    const a = analysis!;
    checkIndexes(a);
    for (const path of a.hotPaths) expect(path.stack.at(-1)).toBe(path.leaf);
    expect(a.frames[a.hotPaths[0].leaf].name).toBe("Cursor.execute");
    expect(a.frames[a.topFunctions[0]].name).toBe("Cursor.execute");
    expect(a.hotPathsOmitted).toBe(0);
  });

  it("queries the flamegraph by numeric project id, quoted transaction and period", async () => {
    const before = sandbox.requests.length;
    await profile({ ...ORDERS, period: "24h", compareAgainstPeriod: "14d" });
    const calls = sandbox.requests
      .slice(before)
      .filter((r) => r.path === "/api/0/organizations/acme/profiling/flamegraph/")
      .map((r) => new URLSearchParams(r.query));
    expect(calls.map((q) => q.get("statsPeriod")).sort()).toEqual(["14d", "24h"]);
    for (const q of calls) {
      expect(q.get("project")).toBe("4500011");
      expect(q.get("query")).toBe('transaction:"GET /api/v2/orders/"');
    }
  });

  it("escapes quotes in the transaction name", async () => {
    const before = sandbox.requests.length;
    await profile({ ...ORDERS, transactionName: 'say "hi"' });
    const q = new URLSearchParams(sandbox.requests.slice(before).at(-1)?.query);
    expect(q.get("query")).toBe('transaction:"say \\"hi\\""');
  });

  it("treats missing data as a result: which period had profiles", async () => {
    const none = await profile({ ...ORDERS, transactionName: "GET /nothing/here/" });
    expect(none).toMatchObject({
      hasCurrentData: false,
      hasBaselineData: false,
      analysis: null,
      comparison: null,
    });
    const onlyBaseline = await profile({ ...ORDERS, period: "10m", compareAgainstPeriod: "7d" });
    expect(onlyBaseline).toMatchObject({
      hasCurrentData: false,
      hasBaselineData: true,
      analysis: null,
      comparison: null,
    });
    const onlyCurrent = await profile({ ...ORDERS, period: "7d", compareAgainstPeriod: "10m" });
    expect(onlyCurrent.hasCurrentData).toBe(true);
    expect(onlyCurrent.hasBaselineData).toBe(false);
    expect(onlyCurrent.analysis).not.toBeNull();
    expect(onlyCurrent.comparison).toBeNull();
  });

  it("takes organization and project from a profile URL, and aggregates Android profiles", async () => {
    const out = (await tools.structured("get_profile", {
      profileUrl:
        "https://acme.sentry.io/explore/profiling/profile/mobile-app/9d4352ab3a49d85b1dc877c1f697e576/flamegraph/",
      transactionName: "MainActivity",
    })) as unknown as Output & { project: string };
    expect(out.project).toBe("mobile-app");
    expect(out.analysis?.platform).toBe("android");
    expect(out.analysis?.frames.map((f) => f.name)).toContain("ImageDecoder.decode");
  });

  it("works with only a profile URL: the profile names its transaction", async () => {
    const before = sandbox.requests.length;
    const out = (await tools.structured("get_profile", {
      profileUrl:
        "https://acme.sentry.io/explore/profiling/profile/backend/40415cc01bf15d792c971ef6cd24d5c3/flamegraph/",
    })) as unknown as Output & { project: string; transactionName: string };
    expect(out.project).toBe("backend");
    expect(out.transactionName).toBe("GET /api/v2/orders/");
    expect(out.hasCurrentData).toBe(true);
    const flame = sandbox.requests
      .slice(before)
      .find((r) => r.path === "/api/0/organizations/acme/profiling/flamegraph/");
    expect(new URLSearchParams(flame?.query).get("query")).toBe(
      'transaction:"GET /api/v2/orders/"',
    );
    const continuous = await tools.call("get_profile", {
      profileUrl:
        "https://acme.sentry.io/explore/profiling/profile/backend/flamegraph/?profilerId=0123456789abcdef0123456789abcdef&start=2026-11-01T00:00:00Z&end=2026-11-01T01:00:00Z",
    });
    expect(continuous.isError).toBe(true);
    expect(continuous.content[0]).toMatchObject({
      text: expect.stringMatching(/transactionName is required/),
    });
  });

  it("takes a numeric projectSlugOrId as a JSON number", async () => {
    const out = (await tools.structured("get_profile", {
      ...ORDERS,
      projectSlugOrId: 4500011,
    })) as unknown as Output & { project: string };
    expect(out.project).toBe("backend");
  });

  it("stays well under the response budget at the largest settings", async () => {
    const result = await tools.call("get_profile", {
      ...ORDERS,
      focusOnUserCode: false,
      maxHotPaths: 20,
      compareAgainstPeriod: "30d",
    });
    expect(result.content[0].type === "text" && result.content[0].text.length).toBeLessThan(12_000);
  });

  it("rejects bad input", async () => {
    const before = sandbox.requests.length;
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ organizationSlug: "acme", transactionName: "x" }, /projectSlugOrId is required/],
      [{ ...ORDERS, period: "7 days" }, /period: must look like 24h/],
      [{ ...ORDERS, maxHotPaths: 50 }, /maxHotPaths/],
      [{ ...ORDERS, transactionName: "" }, /transactionName/],
      [
        { profileUrl: "https://acme.sentry.io/issues/1/", transactionName: "x" },
        /points to an issue/,
      ],
    ];
    for (const [args, message] of cases) {
      const result = await tools.call("get_profile", args);
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(result.content[0]).toMatchObject({ text: expect.stringMatching(message) });
    }
    expect(sandbox.requests.length).toBe(before);
  });

  it("reports upstream errors: unknown project, failing flamegraph", async () => {
    const unknown = await tools.call("get_profile", { ...ORDERS, projectSlugOrId: "nope" });
    expect(unknown.isError).toBe(true);
    expect(unknown.content[0]).toMatchObject({ text: expect.stringMatching(/^Not found/) });
    const failing = toolCaller(sandbox, {
      fetch: (input, init) =>
        String(input).includes("/flamegraph/")
          ? Promise.resolve(new Response('{"detail":"profiling backend down"}', { status: 500 }))
          : fetch(input, init),
    });
    const down = await failing.call("get_profile", ORDERS);
    expect(down.isError).toBe(true);
    expect(down.content[0]).toMatchObject({
      text: expect.stringMatching(/profiling backend down/),
    });
  });

  it("respects a project pin", async () => {
    const pinned = toolCaller(sandbox, {
      constraints: { organizationSlug: "acme", projectSlug: "frontend" },
    });
    const result = await pinned.call("get_profile", {
      profileUrl:
        "https://acme.sentry.io/explore/profiling/profile/backend/40415cc01bf15d792c971ef6cd24d5c3/flamegraph/",
      transactionName: "GET /api/v2/orders/",
    });
    expect(result.isError).toBe(true);
    expect(result.content[0]).toMatchObject({
      text: expect.stringMatching(/limited to project "frontend"/),
    });
  });
});
