import { isSentrySaas, type SentryClient } from "../../sentry-api/client.js";

/**
 * Settings pages: `https://{org}.sentry.io/settings/{rest}` on sentry.io,
 * `{base}/settings/{org}/{rest}` on self-hosted.
 */
export function settingsUrl(client: SentryClient, org: string, rest: string): string {
  const path = rest.replace(/^\/+/, "");
  if (isSentrySaas(new URL(client.baseUrl).hostname))
    return `https://${org}.sentry.io/settings/${path}`;
  return `${client.baseUrl}/settings/${encodeURIComponent(org)}/${path}`;
}

export function projectSettingsUrl(client: SentryClient, org: string, project: string): string {
  return settingsUrl(client, org, `projects/${encodeURIComponent(project)}/`);
}

export function uptimeMonitorUrl(
  client: SentryClient,
  org: string,
  project: string,
  id: string,
): string {
  return client.orgWebPath(
    org,
    `/insights/uptime/rules/${encodeURIComponent(project)}/${encodeURIComponent(id)}/details/`,
  );
}

export function cronMonitorUrl(
  client: SentryClient,
  org: string,
  project: string,
  slug: string,
): string {
  return client.orgWebPath(
    org,
    `/crons/${encodeURIComponent(project)}/${encodeURIComponent(slug)}/`,
  );
}
