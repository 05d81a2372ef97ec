import { z } from "zod";
import { UserInputError } from "../errors.js";
import type { SentryClient } from "../sentry-api/client.js";
import {
  linkAppTicket,
  listAppComponents,
  listAppInstallations,
  listAppTickets,
  listIssueIntegrations,
  writeIntegrationTicket,
} from "../sentry-api/issue-links.js";
import { getIssue, type Issue } from "../sentry-api/issues.js";
import { defineTool, structuredResult } from "./define.js";
import { assertWithinPins } from "./support/constraints.js";
import { resolveIssueTarget } from "./support/issue-target.js";
import {
  appTicketKey,
  inferAppSlug,
  integrationMatches,
  nativeLinkBody,
  parseTicketUrl,
  ticketIdentity,
  ticketLinkOutput,
  ticketLinkParams,
} from "./support/ticket-links.js";
import { guardWrite } from "./support/write-errors.js";
import type { ToolContext } from "./types.js";

type Output = z.output<typeof ticketLinkOutput>;
type Linked = Pick<Output, "externalIssue" | "status">;
type FormValues = Record<string, string | number>;

/** Loads the issue named by issueUrl or organizationSlug + issueId, inside the session's pins. */
export async function loadIssue(
  params: { organizationSlug?: string; issueId?: string; issueUrl?: string },
  ctx: Pick<ToolContext, "constraints" | "client" | "signal">,
): Promise<{ org: string; issue: Issue }> {
  const { org, issueId } = resolveIssueTarget(params, ctx);
  const issue = await getIssue(ctx.client, org, issueId, ctx.signal);
  assertWithinPins(ctx, org, issue.project.slug);
  return { org, issue };
}

export default defineTool({
  name: "link_issue",
  title: "Attach Existing Ticket",
  description: [
    "Link an existing ticket or pull request to an issue by its URL: Jira, GitHub, GitLab, Bitbucket, Azure DevOps, or an App such as Linear or Shortcut.",
    "Does not create a ticket (create_external_issue does) or change the issue's status. A repeated link answers already_linked.",
  ].join(" "),
  inputSchema: {
    ...ticketLinkParams,
    fields: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .describe("Extra Sentry App form values by field name"),
  },
  outputSchema: ticketLinkOutput,
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: true,
  },
  skills: ["triage"],
  requiredScopes: ["event:write", "org:read"],
  async handler(params, ctx) {
    const url = parseTicketUrl(params.externalIssueUrl);
    const appSlug = params.appSlug ?? inferAppSlug(url);
    if (appSlug && params.integrationId) {
      throw new UserInputError("Pass appSlug or integrationId, not both.");
    }
    if (!appSlug && params.fields) {
      throw new UserInputError("fields are for Sentry App links: pass appSlug too.");
    }
    const { org, issue } = await loadIssue(params, ctx);
    const label = issue.shortId ?? issue.id;
    const linked = appSlug
      ? await linkApp(ctx.client, org, issue, url, appSlug, params.fields ?? {}, ctx.signal)
      : await linkNative(ctx.client, org, issue, url, params.integrationId, ctx.signal);
    const name = linked.externalIssue.displayName ?? linked.externalIssue.url;
    return structuredResult({
      organizationSlug: org,
      issueId: label,
      issueUrl: issue.permalink ?? ctx.client.orgWebPath(org, `/issues/${issue.id}/`),
      ...linked,
      summary:
        linked.status === "linked"
          ? `Linked ${label} to ${name} (${linked.externalIssue.provider}).`
          : `Nothing to change: ${label} is already linked to ${name}.`,
    });
  },
});

async function linkNative(
  client: SentryClient,
  org: string,
  issue: Issue,
  url: URL,
  integrationId: string | undefined,
  signal: AbortSignal,
): Promise<Linked> {
  const integrations = await listIssueIntegrations(client, org, issue.id, signal);
  const identity = ticketIdentity(url.href);
  for (const integration of integrations) {
    const ticket = (integration.externalIssues ?? []).find(
      (t) => t.url && ticketIdentity(t.url) === identity,
    );
    if (ticket?.url) {
      return {
        status: "already_linked",
        externalIssue: {
          url: ticket.url,
          displayName: ticket.displayName ?? ticket.key ?? undefined,
          provider: integration.provider.key,
        },
      };
    }
  }
  const candidates = integrations.filter(
    (i) => (!integrationId || i.id === integrationId) && integrationMatches(url, i),
  );
  if (candidates.length === 0) {
    throw new UserInputError(
      integrationId
        ? `Integration ${integrationId} is not installed here, not active, or does not hold ${url.host} tickets.`
        : `No active ticket integration of this organization matches ${url.host}. Installed: ${integrations.map((i) => `${i.id} (${i.provider.key} ${i.name})`).join(", ") || "none"}. For a Sentry App pass appSlug.`,
    );
  }
  if (candidates.length > 1) {
    throw new UserInputError(
      `Several integrations match this URL; pass integrationId: ${candidates.map((i) => `${i.id} (${i.provider.key} ${i.name})`).join(", ")}.`,
    );
  }
  const integration = candidates[0];
  const body = nativeLinkBody(url, integration.provider.key);
  const ticket = await guardWrite(
    {
      action: `link ${issue.shortId ?? issue.id} to ${url.href}`,
      scope: "event:write",
      skill: "triage",
      fields: {
        externalIssue: "Check that the ticket exists and the integration can see it.",
        repo: "The repository must be connected to the integration.",
        non_field_errors: "The ticket is already linked to this issue.",
      },
    },
    () => writeIntegrationTicket(client, org, issue.id, integration.id, "PUT", body, signal),
  );
  return {
    status: "linked",
    externalIssue: {
      url: ticket.url ?? url.href,
      displayName: ticket.displayName ?? ticket.key ?? undefined,
      provider: integration.provider.key,
    },
  };
}

async function linkApp(
  client: SentryClient,
  org: string,
  issue: Issue,
  url: URL,
  appSlug: string,
  supplied: FormValues,
  signal: AbortSignal,
): Promise<Linked> {
  const [tickets, installations, components] = await Promise.all([
    listAppTickets(client, org, issue.id, signal),
    listAppInstallations(client, org, signal),
    listAppComponents(client, org, String(issue.project.id), signal),
  ]);
  const identity = ticketIdentity(url.href);
  const same = tickets.find((t) => ticketIdentity(t.webUrl) === identity);
  if (same) {
    return {
      status: "already_linked",
      externalIssue: {
        url: same.webUrl,
        displayName: same.displayName ?? undefined,
        provider: appSlug,
      },
    };
  }
  const other = tickets.find((t) => t.serviceType === appSlug);
  if (other) {
    throw new UserInputError(
      `${issue.shortId ?? issue.id} is already linked to another ${appSlug} ticket (${other.webUrl}); unlink_issue it first.`,
    );
  }
  const installation = installations.find(
    (i) => i.app.slug === appSlug && (!i.status || i.status === "installed"),
  );
  if (!installation)
    throw new UserInputError(`The Sentry App "${appSlug}" is not installed in ${org}.`);
  const form = components.find((c) => c.type === "issue-link" && c.sentryApp.slug === appSlug)
    ?.schema?.link;
  if (!form) throw new UserInputError(`The Sentry App "${appSlug}" has no issue-link form.`);
  const values = appFormValues(form, url, supplied);
  const ticket = await guardWrite(
    {
      action: `link ${issue.shortId ?? issue.id} to ${url.href}`,
      scope: "event:write",
      skill: "triage",
      conflict: "Unlink the issue's current ticket of this App first (unlink_issue).",
    },
    () =>
      linkAppTicket(
        client,
        installation.uuid,
        { groupId: issue.id, action: "link", uri: form.uri, ...values },
        signal,
      ),
  );
  return {
    status: "linked",
    externalIssue: {
      url: ticket.webUrl,
      displayName: ticket.displayName ?? undefined,
      provider: appSlug,
    },
  };
}

/** Fills the App's link form: the ticket field from the URL, the rest from `fields`. */
function appFormValues(
  form: {
    required_fields?: Array<{ name: string }> | null;
    optional_fields?: Array<{ name: string }> | null;
  },
  url: URL,
  supplied: FormValues,
): FormValues {
  const required = form.required_fields ?? [];
  const all = [...required, ...(form.optional_fields ?? [])].map((f) => f.name);
  for (const name of Object.keys(supplied)) {
    if (!all.includes(name))
      throw new UserInputError(
        `The App's link form has no field "${name}" (fields: ${all.join(", ")}).`,
      );
  }
  const targets = all.filter((n) =>
    /^(issue_?id|issue|identifier|external_?issue|external_?id|issue_?url|url)$/i.test(n),
  );
  const target =
    targets.length === 1 ? targets[0] : required.length === 1 ? required[0].name : undefined;
  const values: FormValues = { ...supplied };
  if (target && values[target] === undefined) {
    values[target] = /url/i.test(target) ? url.href : (appTicketKey(url) ?? url.href);
  }
  const missing = required
    .map((f) => f.name)
    .filter((n) => values[n] === undefined || values[n] === "");
  if (missing.length > 0)
    throw new UserInputError(`Pass the App's required field(s) in fields: ${missing.join(", ")}.`);
  return values;
}
