import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { sandboxDocs, stable, startTestSandbox, toolCaller } from "../../test/harness.js";
import { upstreamProbe } from "../../test/upstream-probe.js";
import tool from "./get-sentry-resource.js";
import type { ToolContext } from "./types.js";

let sandbox: Sandbox;
let tools: ReturnType<typeof toolCaller>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tools = toolCaller(sandbox);
});
afterAll(() => sandbox.close());

const errorText = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;
const latestEventId = (shortId: string) => {
  const issue = sandbox.store.issues.find((i) => i.shortId === shortId)!;
  return sandbox.store.events
    .filter((e) => e.groupID === issue.id)
    .sort((a, b) => b.dateCreated.localeCompare(a.dateCreated))[0].id;
};

describe("get_sentry_resource", () => {
  it("opens an issue link like get_issue_details", async () => {
    const text = await tools.text("get_sentry_resource", {
      url: `${sandbox.url}/organizations/acme/issues/FRONTEND-2D/?project=4500012`,
    });
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Issue FRONTEND-2D in **\`acme\`**

      **Title**: \`User Feedback: Checkout button does nothing on Safari 18\`
      **Kind**: feedback · **Status**: unresolved (new) · **Priority**: medium · **Level**: info
      **Project**: \`frontend\` (javascript) · **Issue ID**: 6100000204
      **Events**: 1 · **Users**: 1
      **First seen**: 2026-11-01 10:30 UTC · **Last seen**: 2026-11-01 10:30 UTC
      **Assigned to**: unassigned
      **Culprit**: \`User Feedback Widget\`
      **Releases**: first \`frontend@5.9.1\`, last \`frontend@5.9.1\`
      **URL**: https://sentry.example/organizations/acme/issues/6100000204/

      ## User Feedback

      **From**: Amara K. \\<amara@lumenworks.example\\>
      **Page**: \`https://app.acme.example/checkout?step=payment\`
      **Message**:
      \`\`\`
      I click 'Pay now' and nothing happens. Tried twice, card was not charged (I think?).
      \`\`\`

      ## Event \`dfa7e452da5fce6bb958c58c8e57b849\` (latest)

      **Occurred**: 2026-11-01 10:30 UTC
      **Environment**: \`production\`
      **Release**: \`frontend@5.9.1\`
      **Trace**: \`3eb019c8b2f8a8e80b8903668f7c4e1c\`
      **Replay**: \`8b2e4d6f1a3c5e7f9b0d2f4a6c8e0a1b\`

      **User**: \`cust_8812\`, \`brightpath-ops\`, \`ops@brightpath.example\`
      **SDK**: \`sentry.javascript.react 8.42.0\`

      ### Contexts

      - \`browser\`: \`Chrome 131.0.0\`
      - \`os\`: \`Windows 10\`
      - \`device\`: \`Other\`

      ## Tag Distribution

      - \`environment\`: \`production\` 100%
      - \`release\`: \`frontend@5.9.1\` 100%
      - \`user\`: \`email:ops@brightpath.example\` 100%
      - \`browser.name\`: \`Chrome\` 100%

      ## Response Notes

      - The trace around this event: \`get_trace_details(organizationSlug="acme", traceId="3eb019c8b2f8a8e80b8903668f7c4e1c")\` via \`execute_sentry_tool\`.
      - The session replay: \`get_replay_details(organizationSlug="acme", replayId="8b2e4d6f1a3c5e7f9b0d2f4a6c8e0a1b")\` via \`execute_sentry_tool\`."
    `);
    const same = await tools.text("get_issue_details", {
      organizationSlug: "acme",
      issueId: "FRONTEND-2D",
    });
    expect(text).toBe(same);
  });

  it("opens an event by ID with selected package versions in 2 round trips", async () => {
    const eventId = latestEventId("BACKEND-1A");
    const probe = upstreamProbe();
    const text = await toolCaller(sandbox, { fetch: probe.fetch }).text("get_sentry_resource", {
      resourceType: "event",
      resourceId: eventId,
      organizationSlug: "acme",
      packageNames: ["django", "@example/client", "acme-internal-utils", "django"],
    });
    expect(probe.rounds()).toBe(2);
    expect(text).toContain(`## Event \`${eventId}\` (selected)`);
    expect(text.split("### Selected Package Versions")[1].split("\n\n")[1]).toMatchInlineSnapshot(`
      "- \`django\`: \`5.1.2\`
      - \`@example/client\`: not listed in this event's packages
      - \`acme-internal-utils\`: listed without a version"
    `);
  });

  it("experimental: an event answers like get_issue_details, structured; other resources do not", async () => {
    const eventId = latestEventId("BACKEND-1A");
    const caller = toolCaller(sandbox, { experimental: true });
    const args = { organizationSlug: "acme", packageNames: ["django", "@example/client"] };
    const viaResource = await caller.call("get_sentry_resource", {
      resourceType: "event",
      resourceId: eventId,
      ...args,
    });
    const direct = await caller.call("get_issue_details", { eventId, ...args });
    expect(viaResource).toEqual(direct);
    const answer = viaResource.structuredContent as {
      event: unknown;
      suspectCommit: { sha: string } | null;
    };
    expect(answer.suspectCommit?.sha).toBe("8baa8047b3e4b9b4824e1da33703f6537d4fba94");
    expect(answer.event).toMatchInlineSnapshot(`
      {
        "id": "ab3e0db46282996f3688aec3a28ba852",
        "packageVersions": {
          "metadataAvailable": true,
          "packages": [
            {
              "name": "django",
              "status": "recorded",
              "truncated": false,
              "version": "5.1.2",
            },
            {
              "name": "@example/client",
              "status": "not_listed",
              "truncated": false,
              "version": null,
            },
          ],
        },
      }
    `);
    expect(JSON.parse((viaResource.content[0] as { text: string }).text)).toEqual(answer);
    const issue = await caller.call("get_sentry_resource", {
      url: "https://acme.sentry.io/issues/FRONTEND-2A/",
    });
    expect(issue.isError, JSON.stringify(issue.content).slice(0, 300)).toBeFalsy();
    expect(issue.structuredContent).toMatchObject({ issue: { shortId: "FRONTEND-2A" } });
    const trace = await caller.call("get_sentry_resource", {
      resourceType: "trace",
      resourceId: "d7c01a95d2c3811599f05a8a65c46cbe",
      organizationSlug: "acme",
    });
    expect(trace.structuredContent).toBeUndefined();
    // Without --experimental the event is markdown, as before.
    const stableEvent = await tools.call("get_sentry_resource", {
      resourceType: "event",
      resourceId: eventId,
      ...args,
    });
    expect(stableEvent.structuredContent).toBeUndefined();
  });

  it("opens event links in their project and issue forms", async () => {
    const eventId = latestEventId("FRONTEND-2A");
    const byProject = await tools.text("get_sentry_resource", {
      url: `https://acme.sentry.io/frontend/events/${eventId}/`,
    });
    expect(byProject).toContain("# Issue FRONTEND-2A");
    const byIssue = await tools.text("get_sentry_resource", {
      url: `https://acme.sentry.io/issues/FRONTEND-2A/events/${eventId}/`,
      packageNames: ["react"],
    });
    expect(byIssue).toContain("### Selected Package Versions");
  });

  it("dispatches traces, releases and monitors to their tools", async () => {
    const traceId = sandbox.store.events.find((e) => e.id === latestEventId("BACKEND-1A"))!.contexts
      .trace as { trace_id: string };
    const viaResource = await tools.call("get_sentry_resource", {
      url: `https://acme.sentry.io/explore/traces/trace/${traceId.trace_id}/`,
    });
    const direct = await tools.call("get_trace_details", {
      organizationSlug: "acme",
      traceId: traceId.trace_id,
    });
    expect(viaResource).toEqual(direct);
    const release = await tools.text("get_sentry_resource", {
      resourceType: "release",
      resourceId: "backend@2.14.0",
      organizationSlug: "acme",
    });
    expect(release).toContain("# Release `backend@2.14.0`");
    const monitor = await tools.text("get_sentry_resource", {
      url: "https://acme.sentry.io/crons/backend/nightly-ledger-reconcile/",
    });
    expect(monitor).toContain("`nightly-ledger-reconcile`");
  });

  it("opens agent conversations and snapshots, by URL or by type and ID", async () => {
    const conv = "conv_68f2a9d1c3b74e0a9f51d2e3";
    const byUrl = await tools.call("get_sentry_resource", {
      url: `https://acme.sentry.io/explore/conversations/${conv}/?project=4500011`,
    });
    const direct = await tools.call("get_agent_conversation_details", {
      organizationSlug: "acme",
      conversationId: conv,
      project: "4500011",
    });
    expect(byUrl).toEqual(direct);
    const detail = sandbox.requests.filter((r) => r.path.endsWith(`/ai-conversations/${conv}/`));
    expect(new URLSearchParams(detail.at(-1)?.query).get("project")).toBe("4500011");
    const byId = await tools.text("get_sentry_resource", {
      resourceType: "ai_conversation",
      resourceId: conv,
      organizationSlug: "acme",
    });
    expect(byId).toContain(conv);
    const snapshot = await tools.call("get_sentry_resource", {
      resourceType: "snapshot",
      resourceId: "231949",
      organizationSlug: "acme",
    });
    expect(snapshot).toEqual(
      await tools.call("get_snapshot", { organizationSlug: "acme", snapshotId: "231949" }),
    );
    const image = await tools.call("get_sentry_resource", {
      url: "https://acme.sentry.io/preprod/snapshots/231949/?selectedSnapshot=checkout%2Fpayment.png",
    });
    expect(image.content.map((b) => b.type)).toEqual([
      "text",
      "text",
      "image",
      "text",
      "image",
      "text",
      "image",
    ]);
    expect(sandbox.requests.some((r) => r.path.endsWith("/images/checkout%2Fpayment.png/"))).toBe(
      true,
    );
  });

  it("names the tool to use when the target tool is not in the session", async () => {
    const ctx: ToolContext = {
      client: tools.client,
      constraints: {},
      signal: new AbortController().signal,
      responseBudget: 25_000,
      experimental: false,
      catalog: tools.catalog,
      canCall: () => false,
      isDirect: () => false,
      progress: async () => undefined,
      docs: sandboxDocs(sandbox),
    };
    const text = await tool.handler(
      {
        resourceType: "replay",
        resourceId: "3c7a8e2f-9d1b-4a60-b5e4-c3d2a1f0e9d8",
        organizationSlug: "acme",
      },
      ctx,
    );
    expect(stable(String(text), sandbox)).toMatchInlineSnapshot(`
      "# Replay \`3c7a8e2f9d1b4a60b5e4c3d2a1f0e9d8\` in **\`acme\`**

      get_replay_details opens replays, and it is not available in this session (it may need another skill or capability).

      **URL**: https://sentry.example/organizations/acme/replays/3c7a8e2f9d1b4a60b5e4c3d2a1f0e9d8/"
    `);
  });

  it("rejects package selection for anything but one exact event", async () => {
    for (const args of [
      { url: "https://acme.sentry.io/issues/BACKEND-1A/", packageNames: ["django"] },
      { url: "https://acme.sentry.io/issues/BACKEND-1A/events/latest/", packageNames: ["django"] },
      {
        resourceType: "trace",
        resourceId: "0123456789abcdef0123456789abcdef",
        organizationSlug: "acme",
        packageNames: ["django"],
      },
    ]) {
      const result = await tools.call("get_sentry_resource", args);
      expect(errorText(result), JSON.stringify(args)).toMatch(/packageNames needs one exact event/);
    }
  });

  it("opens a profile link as the profile's JSON text, without structuredContent", async () => {
    const viaResource = await tools.call("get_sentry_resource", {
      url: "https://acme.sentry.io/profiling/profile/backend/40415cc01bf15d792c971ef6cd24d5c3/flamegraph/",
    });
    const direct = await tools.call("get_profile_details", {
      organizationSlug: "acme",
      projectSlugOrId: "backend",
      profileId: "40415cc01bf15d792c971ef6cd24d5c3",
    });
    expect(direct.structuredContent).toBeDefined();
    expect(viaResource.structuredContent).toBeUndefined();
    expect(viaResource.content).toEqual(direct.content);
    expect(JSON.parse((viaResource.content[0] as { text: string }).text)).toEqual(
      direct.structuredContent,
    );
  });

  it("validates input before any request, including pins", async () => {
    const before = sandbox.requests.length;
    for (const args of [
      {},
      { url: "BACKEND-1A" },
      { url: "https://acme.sentry.io/settings/account/" },
      { resourceType: "issue", resourceId: "../x", organizationSlug: "acme" },
      { resourceType: "trace", resourceId: "abc", organizationSlug: "acme" },
      {
        resourceType: "profile",
        resourceId: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
        organizationSlug: "acme",
      },
      { resourceType: "release", resourceId: "a/b", organizationSlug: "acme" },
      { resourceType: "issue", resourceId: "BACKEND-1A" },
    ]) {
      const result = await tools.call("get_sentry_resource", args);
      expect(errorText(result), JSON.stringify(args)).toMatch(/^Input error/);
    }
    const pinned = toolCaller(sandbox, { constraints: { organizationSlug: "globex" } });
    const other = await pinned.call("get_sentry_resource", {
      url: "https://acme.sentry.io/issues/BACKEND-1A/",
    });
    expect(errorText(other)).toMatch(/limited to organization "globex"/);
    expect(sandbox.requests.length).toBe(before);
  });

  it("reports upstream errors", async () => {
    const missing = await tools.call("get_sentry_resource", {
      resourceType: "event",
      resourceId: "f".repeat(32),
      organizationSlug: "acme",
    });
    expect(errorText(missing)).toMatch(/^Not found/);
    const probe = upstreamProbe([{ path: /\/issues\/BACKEND-1A\/$/, status: 500 }]);
    const failed = await toolCaller(sandbox, { fetch: probe.fetch }).call("get_sentry_resource", {
      url: "https://acme.sentry.io/issues/BACKEND-1A/",
    });
    expect(errorText(failed)).toMatch(/^Sentry error/);
  });
});
