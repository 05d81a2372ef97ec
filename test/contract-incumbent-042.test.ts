/**
 * Contract with the incumbent's tools added after 0.39 (test/fixtures/incumbent-tools-0.42-new.json,
 * facts read from its source): each tool exists here with the same skills and safety annotations,
 * takes every property, and a call with each valid value (each enum value, each union branch,
 * null where allowed) goes through the real dispatcher to the sandbox and reaches the upstream
 * request. `regionUrl` is accepted and not needed: the client routes each organization to its
 * region itself (src/sentry-api/client.ts `regionFor`).
 */

import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../sandbox/server.js";
import { ALL_TOOLS } from "../src/catalog/index.js";
import { startTestSandbox, toolCaller } from "./harness.js";
import { recordingFetch, type SentRequest, textOf } from "./write-helpers.js";

interface FixtureTool {
  name: string;
  skills: string[];
  annotations: { readOnlyHint: boolean; destructiveHint: boolean };
  inputSchema: { properties: Record<string, unknown>; required?: string[] };
}
const fixture = JSON.parse(
  readFileSync(new URL("./fixtures/incumbent-tools-0.42-new.json", import.meta.url), "utf8"),
) as { version: string; tools: FixtureTool[] };

/** Properties the incumbent has and this server accepts without a schema entry (see above). */
const ROUTED_ELSEWHERE = new Set(["regionUrl"]);

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

interface Probe {
  /** what is probed, e.g. `fields (number branch)` */
  label: string;
  args: Record<string, unknown>;
  /** true when the value visibly reached the handler or the upstream request */
  reached(sent: SentRequest[], text: string): boolean;
}

const write = (sent: SentRequest[]) => sent.find((r) => r.method !== "GET");
let n = 0;
/** A fresh Jira ticket URL per probe, so every link call really links. */
const jira = () => `https://acme.atlassian.net/browse/OPS-${7000 + ++n}`;

/** Links `url` to the issue in the sandbox first (for the unlink probes). */
function seedLink(issueId: string, key: string, integrationId = "3100001") {
  const url =
    integrationId === "3100001"
      ? `https://acme.atlassian.net/browse/${key}`
      : `https://github.com/acme-corp/backend/issues/${key.split("#")[1]}`;
  const known = sandbox.store.issueLinks.tickets.find(
    (t) => t.integrationId === integrationId && t.key === key,
  );
  if (known) {
    if (!known.groupIds.includes(issueId)) known.groupIds.push(issueId);
    return url;
  }
  sandbox.store.issueLinks.tickets.push({
    id: String(3_250_000 + ++n),
    integrationId,
    key,
    url,
    title: key,
    description: "",
    groupIds: [issueId],
  });
  return url;
}

function linkProbes(): Probe[] {
  const base = { organizationSlug: "acme", issueId: "BACKEND-1K" };
  return [
    {
      label: "organizationSlug",
      args: { ...base, externalIssueUrl: jira() },
      reached: (s) => s.some((r) => r.path.startsWith("/api/0/organizations/acme/issues/")),
    },
    {
      label: "issueId",
      args: { ...base, externalIssueUrl: jira() },
      reached: (s) => s.some((r) => r.path === "/api/0/organizations/acme/issues/BACKEND-1K/"),
    },
    {
      label: "issueUrl",
      args: { issueUrl: "https://acme.sentry.io/issues/6100000110/", externalIssueUrl: jira() },
      reached: (s) => s.some((r) => r.path === "/api/0/organizations/acme/issues/6100000110/"),
    },
    {
      label: "externalIssueUrl",
      args: { ...base, externalIssueUrl: "https://acme.atlassian.net/browse/OPS-6999" },
      reached: (s) => (write(s)?.body as { externalIssue?: string })?.externalIssue === "OPS-6999",
    },
    {
      label: "integrationId",
      args: {
        ...base,
        externalIssueUrl: "https://github.com/acme-corp/backend/issues/4242",
        integrationId: "3100002",
      },
      reached: (s) => write(s)?.path.endsWith("/integrations/3100002/") ?? false,
    },
    {
      label: "appSlug",
      args: {
        organizationSlug: "acme",
        issueId: "BACKEND-1M",
        externalIssueUrl: "https://linear.app/acme/issue/ENG-7",
        appSlug: "linear",
      },
      reached: (s) => write(s)?.path.endsWith("/external-issue-actions/") ?? false,
    },
    {
      label: "regionUrl (null branch)",
      args: { ...base, externalIssueUrl: jira(), regionUrl: null },
      reached: (s) => write(s) !== undefined,
    },
    {
      label: "regionUrl (string branch)",
      args: { ...base, externalIssueUrl: jira(), regionUrl: "https://us.sentry.io" },
      reached: (s) => write(s) !== undefined,
    },
  ];
}

const PROBES: Record<string, () => Probe[]> = {
  link_issue: () => [
    ...linkProbes(),
    {
      label: "fields (string branch)",
      args: {
        organizationSlug: "acme",
        issueId: "BACKEND-1C",
        externalIssueUrl: "https://linear.app/acme/issue/ENG-8",
        fields: { comment: "seen in prod" },
      },
      reached: (s) => (write(s)?.body as { comment?: unknown })?.comment === "seen in prod",
    },
    {
      label: "fields (number branch)",
      args: {
        organizationSlug: "acme",
        issueId: "BACKEND-1E",
        externalIssueUrl: "https://linear.app/acme/issue/ENG-9",
        fields: { comment: 42 },
      },
      reached: (s) => (write(s)?.body as { comment?: unknown })?.comment === 42,
    },
  ],
  unlink_issue: () =>
    linkProbes().map((probe) => {
      // each unlink needs a link to remove: seed the probe's own ticket first
      const url = String(probe.args.externalIssueUrl);
      const issueId = probe.args.issueUrl ? "6100000110" : String(probe.args.issueId);
      const record = sandbox.store.issues.find((i) => i.shortId === issueId || i.id === issueId)!;
      if (url.includes("atlassian")) seedLink(record.id, url.split("/").pop()!);
      else if (url.includes("github"))
        seedLink(record.id, `acme-corp/backend#${url.split("/").pop()}`, "3100002");
      else
        sandbox.store.issueLinks.appTickets.push({
          id: String(3_350_000 + ++n),
          groupId: record.id,
          installationUuid: "5b1c9e1e-0d8a-4a55-9b7e-2f1d3c4a5b60",
          serviceType: "linear",
          displayName: "ENG-7",
          webUrl: url,
        });
      return {
        ...probe,
        reached: (s: SentRequest[], text: string) =>
          probe.label === "externalIssueUrl"
            ? write(s)?.method === "DELETE" && text.includes("OPS-6999")
            : probe.label === "appSlug"
              ? (write(s)?.path.includes("/sentry-app-installations/") ?? false)
              : probe.label === "integrationId"
                ? (write(s)?.path.endsWith("/integrations/3100002/") ?? false)
                : probe.reached(s, text) && write(s)?.method === "DELETE",
      };
    }),
  get_sentry_mcp_info: () => [
    { label: "(no arguments)", args: {}, reached: (_s, text) => text.includes('"version"') },
  ],
};

describe(`incumbent ${fixture.version} tools added after 0.39`, () => {
  it("exist here with the same skills and safety annotations, and every property", () => {
    for (const want of fixture.tools) {
      const ours = ALL_TOOLS.find((t) => t.name === want.name);
      expect(ours, want.name).toBeDefined();
      expect([...ours!.skills].sort(), want.name).toEqual([...want.skills].sort());
      expect(ours!.annotations.readOnlyHint, want.name).toBe(want.annotations.readOnlyHint);
      expect(ours!.annotations.destructiveHint, want.name).toBe(want.annotations.destructiveHint);
      for (const prop of Object.keys(want.inputSchema.properties)) {
        if (ROUTED_ELSEWHERE.has(prop)) continue;
        expect(Object.keys(ours!.inputSchema), `${want.name}.${prop}`).toContain(prop);
      }
      for (const prop of want.inputSchema.required ?? []) {
        const schema = ours!.inputSchema[prop] as unknown as {
          safeParse(v: unknown): { success: boolean };
        };
        expect(schema.safeParse(undefined).success, `${want.name}.${prop} required`).toBe(false);
      }
    }
  });

  for (const want of fixture.tools) {
    it(`${want.name}: each property's valid values reach Sentry through the dispatcher`, async () => {
      const probes = PROBES[want.name]();
      const probed = new Set(probes.map((p) => p.label.replace(/ \(.*\)$/, "")));
      for (const prop of Object.keys(want.inputSchema.properties)) {
        expect(probed, `${want.name}.${prop} has a probe`).toContain(prop);
      }
      for (const probe of probes) {
        const rec = recordingFetch();
        // A string regionUrl must be allow-listed: with the sandbox as this server's Sentry host
        // that is the sandbox's own origin (https://*.sentry.io only when the host is sentry.io).
        const args =
          typeof probe.args.regionUrl === "string"
            ? { ...probe.args, regionUrl: sandbox.url }
            : probe.args;
        const result = await toolCaller(sandbox, { fetch: rec.fetch }).call(want.name, args);
        const text = textOf(result);
        expect(result.isError, `${want.name} ${probe.label}: ${text}`).toBeFalsy();
        expect(
          probe.reached(rec.sent, text),
          `${want.name} ${probe.label}: ${JSON.stringify(rec.sent)}`,
        ).toBe(true);
      }
    });
  }
});
