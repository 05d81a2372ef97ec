/**
 * Client ID Metadata Documents (MCP authorization 2025-11-25): a `client_id` that is an https
 * URL names a JSON document with the client's name and redirect URIs. Fetching a URL chosen by
 * an unauthenticated caller is an SSRF risk, so: https only, every resolved address must be
 * public (checked at connect time, so DNS cannot change between check and use), no redirects,
 * a small size and time budget, and results cached in the store.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP } from "node:net";
import { hashToken } from "../crypto.js";
import { getJson, type KeyValueStore, setJson } from "../store/types.js";
import type { OAuthClient } from "./client-record.js";
import { checkRedirectUri, MAX_REDIRECT_URI_LENGTH, RedirectUriError } from "./redirect-uris.js";

export interface CimdOptions {
  /** Test-only: allow http:// and loopback addresses (a local test server). Never from a request. */
  allowLoopbackForTests?: boolean;
  timeoutMs?: number;
}

const MAX_BYTES = 8 * 1024;
const CACHE_SECONDS = 3600;
const FAILURE_CACHE_SECONDS = 60;

/** True when a client_id is a metadata document URL rather than a registered id. */
export function isMetadataDocumentId(clientId: string): boolean {
  return /^https?:\/\//i.test(clientId);
}

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const)
  PRIVATE.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 127],
  ["64:ff9b::", 96],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  PRIVATE.addSubnet(net, bits, "ipv6");

/** True for loopback, private, link-local, CGNAT, multicast and unspecified addresses. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, "ipv4");
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1], "ipv4");
  return PRIVATE.check(address, "ipv6");
}

class CimdError extends Error {}

/** A DNS lookup for the socket that refuses private addresses (unless tests allow loopback). */
function guardedLookup(allowLoopback: boolean) {
  return (
    hostname: string,
    options: object,
    callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as LookupAddress[];
      const refused = list.find(
        (a) => isPrivateAddress(a.address) && !(allowLoopback && /^(127\.|::1$)/.test(a.address)),
      );
      if (refused || list.length === 0)
        return callback(
          new CimdError("The client metadata host resolves to a private address."),
          [],
        );
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

function fetchDocument(url: URL, options: CimdOptions): Promise<unknown> {
  const allowLoopback = options.allowLoopbackForTests === true;
  if (url.protocol !== "https:" && !(allowLoopback && url.protocol === "http:"))
    return Promise.reject(new CimdError("Client metadata documents must be https."));
  if (isIP(url.hostname.replace(/^\[|\]$/g, "")) && !allowLoopback)
    return Promise.reject(new CimdError("Client metadata URLs must name a host, not an address."));
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: "GET",
        headers: { Accept: "application/json" },
        lookup: guardedLookup(allowLoopback) as never,
        timeout: options.timeoutMs ?? 5000,
      },
      (res: IncomingMessage) => {
        if (res.statusCode !== 200) {
          res.resume();
          return reject(new CimdError(`The client metadata document answered ${res.statusCode}.`));
        }
        if (Number(res.headers["content-length"] ?? 0) > MAX_BYTES) {
          req.destroy();
          return reject(new CimdError("The client metadata document is too large."));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BYTES) {
            req.destroy();
            reject(new CimdError("The client metadata document is too large."));
          } else chunks.push(chunk);
        });
        res.on("end", () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
          } catch {
            reject(new CimdError("The client metadata document is not JSON."));
          }
        });
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new CimdError("The client metadata document timed out.")));
    req.on("error", reject);
    req.end();
  });
}

/** The document → an OAuth client; it must name itself and list valid redirect URIs. */
function toClient(clientId: string, doc: unknown, now: number): OAuthClient {
  if (!doc || typeof doc !== "object" || Array.isArray(doc))
    throw new CimdError("The client metadata document must be a JSON object.");
  const meta = doc as Record<string, unknown>;
  if (meta.client_id !== clientId)
    throw new CimdError("The client metadata document's client_id must equal its URL.");
  const uris = meta.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > 8)
    throw new CimdError("The client metadata document must list 1 to 8 redirect_uris.");
  const method = meta.token_endpoint_auth_method ?? "none";
  if (method !== "none")
    throw new CimdError(
      "Client metadata documents are public clients (token_endpoint_auth_method none).",
    );
  const name = typeof meta.client_name === "string" ? meta.client_name.slice(0, 200) : undefined;
  try {
    return {
      client_id: clientId,
      client_name: name?.trim() || undefined,
      redirect_uris: uris.map(checkRedirectUri),
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      client_id_issued_at: Math.floor(now / 1000),
    };
  } catch (error) {
    if (error instanceof RedirectUriError) throw new CimdError(error.message);
    throw error;
  }
}

/**
 * The client a metadata document URL describes, from the cache or fetched; null when the URL
 * or the document is not acceptable (failures are cached briefly, so a bad URL is not a loop).
 */
export async function loadMetadataDocumentClient(
  store: KeyValueStore,
  clientId: string,
  options: CimdOptions,
  now: number,
): Promise<OAuthClient | null> {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return null;
  }
  if (clientId.length > MAX_REDIRECT_URI_LENGTH || url.hash || url.username || url.password)
    return null;
  if (url.pathname === "/" || url.pathname === "") return null;
  const key = `cimd:${hashToken(clientId)}`;
  const cached = await getJson<{ client: OAuthClient | null }>(store, key);
  if (cached) return cached.client;
  let client: OAuthClient | null = null;
  try {
    client = toClient(clientId, await fetchDocument(url, options), now);
  } catch {
    client = null;
  }
  await setJson(store, key, { client }, client ? CACHE_SECONDS : FAILURE_CACHE_SECONDS);
  return client;
}
