import { z } from "zod";
import { createUptimeMonitor, type UptimeMonitorFields } from "../sentry-api/uptime.js";
import { defineTool, structuredResult } from "./define.js";
import { actorRef, resolveActor } from "./support/actors.js";
import { organizationSlug, projectSlug } from "./support/params.js";
import {
  uptimeFieldParams as f,
  UPTIME_FIELD_FIXES,
  uptimeMonitorSchema,
  uptimeMonitorView,
} from "./support/uptime-monitors.js";
import { guardWrite } from "./support/write-errors.js";

const output = z.object({
  organization: z.string(),
  changed: z.boolean(),
  monitor: uptimeMonitorSchema,
});

export default defineTool({
  name: "create_uptime_monitor",
  title: "Create Uptime Monitor",
  description:
    "Start checking a URL's availability from Sentry: name, url, intervalSeconds (60-3600), optional method, headers, body, environment, owner.",
  inputSchema: {
    organizationSlug,
    projectSlug,
    name: f.name,
    url: f.url,
    intervalSeconds: f.intervalSeconds,
    timeoutMs: f.timeoutMs.default(5000),
    method: f.method.optional(),
    headers: f.headers.optional(),
    body: f.body.optional(),
    environment: f.environment.optional(),
    owner: f.owner.optional(),
    status: f.status.optional(),
    traceSampling: f.traceSampling.optional(),
    responseCaptureEnabled: f.responseCaptureEnabled.optional(),
    recoveryThreshold: f.recoveryThreshold.optional(),
    downtimeThreshold: f.downtimeThreshold.optional(),
  },
  outputSchema: output,
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  skills: ["project-management"],
  requiredScopes: ["project:write"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const owner =
      params.owner === undefined || params.owner === ""
        ? undefined
        : actorRef(await resolveActor(ctx.client, org, params.owner, ctx.signal));
    const fields: UptimeMonitorFields = {
      name: params.name,
      url: params.url,
      intervalSeconds: params.intervalSeconds,
      timeoutMs: params.timeoutMs,
      method: params.method,
      headers: params.headers,
      body: params.body ?? undefined,
      environment: params.environment,
      owner,
      status: params.status,
      traceSampling: params.traceSampling,
      responseCaptureEnabled: params.responseCaptureEnabled,
      recoveryThreshold: params.recoveryThreshold,
      downtimeThreshold: params.downtimeThreshold,
    };
    const monitor = await guardWrite(
      {
        action: `create uptime monitor ${JSON.stringify(params.name)} in project ${params.projectSlug}`,
        scope: "project:write",
        skill: "project-management",
        fields: UPTIME_FIELD_FIXES,
      },
      () => createUptimeMonitor(ctx.client, org, params.projectSlug, fields, ctx.signal),
    );
    return structuredResult({
      organization: org,
      changed: true,
      monitor: uptimeMonitorView(ctx.client, org, monitor, params.projectSlug),
    });
  },
});
