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

async function create(args: Record<string, unknown>, options = {}) {
  const rec = recordingFetch();
  const result = await toolCaller(sandbox, { fetch: rec.fetch, ...options }).call(
    "create_external_issue",
    { organizationSlug: "acme", ...args },
  );
  return { result, out: result.structuredContent, writes: rec.writes() };
}

describe("create_external_issue", () => {
  it("dry run shows the integration's form with defaults and choices, creating nothing", async () => {
    const { out, writes } = await create({
      issueId: "BACKEND-1A",
      integrationId: "3100001",
      dryRun: true,
    });
    expect(writes).toEqual([]);
    expect(json(out)).toMatchInlineSnapshot(`
      {
        "alreadyLinked": [
          "OPS-412",
        ],
        "created": false,
        "form": [
          {
            "choices": [
              "10000: OPS",
              "10001: PAY",
            ],
            "label": "Jira Project",
            "name": "project",
            "required": true,
            "value": "10000",
          },
          {
            "choices": [],
            "label": "Title",
            "name": "title",
            "required": true,
            "value": "OperationalError: connection to server at "pg-primary.acme.internal" (10.0.3.12), port 5432 failed: Connection refused",
          },
          {
            "choices": [],
            "label": "Description",
            "name": "description",
            "required": false,
            "value": "Sentry Issue: BACKEND-1A",
          },
        ],
        "integration": {
          "id": "3100001",
          "name": "acme",
          "provider": "jira",
        },
        "issueId": "BACKEND-1A",
        "issueUrl": "https://sentry.example/organizations/acme/issues/6100000101/",
        "organizationSlug": "acme",
        "summary": "Dry run: would create a Jira ticket for BACKEND-1A with the values in form. Nothing was created.",
        "ticket": null,
      }
    `);
  });

  it("creates a GitHub issue with the repo by name and links it; the link reads back", async () => {
    const { out, writes } = await create({
      issueId: "BACKEND-1G",
      integrationId: "3100002",
      title: "Checkout times out under load",
      fields: { repo: "acme-corp/backend" },
    });
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({
      method: "POST",
      path: "/api/0/organizations/acme/issues/6100000107/integrations/3100002/",
      body: {
        repo: "acme-corp/backend",
        title: "Checkout times out under load",
        description: "Sentry Issue: BACKEND-1G",
      },
    });
    const o = out as { created: boolean; summary: string; ticket: { url: string } };
    expect(o.created).toBe(true);
    expect(o.summary).toMatch(
      /^Created acme-corp\/backend#\d+ in GitHub and linked it to BACKEND-1G\.$/,
    );
    const unlink = await toolCaller(sandbox).structured("unlink_issue", {
      organizationSlug: "acme",
      issueId: "BACKEND-1G",
      externalIssueUrl: o.ticket.url,
    });
    expect((unlink as { summary: string }).summary).toMatch(
      /^Unlinked acme-corp\/backend#\d+ from BACKEND-1G/,
    );
  });

  it("asks for the integration, a valid choice and the required fields before writing", async () => {
    const cases: Array<[Record<string, unknown>, string | RegExp]> = [
      [
        {},
        "Input error: Pass integrationId: installed: 3100001 (jira acme), 3100002 (github acme-corp).",
      ],
      [{ integrationId: "999" }, /Integration 999 is not an active ticket integration of acme/],
      [
        { integrationId: "3100001", fields: { project: "NOPE" } },
        'Input error: "NOPE" is not a choice of project: 10000 (OPS), 10001 (PAY).',
      ],
      [
        { integrationId: "3100001", fields: { priority: "high" } },
        /has no field "priority"; fields: project, title, description/,
      ],
      [{ integrationId: "3100002" }, /Pass the required field\(s\) repo \(in fields\)/],
    ];
    for (const [args, expected] of cases) {
      const { result, writes } = await create({ issueId: "BACKEND-1K", ...args });
      expect(result.isError, JSON.stringify(args)).toBe(true);
      if (typeof expected === "string") expect(textOf(result)).toBe(expected);
      else expect(textOf(result)).toMatch(expected);
      expect(writes).toEqual([]);
    }
  });

  it("names the field Sentry rejects (400), the scope (403) and conflicts (409)", async () => {
    const bad = await create(
      { issueId: "BACKEND-1K", integrationId: "3100001" },
      {
        fetch: failingFetch((m) => m === "POST", 400, {
          title: ["Ensure this field has no more than 255 characters."],
        }),
      },
    );
    expect(textOf(bad.result)).toMatchInlineSnapshot(
      `"Input error: Sentry rejected the request to create a jira ticket for BACKEND-1K. \`title\`: Ensure this field has no more than 255 characters. dryRun: true lists the form's fields and choices."`,
    );
    const forbidden = await create(
      { issueId: "BACKEND-1K", integrationId: "3100001" },
      { fetch: readOnlyTokenFetch },
    );
    expect(textOf(forbidden.result)).toMatch(
      /^Input error: Sentry refused to create a jira ticket for BACKEND-1K: the token lacks `event:write`/,
    );
    const conflict = await create(
      { issueId: "BACKEND-1K", integrationId: "3100001" },
      {
        fetch: failingFetch((m) => m === "POST", 409, {
          detail: "Ticket creation already running",
        }),
      },
    );
    expect(textOf(conflict.result)).toBe(
      "Input error: Sentry refused to create a jira ticket for BACKEND-1K: Ticket creation already running.",
    );
  });
});
