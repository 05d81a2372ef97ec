import { z } from "zod";
import type { SentryClient } from "../../sentry-api/client.js";
import type { ClientKey } from "../../sentry-api/keys.js";
import { settingsUrl } from "./web-urls.js";

/** A client key as the tools show it: never the secret key or the secret DSN. */
export const clientKeySchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  dsn: z.string().nullable().describe("Public DSN for the SDK"),
  active: z.boolean(),
  rateLimit: z
    .object({ count: z.number(), window: z.number().describe("seconds") })
    .nullable()
    .describe("Events accepted per window; null means no limit"),
  dateCreated: z.string().nullable(),
});
export type ClientKeyView = z.output<typeof clientKeySchema>;

export function clientKeyView(key: ClientKey): ClientKeyView {
  const limit = key.rateLimit;
  return {
    id: key.id,
    name: key.name ?? null,
    dsn: key.dsn?.public ?? null,
    active: key.isActive !== false,
    rateLimit:
      limit && typeof limit.count === "number" && typeof limit.window === "number"
        ? { count: limit.count, window: limit.window }
        : null,
    dateCreated: key.dateCreated ?? null,
  };
}

export function rateLimitLabel(limit: ClientKeyView["rateLimit"]): string {
  return limit ? `${limit.count} per ${limit.window}s` : "none";
}

export function clientKeyUrl(
  client: SentryClient,
  org: string,
  project: string,
  keyId?: string,
): string {
  const base = `projects/${encodeURIComponent(project)}/keys/`;
  return settingsUrl(client, org, keyId ? `${base}${encodeURIComponent(keyId)}/` : base);
}

export const keyIdParam = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{32}$/i, "a key ID: 32 hexadecimal characters (find_dsns lists them)")
  .describe("Client key ID (its public key; find_dsns lists them)");

export const rateLimitParam = z
  .object({
    count: z.number().int().min(0).describe("Events accepted per window"),
    window: z.number().int().min(1).max(86_400).describe("Window in seconds (max 86400)"),
  })
  .describe("Rate limit: count events per window seconds");

export const RATE_LIMIT_FIX =
  "Pass rateLimit as {count, window}: count ≥ 0 events per window of 1 to 86400 seconds.";
