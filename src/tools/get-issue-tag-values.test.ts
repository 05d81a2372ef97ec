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

describe("get_issue_tag_values", () => {
  it("returns a tag's values with counts, shares and first/last seen", async () => {
    const result = await tools.structured("get_issue_tag_values", {
      organizationSlug: "acme",
      issueId: "BACKEND-1A",
      tagKey: "url",
      limit: 4,
    });
    expect(result).toMatchInlineSnapshot(`
      {
        "issue": {
          "id": "6100000101",
          "shortId": "BACKEND-1A",
        },
        "nextCursor": "0:4:0",
        "organization": "acme",
        "tagKey": "url",
        "tagName": "URL",
        "totalEvents": 1843,
        "uniqueValues": 12,
        "values": [
          {
            "count": 716,
            "firstSeen": "2026-10-26T12:00:00.000Z",
            "lastSeen": "2026-11-01T11:48:00.000Z",
            "percent": 38.8,
            "value": "https://api.acme.example/api/v2/orders/99120/checkout/",
          },
          {
            "count": 394,
            "firstSeen": "2026-10-26T12:53:00.000Z",
            "lastSeen": "2026-11-01T11:11:00.000Z",
            "percent": 21.4,
            "value": "https://api.acme.example/api/v2/orders/99107/checkout/",
          },
          {
            "count": 233,
            "firstSeen": "2026-10-26T13:46:00.000Z",
            "lastSeen": "2026-11-01T10:34:00.000Z",
            "percent": 12.6,
            "value": "https://api.acme.example/api/v2/orders/98974/checkout/",
          },
          {
            "count": 162,
            "firstSeen": "2026-10-26T14:39:00.000Z",
            "lastSeen": "2026-11-01T09:57:00.000Z",
            "percent": 8.8,
            "value": "https://api.acme.example/api/v2/orders/98802/checkout/",
          },
        ],
      }
    `);
  });

  it("pages with the cursor, sorts, and takes one round trip", async () => {
    const probe = upstreamProbe();
    const caller = toolCaller(sandbox, { fetch: probe.fetch });
    const page = (await caller.structured("get_issue_tag_values", {
      organizationSlug: "acme",
      issueId: "BACKEND-1A",
      tagKey: "url",
      limit: 10,
      cursor: "0:10:0",
      sort: "lastSeen",
    })) as { values: unknown[]; nextCursor?: string };
    expect(page.values).toHaveLength(2);
    expect(page.nextCursor).toBeUndefined();
    expect(probe.rounds()).toBe(1);
    const query = sandbox.requests
      .filter((r) => r.path.endsWith("/tags/url/values/"))
      .at(-1)?.query;
    expect(query).toContain("sort=-date");
    expect(query).toContain("per_page=10");
  });

  it("names the issue's tags when the key is unknown", async () => {
    const result = await tools.call("get_issue_tag_values", {
      organizationSlug: "acme",
      issueId: "BACKEND-1A",
      tagKey: "browser",
    });
    expect(errorText(result)).toMatch(
      /^Input error: Tag "browser" is not on issue BACKEND-1A\. Its tags: .*environment.*url/,
    );
  });

  it("rejects bad keys before any request and reports upstream errors", async () => {
    const before = sandbox.requests.length;
    for (const tagKey of ["", "../etc", "a b", "-lead"]) {
      const result = await tools.call("get_issue_tag_values", {
        organizationSlug: "acme",
        issueId: "BACKEND-1A",
        tagKey,
      });
      expect(errorText(result), tagKey).toMatch(/^Input error/);
    }
    expect(sandbox.requests.length).toBe(before);
    const missing = await tools.call("get_issue_tag_values", {
      organizationSlug: "acme",
      issueId: "BACKEND-404",
      tagKey: "url",
    });
    expect(errorText(missing)).toMatch(/^Not found/);
    const probe = upstreamProbe([{ path: /\/tags\/url\/values\//, status: 502 }]);
    const failed = await toolCaller(sandbox, { fetch: probe.fetch }).call("get_issue_tag_values", {
      organizationSlug: "acme",
      issueId: "BACKEND-1A",
      tagKey: "url",
    });
    expect(errorText(failed)).toMatch(/^Sentry error/);
  });
});
