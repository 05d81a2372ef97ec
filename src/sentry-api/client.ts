import type { z } from "zod";
import { ApiError, UserInputError } from "../errors.js";
import { withUpstreamSpan } from "../telemetry/index.js";
import { createNodeFetch } from "./node-fetch.js";
import { takesProjectFilter, withPinnedProject } from "./project-pin.js";
import {
  bookRetryWait,
  callerSignal,
  callRegion,
  DEFAULT_RETRY_POLICY,
  parseRetryAfter,
  type RetryPolicy,
  retryDelay,
  sleep,
} from "./retry.js";
import {
  afterRetries,
  type Download,
  type DownloadMeta,
  deadline,
  errorDetail,
  nextCursor,
  readDownload,
  readText,
  transportError,
  type UpstreamFetch,
  type UpstreamResponse,
} from "./transport.js";

export type { Query, QueryValue } from "./query.js";
export {
  type Download,
  type DownloadMeta,
  errorDetail,
  nextCursor,
  type UpstreamFetch,
} from "./transport.js";

import type { Query } from "./query.js";

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

export interface SentryClientOptions {
  /** Origin of the Sentry instance, e.g. `https://sentry.io` or `http://127.0.0.1:8765`. */
  baseUrl: string;
  accessToken: string;
  userAgent: string;
  timeoutMs?: number;
  /** Default: a `createNodeFetch()` of its own (keep-alive node:http, no undici). */
  fetch?: UpstreamFetch;
  /**
   * Time a GET may spend on retries (429/502/503/504, connection errors), waits included;
   * 0 turns retries off. Default 10 s. Writes are never retried.
   */
  retryBudgetMs?: number;
  /** Backoff and `Retry-After` bounds (tests shorten them). */
  retry?: Partial<Omit<RetryPolicy, "budgetMs">>;
  /** Largest JSON answer read; a bigger one is an error, not an out-of-memory. Default 32 MB. */
  maxResponseBytes?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

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
  readonly #fetch: UpstreamFetch;
  readonly #regions = new Map<string, Promise<string>>();
  readonly #retry: RetryPolicy;
  readonly #maxBytes: number;
  #pinnedProject?: () => Promise<string>;

  constructor(options: SentryClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.#token = options.accessToken;
    this.#userAgent = options.userAgent;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#fetch = options.fetch ?? createNodeFetch();
    const budgetMs = options.retryBudgetMs ?? DEFAULT_RETRY_POLICY.budgetMs;
    // A small budget (tests) scales the backoff down with it.
    this.#retry = {
      budgetMs,
      baseDelayMs: Math.min(DEFAULT_RETRY_POLICY.baseDelayMs, Math.max(1, budgetMs / 10)),
      maxRetryAfterMs: Math.min(DEFAULT_RETRY_POLICY.maxRetryAfterMs, budgetMs),
      ...options.retry,
    };
    this.#maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
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
    const hinted = callRegion(org);
    if (hinted) return Promise.resolve(hinted);
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

  /**
   * A caller's `regionUrl` as an API origin, or an input error naming the field: it must be
   * this client's own origin, or, when the client talks to sentry.io, an https sentry.io host.
   * The token is never sent anywhere else.
   */
  checkRegionUrl(regionUrl: string): string {
    let url: URL | undefined;
    try {
      url = new URL(regionUrl);
    } catch {
      url = undefined;
    }
    if (url && !url.username && !url.password) {
      if (url.origin === this.baseUrl) return url.origin;
      if (isSentrySaas(new URL(this.baseUrl).hostname) && allowedRegion(url.href))
        return url.origin;
    }
    throw new UserInputError(
      `Invalid regionUrl ${JSON.stringify(regionUrl)}: expected ${isSentrySaas(new URL(this.baseUrl).hostname) ? "an https://*.sentry.io URL" : `${this.baseUrl} (this server's Sentry host)`}, or null.`,
    );
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
      accept?: (meta: DownloadMeta) => boolean;
    },
  ): Promise<Download> {
    const url = this.#url(path, options, false);
    const caller = callerSignal(options.signal);
    const { response, timer } = await this.#withRetries("GET", caller, async () => {
      const timer = deadline(this.#timeoutMs, caller);
      const signal = timer.signal;
      let response: UpstreamResponse;
      try {
        response = await withUpstreamSpan("GET", url, () =>
          this.#fetch(url, {
            signal,
            headers: { Authorization: `Bearer ${this.#token}`, "User-Agent": this.#userAgent },
          }),
        );
      } catch (error) {
        timer.clear();
        throw transportError(error, url, caller, timer.signal);
      }
      if (!response.ok) {
        const raw = await readText(response, 64 * 1024, url).catch(() => "");
        timer.clear();
        throw this.#statusError(response, raw);
      }
      return { response, timer };
    });
    try {
      return await readDownload(response, url, options, caller, timer.signal);
    } finally {
      timer.clear();
    }
  }

  #url(path: string, options: RequestOptions, skipEmpty: boolean): URL {
    // An id of "." or ".." would be resolved away by URL parsing and send the request (a
    // DELETE too) to a parent endpoint: refuse it before anything is sent.
    const dots = path
      .split("?")[0]
      .split("/")
      .find((segment) => /^(\.|%2e){1,2}$/i.test(segment));
    if (dots !== undefined) {
      throw new UserInputError(
        `${JSON.stringify(decodeURIComponent(dots))} is not a valid ID, slug or name here.`,
      );
    }
    const url = new URL(`${options.baseUrl ?? this.baseUrl}${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value === undefined || value === null || (skipEmpty && value === "")) continue;
      for (const item of Array.isArray(value) ? value : [value])
        url.searchParams.append(key, String(item));
    }
    return url;
  }

  /**
   * Runs one request attempt, again after a jittered backoff while it fails in a way worth
   * retrying, the method is GET and the retry budget allows (see ./retry.ts).
   */
  async #withRetries<T>(
    method: string,
    caller: AbortSignal | undefined,
    attempt: () => Promise<T>,
  ): Promise<T> {
    const started = Date.now();
    for (let n = 0; ; n++) {
      try {
        return await attempt();
      } catch (error) {
        const wait =
          method === "GET" && !caller?.aborted
            ? retryDelay(error, n, Date.now() - started, this.#retry)
            : undefined;
        if (wait === undefined || !bookRetryWait(wait, this.#retry.budgetMs)) {
          throw n > 0 ? afterRetries(error, n + 1) : error;
        }
        await sleep(wait, caller);
      }
    }
  }

  #statusError(response: UpstreamResponse, raw: string): ApiError {
    return ApiError.fromStatus(
      response.status,
      this.#redactOptional(errorDetail(raw)),
      parseRetryAfter(response.headers.get("retry-after")),
    );
  }

  /** Our own token never comes back in a message or an answer, even when a server echoes it. */
  redact(value: string): string {
    if (this.#token.length < 8 || !value.includes(this.#token)) return value;
    return value.replaceAll(this.#token, "[redacted]");
  }

  #redactOptional(value: string | undefined): string | undefined {
    return value === undefined ? value : this.redact(value);
  }

  /**
   * Pins the session to one project: organization-level queries that take Sentry's `project`
   * filter carry this id (resolved on first use; a failed lookup fails those requests).
   */
  pinProject(resolveId: () => Promise<string>): void {
    let id: Promise<string> | undefined;
    this.#pinnedProject = () => {
      id ??= resolveId().catch((error) => {
        id = undefined;
        throw error;
      });
      return id;
    };
  }

  async #scoped(path: string, options: RequestOptions, method: string): Promise<RequestOptions> {
    if (!this.#pinnedProject || method !== "GET" || !takesProjectFilter(path)) return options;
    return { ...options, query: withPinnedProject(options.query, await this.#pinnedProject()) };
  }

  async #rawJson(
    path: string,
    unscoped: RequestOptions,
    method = "GET",
    payload?: unknown,
  ): Promise<{ body: unknown; headers: UpstreamResponse["headers"]; status: number }> {
    const options = await this.#scoped(path, unscoped, method);
    const url = this.#url(path, options, true);
    const caller = callerSignal(options.signal);
    return this.#withRetries(method, caller, () => this.#attemptJson(url, method, payload, caller));
  }

  async #attemptJson(
    url: URL,
    method: string,
    payload: unknown,
    caller: AbortSignal | undefined,
  ): Promise<{ body: unknown; headers: UpstreamResponse["headers"]; status: number }> {
    // One signal: the caller's cancellation or our deadline (transportError tells them apart).
    const timer = deadline(this.#timeoutMs, caller);
    const signal = timer.signal;
    let response: UpstreamResponse;
    let raw: string;
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
      raw = await readText(response, this.#maxBytes, url);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw transportError(error, url, caller, signal);
    } finally {
      timer.clear();
    }
    if (!response.ok) throw this.#statusError(response, raw);
    if (raw === "") return { body: null, headers: response.headers, status: response.status };
    try {
      return { body: JSON.parse(raw), headers: response.headers, status: response.status };
    } catch {
      const html = /html/i.test(response.headers.get("content-type") ?? "") || /^\s*</.test(raw);
      throw new ApiError(
        "upstream",
        response.status,
        `Sentry returned an unexpected response for ${url.pathname}: ${
          html
            ? "an HTML page instead of JSON (a proxy, VPN or login page may be in the way)"
            : "invalid JSON (the answer may have been cut off)"
        }.`,
      );
    }
  }
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
