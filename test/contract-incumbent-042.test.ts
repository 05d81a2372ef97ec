/**
 * Contract with the incumbent's issue-link and info tools added after 0.39
 * (test/fixtures/incumbent-tools-0.42-new.json). The driver is test/contract/incumbent-042.ts.
 */

import type { Sandbox } from "../sandbox/server.js";
import { describeIncumbentTools, type Probe, writeOf } from "./contract/incumbent-042.js";
import type { SentRequest } from "./write-helpers.js";

const write = writeOf;
let n = 0;
/** A fresh Jira ticket URL per probe, so every link call really links. */
const jira = () => `https://acme.atlassian.net/browse/OPS-${7000 + ++n}`;

/** Links `url` to the issue in the sandbox first (for the unlink probes). */
function seedLink(sandbox: Sandbox, issueId: string, key: string, integrationId = "3100001") {
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

const probes = (sandbox: Sandbox): Record<string, () => Probe[]> => ({
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
      if (url.includes("atlassian")) seedLink(sandbox, record.id, url.split("/").pop()!);
      else if (url.includes("github"))
        seedLink(sandbox, record.id, `acme-corp/backend#${url.split("/").pop()}`, "3100002");
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
});

describeIncumbentTools(
  new URL("./fixtures/incumbent-tools-0.42-new.json", import.meta.url),
  probes,
);
