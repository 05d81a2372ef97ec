import { z } from "zod";
import { UserInputError } from "../errors.js";
import {
  getUptimeMonitor,
  type UptimeMonitorFields,
  updateUptimeMonitor,
} from "../sentry-api/uptime.js";
import { defineTool, structuredResult } from "./define.js";
import { actorRef, resolveActor } from "./support/actors.js";
import { organizationSlug, projectSlug } from "./support/params.js";
import {
  uptimeFieldParams as f,
  monitorIdParam,
  UPTIME_FIELD_FIXES,
  uptimeChanges,
  uptimeMonitorSchema,
  uptimeMonitorView,
} from "./support/uptime-monitors.js";
import { guardWrite } from "./support/write-errors.js";

const output = z.object({
  organization: z.string(),
  changed: z.boolean(),
  summary: z.string(),
  changes: z.array(z.string()),
  before: uptimeMonitorSchema,
  after: uptimeMonitorSchema,
});

const FIELDS = [
  "name",
  "url",
  "intervalSeconds",
  "timeoutMs",
  "method",
  "headers",
  "body",
  "environment",
  "owner",
  "status",
  "traceSampling",
  "responseCaptureEnabled",
  "recoveryThreshold",
  "downtimeThreshold",
] as const;

export default defineTool({
  name: "update_uptime_monitor",
  title: "Update Uptime Monitor",
  description:
    "Change an uptime monitor: url, interval, timeout, method, headers, body, environment, owner, or status (disabled pauses it). Answers before → after.",
  // Our names before 0.39.0 parity, still taken (never listed).
  aliases: { monitorId: "uptimeMonitorId" },
  inputSchema: {
    organizationSlug,
    projectSlug,
    uptimeMonitorId: monitorIdParam,
    name: f.name.optional(),
    url: f.url.optional(),
    intervalSeconds: f.intervalSeconds.optional(),
    timeoutMs: f.timeoutMs.optional(),
    method: f.method.optional(),
    headers: f.headers.optional().describe("Replaces all request headers ([name, value] pairs)"),
    body: f.body.optional(),
    environment: f.environment.nullable().optional().describe("Environment; null clears"),
    owner: f.owner.nullable().optional(),
    status: f.status.optional(),
    traceSampling: f.traceSampling.optional(),
    responseCaptureEnabled: f.responseCaptureEnabled.optional(),
    recoveryThreshold: f.recoveryThreshold.optional(),
    downtimeThreshold: f.downtimeThreshold.optional(),
  },
  outputSchema: output,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: true,
  },
  skills: ["project-management"],
  requiredScopes: ["project:write"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    if (FIELDS.every((field) => params[field] === undefined)) {
      throw new UserInputError(`Pass at least one field to change: ${FIELDS.join(", ")}.`);
    }
    const [current, owner] = await Promise.all([
      getUptimeMonitor(ctx.client, org, params.projectSlug, params.uptimeMonitorId, ctx.signal),
      params.owner === undefined
        ? undefined
        : params.owner === "" || params.owner === null
          ? null
          : resolveActor(ctx.client, org, params.owner, ctx.signal).then(actorRef),
    ]);
    const before = uptimeMonitorView(ctx.client, org, current, params.projectSlug);
    // Send only what differs from the current monitor; header values and bodies are compared
    // as sent, never shown.
    const fields: UptimeMonitorFields = {};
    const differs = <K extends keyof UptimeMonitorFields>(key: K, now: unknown) =>
      params[key] !== undefined && JSON.stringify(params[key]) !== JSON.stringify(now);
    if (differs("name", current.name)) fields.name = params.name;
    if (differs("url", current.url)) fields.url = params.url;
    if (differs("intervalSeconds", current.intervalSeconds))
      fields.intervalSeconds = params.intervalSeconds;
    if (differs("timeoutMs", current.timeoutMs)) fields.timeoutMs = params.timeoutMs;
    if (differs("method", current.method)) fields.method = params.method;
    if (differs("headers", current.headers ?? [])) fields.headers = params.headers;
    if (params.body !== undefined && (params.body || null) !== (current.body || null))
      fields.body = params.body;
    if (params.environment !== undefined && params.environment !== (current.environment ?? null))
      fields.environment = params.environment;
    if (differs("status", current.status)) fields.status = params.status;
    if (differs("traceSampling", current.traceSampling))
      fields.traceSampling = params.traceSampling;
    if (differs("responseCaptureEnabled", current.responseCaptureEnabled))
      fields.responseCaptureEnabled = params.responseCaptureEnabled;
    if (differs("recoveryThreshold", current.recoveryThreshold))
      fields.recoveryThreshold = params.recoveryThreshold;
    if (differs("downtimeThreshold", current.downtimeThreshold))
      fields.downtimeThreshold = params.downtimeThreshold;
    const currentOwner = current.owner?.id ? `${current.owner.type}:${current.owner.id}` : null;
    if (owner !== undefined && owner !== currentOwner) fields.owner = owner;

    let after = before;
    if (Object.keys(fields).length > 0) {
      const updated = await guardWrite(
        {
          action: `update uptime monitor ${params.uptimeMonitorId}`,
          scope: "project:write",
          skill: "project-management",
          fields: UPTIME_FIELD_FIXES,
        },
        () =>
          updateUptimeMonitor(
            ctx.client,
            org,
            params.projectSlug,
            params.uptimeMonitorId,
            fields,
            ctx.signal,
          ),
      );
      after = uptimeMonitorView(ctx.client, org, updated, params.projectSlug);
    }
    const changes = uptimeChanges(before, after);
    // Header values and bodies are never shown: report that they were replaced.
    if (fields.headers && !changes.some((c) => c.startsWith("headers:")))
      changes.push("headers: values replaced");
    if (fields.body !== undefined && !changes.some((c) => c.startsWith("body:")))
      changes.push("body: replaced");
    const name = after.name ?? params.uptimeMonitorId;
    return structuredResult({
      organization: org,
      changed: changes.length > 0,
      summary: changes.length
        ? `Updated uptime monitor ${name}: ${changes.join("; ")}.`
        : `Nothing to change: uptime monitor ${name} already has these values.`,
      changes,
      before,
      after,
    });
  },
});
