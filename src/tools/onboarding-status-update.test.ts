import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { startTestSandbox, toolCaller } from "../../test/harness.js";

let sandbox: Sandbox;
let bodies: unknown[];
let tools: ReturnType<typeof toolCaller>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  bodies = [];
  tools = toolCaller(sandbox, {
    fetch: async (input, init) => {
      if (init?.method === "POST") bodies.push(JSON.parse(String(init.body)));
      return fetch(input, init);
    },
  });
});
afterAll(() => sandbox.close());

const TOKEN = "Rk7Qw2Lm9X";
const errorText = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;
const run = () => sandbox.store.onboardingRuns.find((r) => r.runToken === TOKEN)!;
const stage = (name: string) => run().stages.find((s) => s.stage === name)!;

describe("onboarding_status_update", () => {
  it("posts the update with schemaVersion 1 and says what Sentry recorded", async () => {
    const text = await tools.text("onboarding_status_update", {
      organizationSlug: "acme",
      runToken: TOKEN,
      update: { stage: "analyze_project", status: "active", eventNote: "Reading package.json" },
    });
    expect(text).toMatchInlineSnapshot(
      `"Onboarding status updated: stage \`analyze_project\` is \`active\`, run \`active\`. Keep reporting at the next stage boundary."`,
    );
    expect(sandbox.requests.at(-1)).toMatchObject({
      method: "POST",
      path: "/api/0/organizations/acme/onboarding/agent/status/",
    });
    expect(bodies.at(-1)).toEqual({
      schemaVersion: 1,
      runToken: TOKEN,
      stage: "analyze_project",
      status: "active",
      eventNote: "Reading package.json",
    });
    expect(stage("analyze_project")).toMatchObject({
      status: "active",
      eventNote: "Reading package.json",
    });
  });

  it("sends a stage's extra (projects, issues) and the run's end", async () => {
    await tools.text("onboarding_status_update", {
      organizationSlug: "acme",
      runToken: TOKEN,
      update: { stage: "create_project", status: "completed", extra: { projectSlugs: ["web"] } },
    });
    expect(stage("create_project").extra).toEqual({ projectSlugs: ["web"] });
    const done = await tools.text("onboarding_status_update", {
      organizationSlug: "acme",
      runToken: TOKEN,
      update: {
        stage: "receive_verification_error",
        status: "completed",
        runStatus: "completed",
        extra: { issueIds: ["1234"] },
      },
    });
    expect(bodies.at(-1)).toMatchObject({ runStatus: "completed", extra: { issueIds: ["1234"] } });
    expect(run().runStatus).toBe("completed");
    expect(done).toContain("run `completed`. Sentry wants no more updates for this run.");
  });

  it("refuses an extra the stage does not take, and unknown fields, before any request", async () => {
    const before = sandbox.requests.length;
    for (const update of [
      { stage: "connect_mcp", status: "completed", extra: { issueIds: ["1"] } },
      { stage: "create_project", status: "completed", extra: { issueIds: ["1"] } },
      { stage: "create_project", status: "completed", extra: { projectSlugs: [] } },
      { stage: "connect_mcp", status: "bypassed" },
      { stage: "connect_mcp" },
    ]) {
      const result = await tools.call("onboarding_status_update", {
        organizationSlug: "acme",
        runToken: TOKEN,
        update,
      });
      expect(errorText(result), JSON.stringify(update)).toMatch(/^Input error/);
    }
    const badToken = await tools.call("onboarding_status_update", {
      organizationSlug: "acme",
      runToken: "short",
      update: { stage: "connect_mcp", status: "completed" },
    });
    expect(errorText(badToken)).toMatch(/runToken/);
    expect(sandbox.requests.length).toBe(before);
  });

  it("reports Sentry's refusals: unknown run, failed stage without a note", async () => {
    const unknown = await tools.call("onboarding_status_update", {
      organizationSlug: "acme",
      runToken: "AAAAAAAAAA",
      update: { stage: "connect_mcp", status: "completed" },
    });
    expect(errorText(unknown)).toMatch(/^Not found/);
    const noNote = await tools.call("onboarding_status_update", {
      organizationSlug: "acme",
      runToken: "Zz0Yy1Xx2W",
      update: { stage: "plan_test_error", status: "failed" },
    });
    expect(errorText(noNote)).toMatch(
      /Sentry rejected the request \(400\): A failed stage needs an eventNote/,
    );
  });
});
