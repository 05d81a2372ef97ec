/**
 * The metric monitor and custom inbound filter tools as a set: skills, read-only sessions, pins,
 * Sentry's refusals (400/403/409) named with their fix, and the confirmation deletes ask for.
 */

import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { connectInMemory, startTestSandbox, toolCaller } from "../../test/harness.js";
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

const CALLS: Record<string, Record<string, unknown>> = {
  create_metric_monitor: {
    organizationSlug: "acme",
    projectSlug: "backend",
    name: "Error count",
    query: {
      dataset: "events",
      query: "",
      aggregate: "count()",
      eventTypes: ["error"],
      timeWindowSeconds: 3600,
    },
    config: { detectionType: "static" },
    conditionGroup: {
      conditions: [
        { type: "gt", comparison: 10, conditionResult: 75 },
        { type: "lte", comparison: 10, conditionResult: 0 },
      ],
    },
  },
  update_metric_monitor: { organizationSlug: "acme", monitorId: "70012", name: "Renamed" },
  delete_metric_monitor: { organizationSlug: "acme", monitorId: "70012" },
  create_custom_inbound_filter: {
    organizationSlug: "acme",
    projectSlug: "backend",
    name: "Bots",
    dataType: "error",
    conditions: [{ type: "error_message", value: ["*bot*"] }],
  },
  update_custom_inbound_filter: {
    organizationSlug: "acme",
    projectSlug: "backend",
    filterId: "7710002",
    active: true,
  },
  delete_custom_inbound_filter: {
    organizationSlug: "acme",
    projectSlug: "backend",
    filterId: "7710002",
  },
};
const WRITES = Object.keys(CALLS);
const READS = {
  find_metric_monitors: { organizationSlug: "acme" },
  find_custom_inbound_filters: { organizationSlug: "acme", projectSlug: "backend" },
};

describe("metric monitor and inbound filter writes", () => {
  it("need the project-management skill and a writable session; the lists need inspect", async () => {
    const rec = recordingFetch();
    const inspectOnly = toolCaller(sandbox, { fetch: rec.fetch, skills: ["inspect"] });
    const readOnly = toolCaller(sandbox, { fetch: rec.fetch, readOnly: true });
    for (const name of WRITES) {
      expect(textOf(await inspectOnly.call(name, CALLS[name])), name).toMatch(/project-management/);
      const refused = await readOnly.call(name, CALLS[name]);
      expect(refused.isError, name).toBe(true);
      expect(textOf(refused), name).toMatch(/read-only/);
    }
    for (const [name, args] of Object.entries(READS))
      expect((await readOnly.call(name, args)).isError, name).toBeFalsy();
    const triageOnly = toolCaller(sandbox, { skills: ["triage"] });
    expect(
      textOf(await triageOnly.call("find_metric_monitors", READS.find_metric_monitors)),
    ).toMatch(/inspect/);
    expect(rec.writes()).toEqual([]);
  });

  it("stay inside a project pin", async () => {
    const rec = recordingFetch();
    const pinned = toolCaller(sandbox, {
      fetch: rec.fetch,
      constraints: { organizationSlug: "acme", projectSlug: "frontend" },
    });
    // 70012 belongs to backend: refused after the read, before any write.
    expect(
      textOf(await pinned.call("update_metric_monitor", { monitorId: "70012", name: "x" })),
    ).toBe(
      'Input error: This session is limited to project "frontend"; the resource belongs to project "backend".',
    );
    expect(textOf(await pinned.call("delete_metric_monitor", { monitorId: "70012" }))).toMatch(
      /limited to project "frontend"/,
    );
    for (const name of [
      "create_metric_monitor",
      "create_custom_inbound_filter",
      "delete_custom_inbound_filter",
    ]) {
      expect(textOf(await pinned.call(name, CALLS[name])), name).toMatch(
        /pinned to project "frontend"/,
      );
    }
    // Within the pin the project comes from the session.
    const own = await pinned.call("update_custom_inbound_filter", {
      filterId: "7710003",
      active: true,
    });
    expect(textOf(own)).toMatch(/Nothing to change/);
    expect(rec.writes()).toEqual([]);
  });

  it("name the scope when Sentry answers 403, and leave the data as it was", async () => {
    const denied = toolCaller(sandbox, { fetch: readOnlyTokenFetch });
    for (const name of WRITES) {
      const text = textOf(await denied.call(name, CALLS[name]));
      expect(text, name).toMatch(
        /^Input error: Sentry refused to .*: the token lacks `(alerts|project):write`/,
      );
      expect(text, name).toMatch(/Grant the project-management skill/);
    }
    expect(sandbox.store.alerts.detectors.find((d) => d.id === "70012")?.name).toBe(
      "Checkout error spike",
    );
    expect(sandbox.store.inboundFilters.find((f) => f.id === "7710002")?.active).toBe(false);
  });

  it("name the field and the fix on 400, and the conflict on 409, sending each write once", async () => {
    for (const name of WRITES) {
      const writes: string[] = [];
      /** Answers `status` to writes (counting them) and forwards reads to the sandbox. */
      const refusing = (status: number, body: unknown): typeof fetch => {
        const fail = failingFetch((method) => method !== "GET", status, body);
        return (input, init) => {
          if ((init?.method ?? "GET") !== "GET") writes.push(`${init?.method} ${status}`);
          return fail(input, init);
        };
      };
      const bad = refusing(400, { name: ["Ensure this field has no more than 200 characters."] });
      const text400 = textOf(await toolCaller(sandbox, { fetch: bad }).call(name, CALLS[name]));
      expect(text400, name).toMatch(
        /^Input error: Sentry rejected the request to .*`name`: Ensure this field has no more than 200 characters\. Use a name of at most (200|256) characters\./,
      );
      const conflict = refusing(409, { detail: "A monitor is being changed by someone else" });
      const text409 = textOf(
        await toolCaller(sandbox, { fetch: conflict }).call(name, CALLS[name]),
      );
      expect(text409, name).toMatch(
        /^Input error: Sentry refused to .*: A monitor is being changed by someone else\./,
      );
      expect(writes, name).toHaveLength(2);
    }
  });

  it("deletes ask the user first; a decline changes nothing", async () => {
    for (const name of ["delete_metric_monitor", "delete_custom_inbound_filter"]) {
      const rec = recordingFetch();
      const session = await connectInMemory(sandbox, {
        fetch: rec.fetch,
        skills: ["inspect", "project-management"],
        clientCapabilities: { elicitation: {} },
      });
      const asked: string[] = [];
      session.client.setRequestHandler(ElicitRequestSchema, async (request) => {
        asked.push(String(request.params.message));
        return { action: "decline" };
      });
      const result = await session.client.callTool({
        name: "execute_sentry_tool",
        arguments: { name, arguments: CALLS[name] },
      });
      await session.close();
      expect(asked, `${name}: ${JSON.stringify(result)}`).toHaveLength(1);
      expect(asked[0]).toContain(name);
      expect(textOf(result as { content: Array<{ type: string; text?: string }> }), name).toMatch(
        /^Not run: the user did not confirm/,
      );
      expect(rec.writes(), name).toEqual([]);
    }
  });
});
