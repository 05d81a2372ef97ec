import { z } from "zod";
import type { SentryClient } from "./client.js";
import { enc } from "./organizations.js";

// Links between a Sentry issue and tickets elsewhere: native integrations (Jira, GitHub, GitLab,
// Bitbucket, Azure DevOps) under `.../issues/{id}/integrations/`, and Sentry Apps (Linear,
// Shortcut...) under `.../issues/{id}/external-issues/` and their installations. Writes are
// sent once, never retried.

const str = z.string().nullish();

export const LinkedTicketSchema = z.object({
  id: z.coerce.string(),
  key: str,
  url: str,
  title: str,
  displayName: str,
});
export type LinkedTicket = z.output<typeof LinkedTicketSchema>;

export const IssueIntegrationSchema = z.object({
  id: z.coerce.string(),
  name: z.string(),
  domainName: str,
  status: str,
  provider: z.object({ key: z.string(), name: str }),
  externalIssues: z.array(LinkedTicketSchema).nullish(),
});
export type IssueIntegration = z.output<typeof IssueIntegrationSchema>;

const FormFieldSchema = z.object({
  name: z.string(),
  label: str,
  type: str,
  required: z.boolean().nullish(),
  default: z.unknown().optional(),
  choices: z.array(z.tuple([z.unknown(), z.unknown()])).nullish(),
});
export type FormField = z.output<typeof FormFieldSchema>;

export const IntegrationConfigSchema = IssueIntegrationSchema.extend({
  createIssueConfig: z.array(FormFieldSchema).nullish(),
  linkIssueConfig: z.array(FormFieldSchema).nullish(),
});
export type IntegrationConfig = z.output<typeof IntegrationConfigSchema>;

export const CreatedTicketSchema = z.object({
  id: z.coerce.string(),
  key: str,
  url: str,
  integrationId: z.coerce.string().nullish(),
  displayName: str,
});
export type CreatedTicket = z.output<typeof CreatedTicketSchema>;

export const AppTicketSchema = z.object({
  id: z.coerce.string(),
  issueId: z.coerce.string().nullish(),
  serviceType: z.string(),
  displayName: str,
  webUrl: z.string(),
});
export type AppTicket = z.output<typeof AppTicketSchema>;

export const AppInstallationSchema = z.object({
  uuid: z.string(),
  status: str,
  app: z.object({ slug: z.string(), uuid: str }),
});
export type AppInstallation = z.output<typeof AppInstallationSchema>;

const AppComponentSchema = z.object({
  type: z.string(),
  sentryApp: z.object({ slug: z.string(), uuid: str }),
  schema: z
    .object({
      link: z
        .object({
          uri: z.string(),
          required_fields: z.array(z.object({ name: z.string(), type: str })).nullish(),
          optional_fields: z.array(z.object({ name: z.string(), type: str })).nullish(),
        })
        .nullish(),
    })
    .passthrough()
    .nullish(),
});
export type AppComponent = z.output<typeof AppComponentSchema>;

const issuePath = (org: string, issueId: string) =>
  `/api/0/organizations/${enc(org)}/issues/${enc(issueId)}`;

export async function listIssueIntegrations(
  client: SentryClient,
  org: string,
  issueId: string,
  signal?: AbortSignal,
): Promise<IssueIntegration[]> {
  const baseUrl = await client.regionFor(org, signal);
  return client.get(`${issuePath(org, issueId)}/integrations/`, z.array(IssueIntegrationSchema), {
    baseUrl,
    signal,
  });
}

/** The integration's form for linking (`link`) or creating (`create`) a ticket. */
export async function getIntegrationConfig(
  client: SentryClient,
  org: string,
  issueId: string,
  integrationId: string,
  action: "link" | "create",
  signal?: AbortSignal,
): Promise<IntegrationConfig> {
  const baseUrl = await client.regionFor(org, signal);
  return client.get(
    `${issuePath(org, issueId)}/integrations/${enc(integrationId)}/`,
    IntegrationConfigSchema,
    { baseUrl, signal, query: { action } },
  );
}

/** PUT links an existing ticket; POST creates one in the provider and links it. */
export async function writeIntegrationTicket(
  client: SentryClient,
  org: string,
  issueId: string,
  integrationId: string,
  method: "PUT" | "POST",
  body: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<CreatedTicket> {
  const baseUrl = await client.regionFor(org, signal);
  return client.send(
    method,
    `${issuePath(org, issueId)}/integrations/${enc(integrationId)}/`,
    body,
    CreatedTicketSchema,
    { baseUrl, signal },
  );
}

export async function unlinkIntegrationTicket(
  client: SentryClient,
  org: string,
  issueId: string,
  integrationId: string,
  externalIssueId: string,
  signal?: AbortSignal,
): Promise<void> {
  const baseUrl = await client.regionFor(org, signal);
  await client.send(
    "DELETE",
    `${issuePath(org, issueId)}/integrations/${enc(integrationId)}/`,
    undefined,
    z.unknown(),
    { baseUrl, signal, query: { externalIssue: externalIssueId } },
  );
}

export async function listAppTickets(
  client: SentryClient,
  org: string,
  issueId: string,
  signal?: AbortSignal,
): Promise<AppTicket[]> {
  const baseUrl = await client.regionFor(org, signal);
  return client.get(`${issuePath(org, issueId)}/external-issues/`, z.array(AppTicketSchema), {
    baseUrl,
    signal,
  });
}

export async function listAppInstallations(
  client: SentryClient,
  org: string,
  signal?: AbortSignal,
): Promise<AppInstallation[]> {
  const baseUrl = await client.regionFor(org, signal);
  return client.get(
    `/api/0/organizations/${enc(org)}/sentry-app-installations/`,
    z.array(AppInstallationSchema),
    { baseUrl, signal },
  );
}

export async function listAppComponents(
  client: SentryClient,
  org: string,
  projectId: string,
  signal?: AbortSignal,
): Promise<AppComponent[]> {
  const baseUrl = await client.regionFor(org, signal);
  return client.get(
    `/api/0/organizations/${enc(org)}/sentry-app-components/`,
    z.array(AppComponentSchema),
    { baseUrl, signal, query: { projectId } },
  );
}

/** Runs the App's link action (`external-issue-actions/`), which calls the App and links. */
export async function linkAppTicket(
  client: SentryClient,
  installationUuid: string,
  body: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<AppTicket> {
  return client.send(
    "POST",
    `/api/0/sentry-app-installations/${enc(installationUuid)}/external-issue-actions/`,
    body,
    AppTicketSchema,
    { signal },
  );
}

export async function unlinkAppTicket(
  client: SentryClient,
  installationUuid: string,
  externalIssueId: string,
  signal?: AbortSignal,
): Promise<void> {
  await client.send(
    "DELETE",
    `/api/0/sentry-app-installations/${enc(installationUuid)}/external-issues/${enc(externalIssueId)}/`,
    undefined,
    z.unknown(),
    { signal },
  );
}
