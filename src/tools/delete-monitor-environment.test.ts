import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";
import {
  failingFetch,
  readOnlyTokenFetch,
  recordingFetch,
  textOf,
} from "../../test/write-helpers.js";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const json = (value: unknown) => JSON.parse(stable(JSON.stringify(value), sandbox));
const args = {
  organizationSlug: "acme",
  projectSlug: "backend",
  monitorSlug: "nightly-ledger-reconcile",
  environment: "staging",
};

describe("delete_monitor_environment", () => {
  it("schedules deletion of one environment; the monitor and the others stay", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const out = await tools.structured("delete_monitor_environment", args);
    expect(json(out)).toMatchInlineSnapshot(`
      {
        "changed": true,
        "environment": "staging",
        "monitor": {
          "name": "Nightly ledger reconcile",
          "slug": "nightly-ledger-reconcile",
        },
        "organization": "acme",
        "project": "backend",
        "remainingEnvironments": [
          "production",
        ],
        "result": "deletion_scheduled",
        "summary": "Deletion of environment staging of nightly-ledger-reconcile is scheduled; Sentry finishes it in the background. Kept: production.",
        "url": "https://sentry.example/organizations/acme/crons/backend/nightly-ledger-reconcile/",
      }
    `);
    expect(rec.writes().map((w) => `${w.method} ${w.path}`)).toEqual([
      "DELETE /api/0/projects/acme/backend/monitors/nightly-ledger-reconcile/environments/staging/",
    ]);
    const details = await tools.text("get_monitor_details", {
      organizationSlug: "acme",
      monitorSlug: "nightly-ledger-reconcile",
    });
    expect(details).toContain("production");
    expect(details).not.toContain("staging");
  });

  it("an environment already gone is a success without a write", async () => {
    const rec = recordingFetch();
    const out = (await toolCaller(sandbox, { fetch: rec.fetch }).structured(
      "delete_monitor_environment",
      args,
    )) as { changed: boolean; result: string; summary: string };
    expect(out).toMatchObject({
      changed: false,
      result: "already_absent",
      summary:
        "Nothing to delete: nightly-ledger-reconcile has no environment staging. Its environments: production.",
    });
    expect(rec.writes()).toEqual([]);
  });

  it("a 404 from the delete itself (removed meanwhile) is also already absent", async () => {
    const out = (await toolCaller(sandbox, {
      fetch: failingFetch((m) => m === "DELETE", 404, { detail: "Monitor environment not found." }),
    }).structured("delete_monitor_environment", {
      ...args,
      monitorSlug: "hourly-cache-warmup",
      environment: "production",
    })) as { result: string; remainingEnvironments: string[] };
    expect(out).toMatchObject({ result: "already_absent", remainingEnvironments: [] });
  });

  it("refuses an unknown monitor, a monitor of another project, and a 403 token", async () => {
    const tools = toolCaller(sandbox);
    expect(
      textOf(await tools.call("delete_monitor_environment", { ...args, monitorSlug: "nope" })),
    ).toBe('Input error: No cron monitor "nope" in organization "acme"; find_monitors lists them.');
    expect(
      textOf(
        await tools.call("delete_monitor_environment", {
          ...args,
          projectSlug: "payments",
          environment: "production",
        }),
      ),
    ).toBe(
      'Input error: Cron monitor "nightly-ledger-reconcile" belongs to project "backend", not "payments".',
    );
    const denied = await toolCaller(sandbox, { fetch: readOnlyTokenFetch }).call(
      "delete_monitor_environment",
      { ...args, environment: "production" },
    );
    expect(textOf(denied)).toMatch(
      /refused to delete environment "production" of cron monitor nightly-ledger-reconcile: the token lacks `project:write`/,
    );
  });
});
