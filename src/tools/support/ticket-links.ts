import { z } from "zod";
import { UserInputError } from "../../errors.js";
import type { IssueIntegration } from "../../sentry-api/issue-links.js";
import { issueIdParam, issueUrlParam } from "./issue-target.js";
import { organizationSlug } from "./params.js";

/** The parameters link_issue and unlink_issue share (the incumbent's names). */
export const ticketLinkParams = {
  organizationSlug: organizationSlug.optional(),
  issueId: issueIdParam,
  issueUrl: issueUrlParam,
  externalIssueUrl: z
    .string()
    .trim()
    .url()
    .max(2000)
    .describe(
      "URL of the ticket or pull request (Jira, GitHub, GitLab, Bitbucket, Azure DevOps, Linear...)",
    ),
  integrationId: z
    .string()
    .regex(/^\d+$/, "must be a numeric integration ID")
    .optional()
    .describe("Native integration ID, when several match the URL"),
  appSlug: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe("Sentry App slug; inferred for Linear and Shortcut URLs"),
};

export const ticketLinkOutput = z.object({
  organizationSlug: z.string(),
  issueId: z.string(),
  issueUrl: z.string(),
  externalIssue: z.object({
    url: z.string(),
    displayName: z.string().optional(),
    provider: z.string().optional(),
  }),
  status: z.enum(["linked", "already_linked", "not_linked"]),
  summary: z.string(),
});

/** A ticket URL, checked: http(s), no credentials. */
export function parseTicketUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new UserInputError("externalIssueUrl must be a valid HTTP(S) URL.");
  }
  if (!["http:", "https:"].includes(url.protocol) || url.username || url.password) {
    throw new UserInputError("externalIssueUrl must be an HTTP(S) URL without credentials.");
  }
  return url;
}

/** The URL's path, decoded where it decodes (a malformed `%` escape stays as it is). */
function path(url: URL): string {
  let p = url.pathname;
  try {
    p = decodeURIComponent(p);
  } catch {
    // keep the raw path
  }
  return p.replace(/\/+$/, "");
}

/** The App a URL belongs to, for the Apps whose URLs are recognisable. */
export function inferAppSlug(url: URL): string | undefined {
  if (url.hostname === "linear.app") return "linear";
  if (url.hostname === "app.shortcut.com" || url.hostname === "shortcut.com") return "shortcut";
  return undefined;
}

/** The ticket key an App link form takes: `ENG-42` (Linear) or the story number (Shortcut). */
export function appTicketKey(url: URL): string | undefined {
  const p = path(url);
  return (
    /^\/[^/]+\/issue\/([a-z][a-z0-9]*-\d+)(?:\/|$)/i.exec(p)?.[1]?.toUpperCase() ??
    /^\/[^/]+\/story\/(\d+)(?:\/|$)/.exec(p)?.[1]
  );
}

/**
 * What identifies a ticket regardless of presentation (titles in the path, query, case):
 * two URLs of the same ticket give the same identity.
 */
export function ticketIdentity(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return raw.trim();
  }
  const host = url.host.toLowerCase();
  const p = path(url);
  const jira =
    url.searchParams.get("selectedIssue") ?? /\/browse\/([A-Z][A-Z0-9]*-\d+)$/i.exec(p)?.[1];
  if (jira) return `jira:${host}/${jira.toUpperCase()}`;
  const app = appTicketKey(url);
  if (app && inferAppSlug(url))
    return `${inferAppSlug(url)}:${p.split("/")[1]?.toLowerCase()}/${app}`;
  const numbered = /^\/(.+?)(?:\/-)?\/(?:issues|pull|pull-requests)\/(\d+)(?:\/[a-z]+)?$/.exec(p);
  if (numbered) return `${host}/${numbered[1].toLowerCase()}#${numbered[2]}`;
  const azure = /\/_workitems\/edit\/(\d+)/.exec(p);
  if (azure) return `azure:${host}/${p.split("/")[1]?.toLowerCase()}#${azure[1]}`;
  return `${host}${p.toLowerCase()}`;
}

function domainOf(integration: IssueIntegration): URL | undefined {
  const value = integration.domainName;
  if (!value) return undefined;
  try {
    return new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return undefined;
  }
}

/** True when an active native integration can hold the ticket at `url`. */
export function integrationMatches(url: URL, integration: IssueIntegration): boolean {
  if (integration.status && integration.status !== "active") return false;
  const domain = domainOf(integration);
  const owner = path(url).split("/")[1]?.toLowerCase();
  switch (integration.provider.key) {
    case "github":
    case "github_enterprise":
    case "bitbucket": {
      const host = integration.provider.key === "bitbucket" ? "bitbucket.org" : "github.com";
      if (url.host !== (domain?.host ?? host)) return false;
      const installed = (domain && path(domain).split("/")[1]) || integration.name;
      return owner === installed.toLowerCase();
    }
    case "gitlab":
    case "jira":
    case "jira_server":
      return Boolean(domain && domain.host === url.host);
    case "vsts":
      return Boolean(domain && (domain.host === url.host || url.host === "dev.azure.com"));
    default:
      return false;
  }
}

/** The link `PUT` body the provider's form takes for the ticket at `url`. */
export function nativeLinkBody(url: URL, provider: string): Record<string, string> {
  const p = path(url);
  if (provider === "jira" || provider === "jira_server") {
    const key =
      url.searchParams.get("selectedIssue") ?? /\/browse\/([A-Z][A-Z0-9]*-\d+)$/i.exec(p)?.[1];
    if (!key)
      throw new UserInputError(
        "A Jira ticket URL looks like https://your.atlassian.net/browse/KEY-123.",
      );
    return { externalIssue: key.toUpperCase() };
  }
  if (provider === "vsts") {
    const id = /\/_workitems\/edit\/(\d+)/.exec(p)?.[1];
    if (!id)
      throw new UserInputError(
        "An Azure DevOps URL looks like https://dev.azure.com/org/project/_workitems/edit/123.",
      );
    return { externalIssue: id };
  }
  const m = /^\/(.+?)(?:\/-)?\/(?:issues|pull)\/(\d+)(?:\/[a-z]+)?$/.exec(p);
  if (!m) {
    throw new UserInputError(
      "Use the ticket's own URL, such as https://github.com/owner/repo/issues/42 or a pull request URL.",
    );
  }
  const repoField = provider === "gitlab" ? "project" : "repo";
  return { [repoField]: m[1], externalIssue: m[2] };
}
