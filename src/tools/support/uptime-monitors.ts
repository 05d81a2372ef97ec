import { z } from "zod";
import type { SentryClient } from "../../sentry-api/client.js";
import type { UptimeMonitor, UptimeMonitorFields } from "../../sentry-api/uptime.js";
import { type Actor, actorFrom, actorLabel } from "./actors.js";
import { uptimeMonitorUrl } from "./web-urls.js";
import { actorSchema } from "./write-output.js";

/** Sentry accepts these check intervals only. */
export const UPTIME_INTERVALS = [60, 300, 600, 1200, 1800, 3600] as const;
export const UPTIME_METHODS = ["GET", "POST", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS"] as const;

/**
 * An uptime monitor as the tools show it. Request header values and the request body may hold
 * credentials: only header names and whether a body is set are shown.
 */
export const uptimeMonitorSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  project: z.string().nullable(),
  environment: z.string().nullable(),
  target: z.string().nullable().describe("The checked URL"),
  method: z.string().nullable(),
  intervalSeconds: z.number().nullable(),
  timeoutMs: z.number().nullable(),
  status: z.string().nullable().describe("active or disabled"),
  uptime: z.enum(["up", "down"]).nullable().describe("Result of the latest checks"),
  owner: actorSchema,
  headerNames: z.array(z.string()).describe("Request headers sent (values hidden)"),
  hasBody: z.boolean().describe("Whether a request body is sent (content hidden)"),
  traceSampling: z.boolean().nullable(),
  responseCaptureEnabled: z.boolean().nullable(),
  recoveryThreshold: z.number().nullable(),
  downtimeThreshold: z.number().nullable(),
  url: z.string().describe("The monitor in Sentry"),
});
export type UptimeMonitorView = z.output<typeof uptimeMonitorSchema>;

export function uptimeMonitorView(
  client: SentryClient,
  org: string,
  m: UptimeMonitor,
  project?: string,
): UptimeMonitorView {
  const slug = m.projectSlug ?? project ?? null;
  return {
    id: m.id,
    name: m.name ?? null,
    project: slug,
    environment: m.environment ?? null,
    target: m.url ?? null,
    method: m.method ?? null,
    intervalSeconds: m.intervalSeconds ?? null,
    timeoutMs: m.timeoutMs ?? null,
    status: m.status ?? null,
    uptime: m.uptimeStatus === 1 ? "up" : m.uptimeStatus === 2 ? "down" : null,
    owner: actorFrom(m.owner),
    headerNames: (m.headers ?? []).map((h) => h[0]).filter((h): h is string => Boolean(h)),
    hasBody: Boolean(m.body),
    traceSampling: m.traceSampling ?? null,
    responseCaptureEnabled: m.responseCaptureEnabled ?? null,
    recoveryThreshold: m.recoveryThreshold ?? null,
    downtimeThreshold: m.downtimeThreshold ?? null,
    url: uptimeMonitorUrl(client, org, slug ?? "", m.id),
  };
}

export const monitorIdParam = z
  .string()
  .trim()
  .regex(/^\d{1,20}$/, "a numeric uptime monitor ID (find_uptime_monitors lists them)")
  .describe("Uptime monitor ID (find_uptime_monitors lists them)");

/** Fields of create_uptime_monitor / update_uptime_monitor (required ones made so by create). */
export const uptimeFieldParams = {
  name: z.string().trim().min(1).max(128).describe("Monitor name"),
  url: z.string().trim().url().describe("URL to check"),
  intervalSeconds: z
    .number()
    .int()
    .refine((v) => (UPTIME_INTERVALS as readonly number[]).includes(v), {
      message: `must be one of ${UPTIME_INTERVALS.join(", ")}`,
    })
    .describe("Seconds between checks: 60, 300, 600, 1200, 1800 or 3600"),
  timeoutMs: z.number().int().min(1000).max(60_000).describe("Timeout in ms (1000-60000)"),
  method: z.enum(UPTIME_METHODS).describe("HTTP method (default GET)"),
  headers: z
    .array(z.tuple([z.string(), z.string()]))
    .describe("Request headers as [name, value] pairs (values are never shown back)"),
  body: z.string().nullable().describe("Request body; null removes it"),
  environment: z.string().trim().min(1).max(64).describe("Environment of the uptime issues"),
  owner: z
    .string()
    .trim()
    .max(200)
    .describe('Owner: user:ID, team:ID, "me", an email or "#team"; null or "" clears'),
  status: z.enum(["active", "disabled"]).describe("disabled stops the checks"),
  traceSampling: z.boolean().describe("Sample traces of the check requests"),
  responseCaptureEnabled: z.boolean().describe("Capture responses of failed checks"),
  recoveryThreshold: z.number().int().min(1).describe("Successes to recover"),
  downtimeThreshold: z.number().int().min(1).describe("Failures to mark down"),
};

export const UPTIME_FIELD_FIXES: Record<string, string> = {
  intervalSeconds: "Use 60, 300, 600, 1200, 1800 or 3600.",
  timeoutMs: "Use 1000 to 60000 milliseconds.",
  url: "Pass a full http(s) URL.",
  owner: "Use a member or team of the organization.",
  method: `Use one of ${UPTIME_METHODS.join(", ")}.`,
};

/** `field: before → after` for the shown fields that differ (never header values or bodies). */
export function uptimeChanges(before: UptimeMonitorView, after: UptimeMonitorView): string[] {
  const show = (v: unknown) =>
    v === null || v === undefined
      ? "none"
      : Array.isArray(v)
        ? v.length
          ? v.join(", ")
          : "none"
        : typeof v === "object"
          ? actorLabel(v as Actor)
          : String(v);
  const fields: Array<keyof UptimeMonitorView> = [
    "name",
    "target",
    "method",
    "intervalSeconds",
    "timeoutMs",
    "environment",
    "status",
    "owner",
    "headerNames",
    "traceSampling",
    "responseCaptureEnabled",
    "recoveryThreshold",
    "downtimeThreshold",
  ];
  const lines = fields
    .filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]))
    .map(
      (f) =>
        `${f === "target" ? "url" : f === "headerNames" ? "headers" : f}: ${show(before[f])} → ${show(after[f])}`,
    );
  if (before.hasBody !== after.hasBody)
    lines.push(`body: ${before.hasBody ? "set" : "none"} → ${after.hasBody ? "set" : "none"}`);
  return lines;
}

export type { UptimeMonitorFields };
