import type { z } from "zod";
import { UserInputError } from "../errors.js";
import type { SentryClient } from "../sentry-api/client.js";
import {
  listAppInstallations,
  listAppTickets,
  listIssueIntegrations,
  unlinkAppTicket,
  unlinkIntegrationTicket,
} from "../sentry-api/issue-links.js";
import type { Issue } from "../sentry-api/issues.js";
import { defineTool, structuredResult } from "./define.js";
import { loadIssue } from "./link-issue.js";
import {
  inferAppSlug,
  parseTicketUrl,
  ticketIdentity,
  ticketLinkOutput,
  ticketLinkParams,
} from "./support/ticket-links.js";
import { guardWrite } from "./support/write-errors.js";

type Output = z.output<typeof ticketLinkOutput>;
type Unlinked = Pick<Output, "externalIssue"> & { removed: boolean };

export default defineTool({
  name: "unlink_issue",
  title: "Unlink Issue",
  description: [
    "Remove the link between a Sentry issue and a ticket or pull request, by the ticket's URL.",
    "Deletes neither the ticket nor the issue. Safe to repeat: not_linked either way.",
  ].join(" "),
  inputSchema: ticketLinkParams,
  outputSchema: ticketLinkOutput,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: true,
  },
  skills: ["triage"],
  requiredScopes: ["event:write", "org:read"],
  async handler(params, ctx) {
    const url = parseTicketUrl(params.externalIssueUrl);
    if (params.appSlug && params.integrationId) {
      throw new UserInputError("Pass appSlug or integrationId, not both.");
    }
    const { org, issue } = await loadIssue(params, ctx);
    const label = issue.shortId ?? issue.id;
    const appSlug = params.appSlug ?? inferAppSlug(url);
    const native = appSlug
      ? undefined
      : await unlinkNative(ctx.client, org, issue, url, params.integrationId, ctx.signal);
    const result = native ??
      (params.integrationId
        ? undefined
        : await unlinkApp(ctx.client, org, issue, url, appSlug, ctx.signal)) ?? {
        removed: false,
        externalIssue: { url: url.href, ...(appSlug ? { provider: appSlug } : {}) },
      };
    const name = result.externalIssue.displayName ?? result.externalIssue.url;
    return structuredResult({
      organizationSlug: org,
      issueId: label,
      issueUrl: issue.permalink ?? ctx.client.orgWebPath(org, `/issues/${issue.id}/`),
      externalIssue: result.externalIssue,
      status: "not_linked",
      summary: result.removed
        ? `Unlinked ${name} from ${label}; the ticket itself is unchanged.`
        : `Nothing to change: ${label} is not linked to ${url.href}.`,
    });
  },
});

async function unlinkNative(
  client: SentryClient,
  org: string,
  issue: Issue,
  url: URL,
  integrationId: string | undefined,
  signal: AbortSignal,
): Promise<Unlinked | undefined> {
  const identity = ticketIdentity(url.href);
  const integrations = await listIssueIntegrations(client, org, issue.id, signal);
  const matches = integrations
    .filter((i) => !integrationId || i.id === integrationId)
    .flatMap((integration) =>
      (integration.externalIssues ?? [])
        .filter((t) => t.url && ticketIdentity(t.url) === identity)
        .map((ticket) => ({ integration, ticket })),
    );
  if (matches.length > 1) {
    throw new UserInputError(
      `Several linked tickets match this URL; pass integrationId: ${matches.map((m) => m.integration.id).join(", ")}.`,
    );
  }
  const match = matches[0];
  if (!match) return undefined;
  await guardWrite(
    {
      action: `unlink ${match.ticket.url} from ${issue.shortId ?? issue.id}`,
      scope: "event:write",
      skill: "triage",
    },
    () =>
      unlinkIntegrationTicket(client, org, issue.id, match.integration.id, match.ticket.id, signal),
  );
  return {
    removed: true,
    externalIssue: {
      url: match.ticket.url ?? url.href,
      displayName: match.ticket.displayName ?? match.ticket.key ?? undefined,
      provider: match.integration.provider.key,
    },
  };
}

async function unlinkApp(
  client: SentryClient,
  org: string,
  issue: Issue,
  url: URL,
  appSlug: string | undefined,
  signal: AbortSignal,
): Promise<Unlinked | undefined> {
  const identity = ticketIdentity(url.href);
  const tickets = await listAppTickets(client, org, issue.id, signal);
  const match = tickets.find(
    (t) => (!appSlug || t.serviceType === appSlug) && ticketIdentity(t.webUrl) === identity,
  );
  if (!match) return undefined;
  const installation = (await listAppInstallations(client, org, signal)).find(
    (i) => i.app.slug === match.serviceType,
  );
  if (!installation) {
    throw new UserInputError(
      `The Sentry App "${match.serviceType}" that holds this link is no longer installed.`,
    );
  }
  await guardWrite(
    {
      action: `unlink ${match.webUrl} from ${issue.shortId ?? issue.id}`,
      scope: "event:write",
      skill: "triage",
    },
    () => unlinkAppTicket(client, installation.uuid, match.id, signal),
  );
  return {
    removed: true,
    externalIssue: {
      url: match.webUrl,
      displayName: match.displayName ?? undefined,
      provider: match.serviceType,
    },
  };
}
