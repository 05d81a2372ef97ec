/** RFC 7591 dynamic client registration and client authentication at the token endpoint. */
import type { Context } from "hono";
import { hashToken, randomToken, safeEqual } from "../crypto.js";
import { getJson, type KeyValueStore, setJson } from "../store/types.js";
import { type CimdOptions, isMetadataDocumentId, loadMetadataDocumentClient } from "./cimd.js";
import type { AuthMethod, OAuthClient } from "./client-record.js";
import { checkRedirectUri, matchRegisteredUri, RedirectUriError } from "./redirect-uris.js";

export type { AuthMethod, OAuthClient } from "./client-record.js";

const AUTH_METHODS: AuthMethod[] = ["none", "client_secret_post", "client_secret_basic"];

/** Registrations that never complete an authorization are forgotten after a day. */
const UNCONFIRMED_CLIENT_TTL_SECONDS = 24 * 3600;
/** Clients that did are kept this long after their last token. */
const CLIENT_TTL_SECONDS = 180 * 24 * 3600;
const MAX_REDIRECT_URIS = 8;

export class RegistrationError extends Error {
  constructor(
    readonly code: "invalid_redirect_uri" | "invalid_client_metadata",
    message: string,
  ) {
    super(message);
  }
}

/** https, loopback http or a native app's scheme; never userinfo or a fragment. */
export function validateRedirectUri(value: unknown): string {
  try {
    return checkRedirectUri(value);
  } catch (error) {
    if (error instanceof RedirectUriError)
      throw new RegistrationError("invalid_redirect_uri", error.message);
    throw error;
  }
}

/** The registered URI a request's redirect_uri matches (loopback http: any port). */
export function matchRedirectUri(
  client: OAuthClient,
  requested: string | undefined,
): string | null {
  return matchRegisteredUri(client.redirect_uris, requested);
}

function stringArray(value: unknown, field: string, fallback: string[]): string[] {
  if (value === undefined) return fallback;
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) {
    throw new RegistrationError("invalid_client_metadata", `${field} must be an array of strings.`);
  }
  return value as string[];
}

export async function registerClient(
  store: KeyValueStore,
  body: unknown,
  now: number,
): Promise<{ client: OAuthClient; secret?: string }> {
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw new RegistrationError("invalid_client_metadata", "The body must be a JSON object.");
  }
  const meta = body as Record<string, unknown>;
  const uris = stringArray(meta.redirect_uris, "redirect_uris", []);
  if (uris.length === 0)
    throw new RegistrationError("invalid_redirect_uri", "redirect_uris is required.");
  if (uris.length > MAX_REDIRECT_URIS) {
    throw new RegistrationError(
      "invalid_redirect_uri",
      `At most ${MAX_REDIRECT_URIS} redirect URIs.`,
    );
  }
  const method = (meta.token_endpoint_auth_method ?? "client_secret_basic") as AuthMethod;
  if (!AUTH_METHODS.includes(method)) {
    throw new RegistrationError(
      "invalid_client_metadata",
      `token_endpoint_auth_method must be one of ${AUTH_METHODS.join(", ")}.`,
    );
  }
  const grantTypes = stringArray(meta.grant_types, "grant_types", [
    "authorization_code",
    "refresh_token",
  ]);
  if (grantTypes.some((g) => g !== "authorization_code" && g !== "refresh_token")) {
    throw new RegistrationError(
      "invalid_client_metadata",
      "Only authorization_code and refresh_token grants are supported.",
    );
  }
  const responseTypes = stringArray(meta.response_types, "response_types", ["code"]);
  if (responseTypes.some((r) => r !== "code")) {
    throw new RegistrationError(
      "invalid_client_metadata",
      "Only the code response type is supported.",
    );
  }
  const name = meta.client_name;
  if (name !== undefined && (typeof name !== "string" || name.length > 200)) {
    throw new RegistrationError(
      "invalid_client_metadata",
      "client_name must be a string of at most 200 characters.",
    );
  }
  const scope = typeof meta.scope === "string" ? meta.scope.slice(0, 500) : undefined;
  const secret = method === "none" ? undefined : randomToken();
  const client: OAuthClient = {
    client_id: randomToken(16),
    client_name: name?.trim() || undefined,
    redirect_uris: uris.map(validateRedirectUri),
    token_endpoint_auth_method: method,
    grant_types: grantTypes,
    response_types: responseTypes,
    scope,
    client_id_issued_at: Math.floor(now / 1000),
    secretHash: secret ? hashToken(secret) : undefined,
  };
  await setJson(store, `client:${client.client_id}`, client, UNCONFIRMED_CLIENT_TTL_SECONDS);
  return { client, secret };
}

/** A client that obtained tokens is kept for CLIENT_TTL_SECONDS from now. */
export async function confirmClient(store: KeyValueStore, client: OAuthClient): Promise<void> {
  if (client.client_id.startsWith("https://")) return;
  await setJson(store, `client:${client.client_id}`, client, CLIENT_TTL_SECONDS);
}

/** Where Client ID Metadata Documents may be fetched from, and the clock for their records. */
export interface MetadataDocuments {
  options: CimdOptions;
  now: () => number;
}

/** A registered client, or (with `documents`) the client an https client_id URL describes. */
export function loadClient(
  store: KeyValueStore,
  clientId: string | undefined,
  documents?: MetadataDocuments,
): Promise<OAuthClient | null> {
  if (!clientId || clientId.length > 600) return Promise.resolve(null);
  if (isMetadataDocumentId(clientId)) {
    return documents
      ? loadMetadataDocumentClient(store, clientId, documents.options, documents.now())
      : Promise.resolve(null);
  }
  if (clientId.length > 200) return Promise.resolve(null);
  return getJson<OAuthClient>(store, `client:${clientId}`);
}

/** The registration response: the metadata we accepted, the id and (once) the secret. */
export function registrationResponse(client: OAuthClient, secret?: string) {
  const { secretHash: _omit, ...pub } = client;
  return { ...pub, ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}) };
}

/**
 * RFC 6749 §2.3: client_secret_basic (Authorization: Basic) or client_secret_post (form fields);
 * public clients (method none) send only client_id. Null means invalid_client.
 */
export async function authenticateClient(
  store: KeyValueStore,
  c: Context,
  form: URLSearchParams,
  documents?: MetadataDocuments,
): Promise<OAuthClient | null> {
  let id = form.get("client_id") ?? undefined;
  let secret = form.get("client_secret") ?? undefined;
  let via: AuthMethod = secret ? "client_secret_post" : "none";
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(c.req.header("authorization") ?? "");
  if (basic) {
    const decoded = Buffer.from(basic[1], "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) return null;
    try {
      id = decodeURIComponent(decoded.slice(0, colon));
      secret = decodeURIComponent(decoded.slice(colon + 1));
    } catch {
      return null;
    }
    via = "client_secret_basic";
  }
  const client = await loadClient(store, id, documents);
  if (!client) return null;
  if (client.token_endpoint_auth_method === "none") return client;
  if (via === "none" || !secret || !client.secretHash) return null;
  return safeEqual(hashToken(secret), client.secretHash) ? client : null;
}
