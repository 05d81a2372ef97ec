import { z } from "zod";
import type { Page, SentryClient } from "./client.js";
import { enc } from "./organizations.js";

// Writes are sent exactly once: SentryClient never retries, and callers must not either (a
// repeated POST could create a second key). See src/tools/support/write-errors.ts.

const str = z.string().nullish();

/**
 * A project's client key. Only what the tools show is parsed: the secret key and the secret
 * DSN (`secret`, `dsn.secret`) are dropped here and never reach a tool.
 */
export const ClientKeySchema = z.object({
  id: z.string(),
  name: str,
  isActive: z.boolean().nullish(),
  rateLimit: z.object({ count: z.number().nullish(), window: z.number().nullish() }).nullish(),
  dsn: z.object({ public: str }).nullish(),
  dateCreated: str,
  browserSdkVersion: str,
  dynamicSdkLoaderOptions: z.record(z.string(), z.boolean().nullish()).nullish(),
});
export type ClientKey = z.output<typeof ClientKeySchema>;

/** Fields of a key update (`PUT /projects/{org}/{project}/keys/{key_id}/`). */
export interface ClientKeyUpdate {
  name?: string;
  isActive?: boolean;
  rateLimit?: RateLimit;
  browserSdkVersion?: string;
  dynamicSdkLoaderOptions?: Record<string, boolean>;
}

export interface RateLimit {
  count: number | null;
  window: number | null;
}

const keysPath = (org: string, project: string) =>
  `/api/0/projects/${enc(org)}/${enc(project)}/keys/`;

export async function listClientKeys(
  client: SentryClient,
  org: string,
  project: string,
  options: { cursor?: string; status?: "active" | "inactive"; signal?: AbortSignal } = {},
): Promise<Page<ClientKey[]>> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.getPage(keysPath(org, project), z.array(ClientKeySchema), {
    baseUrl,
    query: { cursor: options.cursor, status: options.status },
    signal: options.signal,
  });
}

export async function getClientKey(
  client: SentryClient,
  org: string,
  project: string,
  keyId: string,
  signal?: AbortSignal,
): Promise<ClientKey> {
  const baseUrl = await client.regionFor(org, signal);
  return client.get(`${keysPath(org, project)}${enc(keyId)}/`, ClientKeySchema, {
    baseUrl,
    signal,
  });
}

export async function createClientKey(
  client: SentryClient,
  org: string,
  project: string,
  body: { name?: string; rateLimit?: RateLimit },
  signal?: AbortSignal,
): Promise<ClientKey> {
  const baseUrl = await client.regionFor(org, signal);
  return client.send("POST", keysPath(org, project), body, ClientKeySchema, { baseUrl, signal });
}

export async function updateClientKey(
  client: SentryClient,
  org: string,
  project: string,
  keyId: string,
  body: ClientKeyUpdate,
  signal?: AbortSignal,
): Promise<ClientKey> {
  const baseUrl = await client.regionFor(org, signal);
  return client.send("PUT", `${keysPath(org, project)}${enc(keyId)}/`, body, ClientKeySchema, {
    baseUrl,
    signal,
  });
}
