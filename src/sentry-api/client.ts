import type { z } from "zod";
import { ApiError } from "../errors.js";
import { withUpstreamSpan } from "../telemetry/index.js";

export type QueryValue = string | number | boolean | undefined | null | Array<string | number>;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  query?: Query;
  signal?: AbortSignal;
  /** Base URL of the org's region (validated by `regionFor`); defaults to the configured host. */
  baseUrl?: string;
}

export interface Page<T> {
  data: T;
  nextCursor?: string;
}

/** A downloaded file; `bytes` is absent when the body was over the size limit. */
export interface Download {
  contentType?: string;
  filename?: string;
  /** bytes, from `Content-Length` when sent */
  size?: number;
  tooLarge: boolean;
  /** the `accept` check declined the body */
  skipped?: boolean;
  bytes?: Uint8Array;
}

/** The filename of a `Content-Disposition: attachment; filename="..."` header. */
function filenameOf(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star.trim().replace(/^"|"$/g, ""));
    } catch {
      // fall back to the plain filename parameter
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1]?.trim();
}

export interface SentryClientOptions {
  /** Origin of the Sentry instance, e.g. `https://sentry.io` or `http://127.0.0.1:8765`. */
  baseUrl: string;
  accessToken: string;
  userAgent: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** True for sentry.io and its regional subdomains (us., de., ...). */
export function isSentrySaas(hostname: string): boolean {
  return hostname === "sentry.io" || hostname.endsWith(".sentry.io");
}

/**
 * The HTTP core of the Sentry API client: auth, timeouts, typed errors, tolerant parsing,
 * Link-header pagination and per-org region routing. Resource functions live beside it
 * (organizations.ts, issues.ts, ...). One instance per session; it holds no global state.
 */
export class SentryClient {
  readonly baseUrl: string;
  readonly #token: string;
  readonly #userAgent: string;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;
  readonly #regions = new Map<string, Promise<string>>();

  constructor(options: SentryClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.#token = options.accessToken;
    this.#userAgent = options.userAgent;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#fetch = options.fetch ?? fetch;
  }

  /** The web UI origin for an org, used to build links (`https://{org}.sentry.io` on SaaS). */
  webUrl(org?: string): string {
    const url = new URL(this.baseUrl);
    if (org && isSentrySaas(url.hostname)) return `https://${org}.sentry.io`;
    return this.baseUrl;
  }

  /** Path of the web UI for an org (SaaS uses subdomains, self-hosted /organizations/{org}). */
  orgWebPath(org: string, rest: string): string {
    const url = new URL(this.baseUrl);
    if (isSentrySaas(url.hostname)) return `https://${org}.sentry.io${rest}`;
    return `${this.baseUrl}/organizations/${org}${rest}`;
  }

  /**
   * The API base URL for an org. On sentry.io the org may live in another region; we look up
   * its `links.regionUrl` once per session and accept it only if it is an https sentry.io host.
   * Self-hosted and other hosts always use the configured base URL.
   */
  regionFor(org: string, signal?: AbortSignal): Promise<string> {
    if (!isSentrySaas(new URL(this.baseUrl).hostname)) return Promise.resolve(this.baseUrl);
    let region = this.#regions.get(org);
    if (!region) {
      region = this.#rawJson(`/api/0/organizations/${encodeURIComponent(org)}/`, { signal })
        .then(
          ({ body }) =>
            allowedRegion((body as { links?: { regionUrl?: string } })?.links?.regionUrl) ??
            this.baseUrl,
        )
        .catch((error) => {
          this.#regions.delete(org);
          throw error;
        });
      this.#regions.set(org, region);
    }
    return region;
  }

  async get<S extends z.ZodType>(
    path: string,
    schema: S,
    options: RequestOptions = {},
  ): Promise<z.output<S>> {
    const { body } = await this.#rawJson(path, options);
    return parse(schema, body, path);
  }

  async getPage<S extends z.ZodType>(
    path: string,
    schema: S,
    options: RequestOptions = {},
  ): Promise<Page<z.output<S>>> {
    const { body, headers } = await this.#rawJson(path, options);
    return { data: parse(schema, body, path), nextCursor: nextCursor(headers.get("link")) };
  }

  async send<S extends z.ZodType>(
    method: "POST" | "PUT" | "DELETE",
    path: string,
    payload: unknown,
    schema: S,
    options: RequestOptions = {},
  ): Promise<z.output<S>> {
    const { body } = await this.#rawJson(path, options, method, payload);
    return parse(schema, body, path);
  }

  /**
   * Downloads a file body (event attachments). Reads at most `maxBytes`: a larger body (by
   * `Content-Length` or while streaming) is cancelled and reported with `tooLarge`.
   */
  async download(
    path: string,
    options: RequestOptions & {
      maxBytes: number;
      /** decides from the headers whether to read the body at all */
      accept?: (meta: { contentType?: string; filename?: string; size?: number }) => boolean;
    },
  ): Promise<Download> {
    const url = new URL(`${options.baseUrl ?? this.baseUrl}${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value === undefined || value === null) continue;
      for (const item of Array.isArray(value) ? value : [value])
        url.searchParams.append(key, String(item));
    }
    const timeout = AbortSignal.timeout(this.#timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await withUpstreamSpan("GET", url, () =>
        this.#fetch(url, {
          signal,
          headers: { Authorization: `Bearer ${this.#token}`, "User-Agent": this.#userAgent },
        }),
      );
    } catch (error) {
      throw transportError(error, url, options.signal, timeout);
    }
    if (!response.ok) {
      const raw = await response.text();
      throw ApiError.fromStatus(response.status, errorDetail(raw));
    }
    const declared = Number(response.headers.get("content-length"));
    const size = Number.isFinite(declared) && declared >= 0 ? declared : undefined;
    const meta = {
      contentType: response.headers.get("content-type") ?? undefined,
      filename: filenameOf(response.headers.get("content-disposition")),
    };
    if (size !== undefined && size > options.maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      return { ...meta, size, tooLarge: true };
    }
    if (options.accept && !options.accept({ ...meta, size })) {
      await response.body?.cancel().catch(() => undefined);
      return { ...meta, size, tooLarge: false, skipped: true };
    }
    const chunks: Uint8Array[] = [];
    let read = 0;
    try {
      for await (const chunk of response.body ?? []) {
        read += chunk.length;
        if (read > options.maxBytes) {
          await response.body?.cancel().catch(() => undefined);
          return { ...meta, size, tooLarge: true };
        }
        chunks.push(chunk);
      }
    } catch (error) {
      throw transportError(error, url, options.signal, timeout);
    }
    return { ...meta, size: size ?? read, tooLarge: false, bytes: Buffer.concat(chunks) };
  }

  async #rawJson(
    path: string,
    options: RequestOptions,
    method = "GET",
    payload?: unknown,
  ): Promise<{ body: unknown; headers: Headers; status: number }> {
    const url = new URL(`${options.baseUrl ?? this.baseUrl}${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value === undefined || value === null || value === "") continue;
      for (const item of Array.isArray(value) ? value : [value])
        url.searchParams.append(key, String(item));
    }
    const timeout = AbortSignal.timeout(this.#timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await withUpstreamSpan(method, url, () =>
        this.#fetch(url, {
          method,
          signal,
          headers: {
            Authorization: `Bearer ${this.#token}`,
            "User-Agent": this.#userAgent,
            Accept: "application/json",
            ...(payload === undefined ? {} : { "Content-Type": "application/json" }),
          },
          body: payload === undefined ? undefined : JSON.stringify(payload),
        }),
      );
    } catch (error) {
      throw transportError(error, url, options.signal, timeout);
    }
    const raw = await response.text();
    if (!response.ok) {
      const retryAfter = Number(response.headers.get("retry-after"));
      throw ApiError.fromStatus(
        response.status,
        errorDetail(raw),
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      );
    }
    if (raw === "") return { body: null, headers: response.headers, status: response.status };
    try {
      return { body: JSON.parse(raw), headers: response.headers, status: response.status };
    } catch {
      throw new ApiError(
        "upstream",
        response.status,
        `Sentry returned a response that is not JSON for ${url.pathname}`,
      );
    }
  }
}

function transportError(
  error: unknown,
  url: URL,
  caller: AbortSignal | undefined,
  timeout: AbortSignal,
): ApiError {
  if (caller?.aborted) return new ApiError("upstream", 0, "The request was cancelled.");
  if (timeout.aborted)
    return new ApiError("upstream", 0, `Sentry at ${url.host} did not answer in time.`);
  const cause =
    (error as { cause?: { code?: string } })?.cause?.code ??
    (error as Error)?.message ??
    "network error";
  return new ApiError("upstream", 0, `Could not reach Sentry at ${url.host} (${cause}).`);
}

function parse<S extends z.ZodType>(schema: S, body: unknown, path: string): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? issue.path.join(".") : "(root)";
  throw new ApiError(
    "upstream",
    200,
    `Sentry returned an unexpected response for ${path.split("?")[0]}: ${where}: ${issue?.message ?? "invalid"}`,
  );
}

/** Sentry errors are `{"detail": "..."}`, or a field → messages map for validation errors. */
export function errorDetail(raw: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    const textBody = raw
      .replace(/<[^>]*>/g, " ")
      .replace(/\s+/g, " ")
      .trim();
    return textBody ? textBody.slice(0, 200) : undefined;
  }
  if (typeof body === "string") return body;
  if (body && typeof body === "object") {
    const detail = (body as { detail?: unknown }).detail;
    if (typeof detail === "string") return detail;
    if (
      detail &&
      typeof detail === "object" &&
      typeof (detail as { message?: unknown }).message === "string"
    )
      return (detail as { message: string }).message;
    const parts = Object.entries(body as Record<string, unknown>).map(
      ([field, messages]) =>
        `${field}: ${Array.isArray(messages) ? messages.join(" ") : String(messages)}`,
    );
    return parts.length ? parts.join("; ") : undefined;
  }
  return undefined;
}

/** The next cursor from a Sentry `Link` header, only when `results="true"`. */
export function nextCursor(link: string | null): string | undefined {
  if (!link) return undefined;
  for (const part of link.split(/,\s*(?=<)/)) {
    if (/rel="next"/.test(part) && /results="true"/.test(part)) {
      return /cursor="([^"]+)"/.exec(part)?.[1];
    }
  }
  return undefined;
}

function allowedRegion(regionUrl: string | undefined): string | undefined {
  if (!regionUrl) return undefined;
  try {
    const url = new URL(regionUrl);
    if (url.protocol === "https:" && isSentrySaas(url.hostname) && !url.username && !url.password) {
      return url.origin;
    }
  } catch {
    // fall through: an unparsable region is ignored
  }
  return undefined;
}
