import { z } from "zod";
import { UserInputError } from "../errors.js";
import {
  type FormField,
  getIntegrationConfig,
  listIssueIntegrations,
  writeIntegrationTicket,
} from "../sentry-api/issue-links.js";
import { defineTool, structuredResult } from "./define.js";
import { loadIssue } from "./link-issue.js";
import { issueIdParam, issueUrlParam } from "./support/issue-target.js";
import { organizationSlug } from "./support/params.js";
import { guardWrite } from "./support/write-errors.js";

type Value = string | number;
const MAX_CHOICES = 10;

const output = z.object({
  organizationSlug: z.string(),
  issueId: z.string(),
  issueUrl: z.string(),
  integration: z.object({ id: z.string(), name: z.string(), provider: z.string() }),
  created: z.boolean(),
  summary: z.string(),
  ticket: z.object({ url: z.string(), displayName: z.string(), key: z.string() }).nullable(),
  alreadyLinked: z.array(z.string()).describe("Tickets of this integration linked before"),
  form: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      required: z.boolean(),
      value: z.union([z.string(), z.number()]).nullable(),
      choices: z.array(z.string()).describe("value: label, first 10"),
    }),
  ),
});

function choiceList(field: FormField): Array<[string, string]> {
  return (field.choices ?? []).map(([v, l]) => [String(v), String(l)]);
}

/** The form with the defaults, then the caller's values; select values checked against choices. */
function fillForm(form: FormField[], given: Record<string, Value>): Record<string, Value> {
  const names = form.map((f) => f.name);
  for (const name of Object.keys(given)) {
    if (!names.includes(name)) {
      throw new UserInputError(
        `The integration's form has no field "${name}"; fields: ${names.join(", ")}.`,
      );
    }
  }
  const values: Record<string, Value> = {};
  for (const field of form) {
    const raw = given[field.name] ?? field.default;
    if (raw === undefined || raw === null || raw === "") continue;
    if (typeof raw !== "string" && typeof raw !== "number") continue;
    const choices = choiceList(field);
    if (choices.length > 0 && given[field.name] !== undefined) {
      const hit = choices.find(
        ([v, l]) => v === String(raw) || l.toLowerCase() === String(raw).toLowerCase(),
      );
      if (!hit) {
        throw new UserInputError(
          `"${raw}" is not a choice of ${field.name}: ${choices
            .slice(0, MAX_CHOICES)
            .map(([v, l]) => `${v} (${l})`)
            .join(", ")}.`,
        );
      }
      values[field.name] = hit[0];
    } else {
      values[field.name] = raw;
    }
  }
  return values;
}

export default defineTool({
  name: "create_external_issue",
  title: "Create External Issue: Open a New Ticket",
  description: [
    "Open a new ticket (Jira, GitHub, GitLab...) from a Sentry issue through an installed integration, and link it.",
    "Fills the integration's form from its defaults; dryRun shows the form and values without creating. link_issue links an existing ticket.",
  ].join(" "),
  inputSchema: {
    organizationSlug: organizationSlug.optional(),
    issueId: issueIdParam,
    issueUrl: issueUrlParam,
    integrationId: z
      .string()
      .regex(/^\d+$/, "must be a numeric integration ID")
      .optional()
      .describe("Integration to create the ticket in; needed when several are installed"),
    title: z
      .string()
      .trim()
      .min(1)
      .max(255)
      .optional()
      .describe("Ticket title (default: the issue's)"),
    description: z.string().trim().max(20_000).optional().describe("Ticket body"),
    fields: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .describe('Other form values by field name, e.g. {project: "OPS"} or {repo: "org/repo"}'),
    dryRun: z
      .boolean()
      .default(false)
      .describe("Only show the form and the values that would be sent"),
  },
  outputSchema: output,
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  skills: ["triage"],
  requiredScopes: ["event:write", "org:read"],
  async handler(params, ctx) {
    const { org, issue } = await loadIssue(params, ctx);
    const label = issue.shortId ?? issue.id;
    const integrations = (
      await listIssueIntegrations(ctx.client, org, issue.id, ctx.signal)
    ).filter((i) => !i.status || i.status === "active");
    const listed =
      integrations.map((i) => `${i.id} (${i.provider.key} ${i.name})`).join(", ") || "none";
    const chosen = params.integrationId
      ? integrations.find((i) => i.id === params.integrationId)
      : integrations.length === 1
        ? integrations[0]
        : undefined;
    if (!chosen) {
      throw new UserInputError(
        params.integrationId
          ? `Integration ${params.integrationId} is not an active ticket integration of ${org}; installed: ${listed}.`
          : `Pass integrationId: ${integrations.length ? `installed: ${listed}` : "this organization has no ticket integration installed"}.`,
      );
    }
    const config = await getIntegrationConfig(
      ctx.client,
      org,
      issue.id,
      chosen.id,
      "create",
      ctx.signal,
    );
    const form = config.createIssueConfig ?? [];
    const values = fillForm(form, {
      ...params.fields,
      ...(params.title ? { title: params.title } : {}),
      ...(params.description ? { description: params.description } : {}),
    });
    const formView = form.map((f) => ({
      name: f.name,
      label: f.label ?? f.name,
      required: f.required ?? false,
      value: values[f.name] ?? null,
      choices: choiceList(f)
        .slice(0, MAX_CHOICES)
        .map(([v, l]) => (v === l ? v : `${v}: ${l}`)),
    }));
    const missing = formView.filter((f) => f.required && f.value === null).map((f) => f.name);
    const alreadyLinked = (chosen.externalIssues ?? []).map(
      (t) => t.displayName ?? t.key ?? t.url ?? t.id,
    );
    const base = {
      organizationSlug: org,
      issueId: label,
      issueUrl: issue.permalink ?? ctx.client.orgWebPath(org, `/issues/${issue.id}/`),
      integration: { id: chosen.id, name: chosen.name, provider: chosen.provider.key },
      alreadyLinked,
      form: formView,
    };
    if (missing.length > 0 && !params.dryRun) {
      throw new UserInputError(
        `Pass the required field(s) ${missing.join(", ")} (in fields); dryRun: true shows the form and its choices.`,
      );
    }
    if (params.dryRun) {
      return structuredResult({
        ...base,
        created: false,
        ticket: null,
        summary: `Dry run: would create a ${chosen.provider.name ?? chosen.provider.key} ticket for ${label} with the values in form${missing.length ? `; missing: ${missing.join(", ")}` : ""}. Nothing was created.`,
      });
    }
    const ticket = await guardWrite(
      {
        action: `create a ${chosen.provider.key} ticket for ${label}`,
        scope: "event:write",
        skill: "triage",
        fields: Object.fromEntries(
          form.map((f) => [f.name, "dryRun: true lists the form's fields and choices."]),
        ),
      },
      () =>
        writeIntegrationTicket(ctx.client, org, issue.id, chosen.id, "POST", values, ctx.signal),
    );
    const name = ticket.displayName ?? ticket.key ?? ticket.id;
    return structuredResult({
      ...base,
      created: true,
      ticket: { url: ticket.url ?? "", displayName: name, key: ticket.key ?? name },
      summary: `Created ${name} in ${chosen.provider.name ?? chosen.provider.key} and linked it to ${label}${alreadyLinked.length ? ` (already linked before: ${alreadyLinked.join(", ")})` : ""}.`,
    });
  },
});
