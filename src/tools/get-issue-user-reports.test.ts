import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { startTestSandbox, toolCaller } from "../../test/harness.js";
import { upstreamProbe } from "../../test/upstream-probe.js";

let sandbox: Sandbox;
let tools: ReturnType<typeof toolCaller>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tools = toolCaller(sandbox);
});
afterAll(() => sandbox.close());

const errorText = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;

describe("get_issue_user_reports", () => {
  it("returns what users wrote, dropping empty and placeholder identities", async () => {
    const result = await tools.structured("get_issue_user_reports", {
      organizationSlug: "acme",
      issueId: "FRONTEND-2A",
    });
    expect(result).toMatchInlineSnapshot(`
      {
        "issue": {
          "id": "6100000201",
          "shortId": "FRONTEND-2A",
          "title": "TypeError: Cannot read property 'x' of undefined in \`render()\` **bold** # heading — ñandú 🔥",
        },
        "organization": "acme",
        "reports": [
          {
            "comments": "The revenue chart went blank when I resized the window, then the whole dashboard crashed.",
            "date": "2026-11-01T11:55:00.000Z",
            "email": "maya.chen@brightpath.example",
            "eventId": "651035afe6a84f463a241242ec264949",
            "id": "11974201",
            "name": "Maya Chen",
            "user": {
              "email": "maya.chen@brightpath.example",
              "id": "cust_8812",
              "name": "Maya Chen",
              "username": "maya.c",
            },
          },
          {
            "comments": "Happens every time I hover the tooltip 🙃 <script>alert(1)</script> **please fix**",
            "date": "2026-11-01T10:00:00.000Z",
            "eventId": "28469f6734620f898911fae1ac83553a",
            "id": "11974202",
          },
          {
            "comments": "dashboard froze",
            "date": "2026-10-31T10:00:00.000Z",
            "eventId": "75e5f96ae1aad4db031a7a2b9bfd4d06",
            "id": "11974203",
          },
        ],
      }
    `);
    expect(JSON.stringify(result)).not.toMatch(/"None"|ipAddress|avatarUrl|""/);
  });

  it("pages with a cursor in one round trip", async () => {
    const probe = upstreamProbe();
    const caller = toolCaller(sandbox, { fetch: probe.fetch });
    const first = (await caller.structured("get_issue_user_reports", {
      organizationSlug: "acme",
      issueId: "FRONTEND-2A",
      limit: 2,
    })) as { reports: unknown[]; nextCursor?: string };
    expect(first.reports).toHaveLength(2);
    expect(first.nextCursor).toBe("0:2:0");
    expect(probe.rounds()).toBe(1);
    const second = (await caller.structured("get_issue_user_reports", {
      organizationSlug: "acme",
      issueId: "FRONTEND-2A",
      limit: 2,
      cursor: first.nextCursor,
    })) as { reports: Array<{ comments: string }> };
    expect(second.reports.map((r) => r.comments)).toEqual(["dashboard froze"]);
  });

  it("points feedback issues to their own message", async () => {
    const result = (await tools.structured("get_issue_user_reports", {
      organizationSlug: "acme",
      issueId: "FRONTEND-2D",
    })) as { reports: unknown[]; note?: string };
    expect(result.reports).toEqual([]);
    expect(result.note).toMatch(/User Feedback issue/);
    const plain = (await tools.structured("get_issue_user_reports", {
      organizationSlug: "acme",
      issueId: "BACKEND-1A",
    })) as { reports: unknown[]; note?: string };
    expect(plain).toMatchObject({ reports: [] });
    expect(plain.note).toBeUndefined();
  });

  it("rejects bad input and reports upstream errors", async () => {
    const bad = await tools.call("get_issue_user_reports", {
      issueUrl: "https://acme.sentry.io/replays/0123456789abcdef0123456789abcdef/",
    });
    expect(errorText(bad)).toMatch(/^Input error: issueUrl points to a replay/);
    const probe = upstreamProbe([{ path: /\/user-reports\//, status: 403 }]);
    const denied = await toolCaller(sandbox, { fetch: probe.fetch }).call(
      "get_issue_user_reports",
      { organizationSlug: "acme", issueId: "FRONTEND-2A" },
    );
    expect(errorText(denied)).toMatch(/^Permission denied/);
  });
});
