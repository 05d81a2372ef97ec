/**
 * Ticket links of an issue. Native integrations (documented): `GET .../issues/{id}/integrations/
 * {integrationId}/?action=link|create` (the form), `PUT` (link an existing ticket, 201), `POST`
 * (create a ticket and link it, 201), `DELETE ?externalIssue=` (204). Undocumented (contract
 * notes in sandbox/contract-links.test.ts): the list `GET .../issues/{id}/integrations/`,
 * `GET /organizations/{org}/sentry-app-installations/`, `.../sentry-app-components/`, and the
 * App link action `POST /sentry-app-installations/{uuid}/external-issue-actions/`. The issue's
 * App tickets (`GET .../issues/{id}/external-issues/`) and their `DELETE` are documented.
 */

import type { Context, Hono } from "hono";
import type { IntegrationRecord, LinkedTicketRecord } from "../data/issue-links.js";
import type { IssueRecord, JsonObject, OrgRecord, SandboxStore } from "../data/types.js";
import { fail, findIssue, findOrg, NOT_FOUND, type RouteDeps } from "./http.js";
import { fieldError, jsonBody, nextId, withFieldErrors } from "./write-helpers.js";

const JIRA_PROJECTS: Array<[string, string]> = [
  ["10000", "OPS"],
  ["10001", "PAY"],
];

function integrationJson(i: IntegrationRecord): JsonObject {
  return {
    id: i.id,
    name: i.name,
    icon: null,
    domainName: i.domainName,
    accountType: "Organization",
    scopes: null,
    outOfDate: false,
    status: i.status,
    provider: {
      key: i.provider.key,
      slug: i.provider.slug,
      name: i.provider.name,
      canAdd: true,
      canDisable: false,
      features: ["issue-basic", "commits"],
      aspects: {},
    },
  };
}

function ticketJson(t: LinkedTicketRecord): JsonObject {
  return {
    id: t.id,
    key: t.key,
    url: t.url,
    title: t.title,
    description: t.description,
    displayName: t.key,
  };
}

function createdJson(t: LinkedTicketRecord): JsonObject {
  return {
    id: Number(t.id),
    key: t.key,
    url: t.url,
    integrationId: Number(t.integrationId),
    displayName: t.key,
  };
}

function repoChoices(store: SandboxStore, org: OrgRecord): Array<[string, string]> {
  return store.repositories.filter((r) => r.orgId === org.id).map((r) => [r.name, r.name]);
}

/** The provider's form: what `PUT` (link) or `POST` (create) take. */
function formFor(
  store: SandboxStore,
  org: OrgRecord,
  integration: IntegrationRecord,
  issue: IssueRecord,
  action: "link" | "create",
): JsonObject[] {
  const jira = integration.provider.key === "jira";
  if (action === "link") {
    return jira
      ? [{ name: "externalIssue", label: "Issue", type: "select", required: true, choices: [] }]
      : [
          {
            name: "repo",
            label: "GitHub Repository",
            type: "select",
            required: true,
            choices: repoChoices(store, org),
          },
          {
            name: "externalIssue",
            label: "Issue Number",
            type: "select",
            required: true,
            choices: [],
          },
        ];
  }
  const common: JsonObject[] = [
    { name: "title", label: "Title", type: "string", required: true, default: issue.title },
    {
      name: "description",
      label: "Description",
      type: "textarea",
      required: false,
      default: `Sentry Issue: ${issue.shortId}`,
    },
  ];
  return jira
    ? [
        {
          name: "project",
          label: "Jira Project",
          type: "select",
          required: true,
          default: "10000",
          choices: JIRA_PROJECTS,
        },
        ...common,
      ]
    : [
        {
          name: "repo",
          label: "GitHub Repository",
          type: "select",
          required: true,
          choices: repoChoices(store, org),
        },
        ...common,
      ];
}

function findIntegration(store: SandboxStore, org: OrgRecord, id: string): IntegrationRecord {
  const integration = store.issueLinks.integrations.find((i) => i.orgId === org.id && i.id === id);
  if (!integration) fail(404, NOT_FOUND);
  return integration;
}

function requiredString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (value === undefined || value === null || value === "")
    fieldError(field, "This field is required.");
  if (typeof value !== "string" && typeof value !== "number")
    fieldError(field, "Not a valid string.");
  return String(value);
}

/** The ticket a link PUT names, as the provider would report it. */
function existingTicket(
  store: SandboxStore,
  org: OrgRecord,
  integration: IntegrationRecord,
  body: Record<string, unknown>,
): Omit<LinkedTicketRecord, "id" | "groupIds"> {
  const ref = requiredString(body, "externalIssue").trim();
  if (integration.provider.key === "jira") {
    if (!/^[A-Z][A-Z0-9]*-\d+$/i.test(ref)) fieldError("externalIssue", "Invalid issue key.");
    const key = ref.toUpperCase();
    return {
      integrationId: integration.id,
      key,
      url: `https://${integration.domainName}/browse/${key}`,
      title: key,
      description: "",
    };
  }
  const repo = requiredString(body, "repo");
  if (!repoChoices(store, org).some(([name]) => name === repo))
    fieldError("repo", "Repository not found.");
  if (!/^\d+$/.test(ref)) fieldError("externalIssue", "Issue number must be an integer.");
  return {
    integrationId: integration.id,
    key: `${repo}#${ref}`,
    url: `https://github.com/${repo}/issues/${ref}`,
    title: `${repo}#${ref}`,
    description: "",
  };
}

function newTicket(
  store: SandboxStore,
  org: OrgRecord,
  integration: IntegrationRecord,
  body: Record<string, unknown>,
  id: string,
): Omit<LinkedTicketRecord, "groupIds"> {
  const title = requiredString(body, "title");
  const description = typeof body.description === "string" ? body.description : "";
  const n = 500 + store.issueLinks.tickets.length;
  if (integration.provider.key === "jira") {
    const project = JIRA_PROJECTS.find(([pid]) => pid === requiredString(body, "project"));
    if (!project) fieldError("project", "Select a valid choice.");
    const key = `${project[1]}-${n}`;
    return {
      id,
      integrationId: integration.id,
      key,
      url: `https://${integration.domainName}/browse/${key}`,
      title,
      description,
    };
  }
  const repo = requiredString(body, "repo");
  if (!repoChoices(store, org).some(([name]) => name === repo))
    fieldError("repo", "Select a valid choice.");
  return {
    id,
    integrationId: integration.id,
    key: `${repo}#${n}`,
    url: `https://github.com/${repo}/issues/${n}`,
    title,
    description,
  };
}

export function registerIssueLinkRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;
  const links = store.issueLinks;
  const ticketId = () =>
    nextId([...links.tickets.map((t) => t.id), ...links.appTickets.map((t) => t.id)], 3_200_000);

  app.get("/api/0/organizations/:org/issues/:issueId/integrations/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const issue = findIssue(store, org, c.req.param("issueId"));
    return c.json(
      links.integrations
        .filter((i) => i.orgId === org.id)
        .map((i) => ({
          ...integrationJson(i),
          externalIssues: links.tickets
            .filter((t) => t.integrationId === i.id && t.groupIds.includes(issue.id))
            .map(ticketJson),
        })),
    );
  });

  const base = "/api/0/organizations/:org/issues/:issueId/integrations/:integrationId/";
  const target = (c: Context) => {
    const org = findOrg(store, c.req.param("org")!);
    const issue = findIssue(store, org, c.req.param("issueId")!);
    const integration = findIntegration(store, org, c.req.param("integrationId")!);
    return { org, issue, integration };
  };

  app.get(base, (c) => {
    const { org, issue, integration } = target(c);
    const action = c.req.query("action");
    if (action !== "link" && action !== "create")
      fail(400, "Action is required and should be either link or create");
    const key = action === "link" ? "linkIssueConfig" : "createIssueConfig";
    return c.json({
      ...integrationJson(integration),
      [key]: formFor(store, org, integration, issue, action),
    });
  });

  app.put(
    base,
    withFieldErrors(async (c) => {
      const { org, issue, integration } = target(c);
      const wanted = existingTicket(store, org, integration, await jsonBody(c));
      const known = links.tickets.find(
        (t) => t.integrationId === integration.id && t.key === wanted.key,
      );
      if (known?.groupIds.includes(issue.id))
        fieldError("non_field_errors", "That issue is already linked");
      const ticket = known ?? { ...wanted, id: ticketId(), groupIds: [] };
      if (!known) links.tickets.push(ticket);
      ticket.groupIds.push(issue.id);
      return c.json(createdJson(ticket), 201);
    }),
  );

  app.post(
    base,
    withFieldErrors(async (c) => {
      const { org, issue, integration } = target(c);
      const ticket = {
        ...newTicket(store, org, integration, await jsonBody(c), ticketId()),
        groupIds: [issue.id],
      };
      links.tickets.push(ticket);
      return c.json(createdJson(ticket), 201);
    }),
  );

  app.delete(base, (c) => {
    const { issue, integration } = target(c);
    const id = c.req.query("externalIssue");
    if (!id) fail(400, "External ID required");
    const ticket = links.tickets.find(
      (t) => t.id === id && t.integrationId === integration.id && t.groupIds.includes(issue.id),
    );
    if (!ticket) fail(404, NOT_FOUND);
    ticket.groupIds = ticket.groupIds.filter((g) => g !== issue.id);
    if (ticket.groupIds.length === 0) links.tickets = links.tickets.filter((t) => t !== ticket);
    return c.body(null, 204);
  });

  registerAppLinkRoutes(app, deps, ticketId);
}

function registerAppLinkRoutes(app: Hono, deps: RouteDeps, ticketId: () => string): void {
  const { store } = deps;
  const links = store.issueLinks;
  const appTicketJson = (t: (typeof links.appTickets)[number]) => ({
    id: t.id,
    issueId: t.groupId,
    serviceType: t.serviceType,
    displayName: t.displayName,
    webUrl: t.webUrl,
  });

  app.get("/api/0/organizations/:org/issues/:issueId/external-issues/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const issue = findIssue(store, org, c.req.param("issueId"));
    return c.json(links.appTickets.filter((t) => t.groupId === issue.id).map(appTicketJson));
  });

  app.get("/api/0/organizations/:org/sentry-app-installations/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    return c.json(
      links.installations
        .filter((i) => i.orgId === org.id)
        .map((i) => ({
          uuid: i.uuid,
          status: "installed",
          app: { uuid: i.appUuid, slug: i.appSlug },
          organization: { slug: org.slug, id: org.id },
        })),
    );
  });

  app.get("/api/0/organizations/:org/sentry-app-components/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    return c.json(
      links.installations
        .filter((i) => i.orgId === org.id)
        .map((i) => ({
          uuid: `${i.appUuid}-issue-link`,
          type: "issue-link",
          schema: {
            type: "issue-link",
            link: {
              uri: "/sentry/issues/link",
              required_fields: [{ type: "text", name: "identifier", label: "Issue" }],
              optional_fields: [{ type: "textarea", name: "comment", label: "Comment" }],
            },
            create: { uri: "/sentry/issues/create", required_fields: [], optional_fields: [] },
          },
          error: false,
          sentryApp: { uuid: i.appUuid, slug: i.appSlug, name: i.appName, avatars: [] },
        })),
    );
  });

  app.post(
    "/api/0/sentry-app-installations/:uuid/external-issue-actions/",
    withFieldErrors(async (c) => {
      const installation = links.installations.find((i) => i.uuid === c.req.param("uuid"));
      if (!installation) fail(404, NOT_FOUND);
      const body = await jsonBody(c);
      if (body.action !== "link" && body.action !== "create") fail(400, "Invalid action");
      if (body.uri !== "/sentry/issues/link") fail(400, "Invalid uri");
      const groupId = requiredString(body, "groupId");
      const org = store.organizations.find((o) => o.id === installation.orgId)!;
      const issue = findIssue(store, org, groupId);
      const key = requiredString(body, "identifier").toUpperCase();
      if (!/^[A-Z][A-Z0-9]*-\d+$/.test(key)) fail(400, `Linear could not find issue ${key}`);
      const existing = links.appTickets.find(
        (t) => t.groupId === issue.id && t.serviceType === installation.appSlug,
      );
      if (existing) fail(409, "This issue is already linked to a Linear issue.");
      const ticket = {
        id: ticketId(),
        groupId: issue.id,
        installationUuid: installation.uuid,
        serviceType: installation.appSlug,
        displayName: key,
        webUrl: `${installation.ticketBase}/issue/${key}`,
      };
      links.appTickets.push(ticket);
      return c.json(appTicketJson(ticket), 201);
    }),
  );

  app.delete("/api/0/sentry-app-installations/:uuid/external-issues/:externalIssueId/", (c) => {
    const ticket = links.appTickets.find(
      (t) => t.id === c.req.param("externalIssueId") && t.installationUuid === c.req.param("uuid"),
    );
    if (!ticket) fail(404, NOT_FOUND);
    links.appTickets = links.appTickets.filter((t) => t !== ticket);
    return c.body(null, 204);
  });
}
