/**
 * Seed: ticket integrations. acme has Jira (acme.atlassian.net) and GitHub (acme-corp)
 * installed, and the Linear Sentry App; BACKEND-1A is already linked to Jira OPS-412 and
 * FRONTEND-2A to Linear WEB-88. Issue links and App tickets change with the write routes.
 */

import { ACME_ORG_ID } from "./organizations.js";

export interface IntegrationRecord {
  id: string;
  orgId: string;
  name: string;
  domainName: string;
  provider: { key: string; slug: string; name: string };
  status: "active" | "disabled";
}

/** A native ticket link (Sentry's ExternalIssue + GroupLink). */
export interface LinkedTicketRecord {
  id: string;
  integrationId: string;
  key: string;
  url: string;
  title: string;
  description: string;
  groupIds: string[];
}

export interface AppInstallationRecord {
  uuid: string;
  orgId: string;
  appSlug: string;
  appUuid: string;
  appName: string;
  /** where the App's tickets live, e.g. https://linear.app/acme */
  ticketBase: string;
}

/** A Sentry App ticket link (PlatformExternalIssue). */
export interface AppTicketRecord {
  id: string;
  groupId: string;
  installationUuid: string;
  serviceType: string;
  displayName: string;
  webUrl: string;
}

export interface IssueLinkStore {
  integrations: IntegrationRecord[];
  tickets: LinkedTicketRecord[];
  installations: AppInstallationRecord[];
  appTickets: AppTicketRecord[];
}

export function seedIssueLinks(): IssueLinkStore {
  return {
    integrations: [
      {
        id: "3100001",
        orgId: ACME_ORG_ID,
        name: "acme",
        domainName: "acme.atlassian.net",
        provider: { key: "jira", slug: "jira", name: "Jira" },
        status: "active",
      },
      {
        id: "3100002",
        orgId: ACME_ORG_ID,
        name: "acme-corp",
        domainName: "github.com/acme-corp",
        provider: { key: "github", slug: "github", name: "GitHub" },
        status: "active",
      },
    ],
    tickets: [
      {
        id: "3200001",
        integrationId: "3100001",
        key: "OPS-412",
        url: "https://acme.atlassian.net/browse/OPS-412",
        title: "Postgres primary refuses connections during failover",
        description: "",
        groupIds: ["6100000101"],
      },
    ],
    installations: [
      {
        uuid: "5b1c9e1e-0d8a-4a55-9b7e-2f1d3c4a5b60",
        orgId: ACME_ORG_ID,
        appSlug: "linear",
        appUuid: "0c7f6d1a-3e2b-4b8f-9a41-6e5d4c3b2a10",
        appName: "Linear",
        ticketBase: "https://linear.app/acme",
      },
    ],
    appTickets: [
      {
        id: "3300001",
        groupId: "6100000201",
        installationUuid: "5b1c9e1e-0d8a-4a55-9b7e-2f1d3c4a5b60",
        serviceType: "linear",
        displayName: "WEB-88",
        webUrl: "https://linear.app/acme/issue/WEB-88/checkout-button-unresponsive",
      },
    ],
  };
}
