/**
 * Transport helpers of the Sentry API client: bounded body reads, error bodies, transport
 * failures, pagination headers.
 */

import { setMaxListeners } from "node:events";
import { ApiError } from "../errors.js";
import { cancelledError, markRetryable } from "./retry.js";

/**
 * What the client sends and reads over HTTP: the subset of `fetch` it uses. The platform's
 * `fetch` fits it, and so does `createNodeFetch` (node-fetch.ts), which the client uses by
 * default because it does not load undici (docs/benchmarks.md, "first call").
 */
export type UpstreamFetch = (url: URL, init: UpstreamInit) => Promise<UpstreamResponse>;

export interface UpstreamInit {
  method?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  body?: string;
}

export interface UpstreamResponse {
  readonly ok: boolean;
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  readonly body: UpstreamBody | null;
}

export interface UpstreamBody {
  getReader(): UpstreamReader;
  cancel(reason?: unknown): Promise<void>;
}

export interface UpstreamReader {
  read(): Promise<{ done: boolean; value?: Uint8Array }>;
  cancel(reason?: unknown): Promise<void>;
}

/** What the headers of a download say, for `accept`. */
export interface DownloadMeta {
  contentType?: string;
  filename?: string;
  size?: number;
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
export function filenameOf(header: string | null): string | undefined {
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

/** The final error after several attempts says so. */
export function afterRetries(error: unknown, attempts: number): unknown {
  if (!(error instanceof ApiError)) return error;
  const note = (text: string) =>
    text.endsWith(".")
      ? `${text.slice(0, -1)} (tried ${attempts} times).`
      : `${text} (tried ${attempts} times)`;
  return new ApiError(
    error.kind,
    error.status,
    note(error.message),
    error.detail === undefined ? undefined : note(error.detail),
    error.retryAfterSeconds,
  );
}

/** The body as text, at most `max` bytes; a bigger body is cancelled and reported. */
export async function readText(response: UpstreamResponse, max: number, url: URL): Promise<string> {
  const tooLarge = () =>
    new ApiError(
      "upstream",
      response.status,
      `Sentry returned an unexpected response for ${url.pathname}: larger than ${Math.round(max / 1024 / 1024)} MB.`,
    );
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done || !value) break;
    read += value.byteLength;
    if (read > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/**
 * A timeout that can be cleared, folded into one signal with the caller's (when given): it
 * aborts with a `TimeoutError` after `ms`, or with the caller's reason when the caller aborts.
 * `AbortSignal.timeout` keeps its timer (and the request's signals) alive for the whole timeout
 * even after the answer came, which under load holds tens of thousands of them in memory; and
 * `AbortSignal.any` costs about 25 µs per request on Node 20, a listener a fifth of that.
 */
export function deadline(ms: number, caller?: AbortSignal): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException("The request timed out.", "TimeoutError")),
    ms,
  );
  timer.unref?.();
  if (!caller) return { signal: controller.signal, clear: () => clearTimeout(timer) };
  // A tool's parallel requests each listen to its one signal (every listener goes at `clear`):
  // more than 10 is not a leak, so Node is told not to warn about it.
  setMaxListeners(0, caller);
  const onAbort = () => controller.abort(caller.reason);
  if (caller.aborted) onAbort();
  else caller.addEventListener("abort", onAbort, { once: true });
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer);
      caller.removeEventListener("abort", onAbort);
    },
  };
}

/** Words for the usual socket error codes of Node and undici. */
const TRANSPORT_CODES: Record<string, string> = {
  ECONNRESET: "connection reset",
  ECONNREFUSED: "connection refused",
  UND_ERR_SOCKET: "connection closed",
  UND_ERR_CLOSED: "connection closed",
  EPIPE: "connection closed",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "DNS lookup failed",
  ETIMEDOUT: "connection timed out",
  UND_ERR_CONNECT_TIMEOUT: "connection timed out",
  EHOSTUNREACH: "host unreachable",
  CERT_HAS_EXPIRED: "TLS certificate expired",
};

export function transportError(
  error: unknown,
  url: URL,
  caller: AbortSignal | undefined,
  timeout: AbortSignal,
): ApiError {
  if (caller?.aborted) return cancelledError();
  if (timeout.aborted)
    return new ApiError("upstream", 0, `Sentry at ${url.host} did not answer in time.`);
  const code = (error as { cause?: { code?: string } })?.cause?.code;
  const cause = code
    ? `${TRANSPORT_CODES[code] ?? "network error"}: ${code}`
    : ((error as Error)?.message ?? "network error");
  return markRetryable(
    new ApiError("upstream", 0, `Could not reach Sentry at ${url.host} (${cause}).`),
  );
}

/** Sentry errors are `{"detail": "..."}`, or a field → messages map for validation errors. */
export function errorDetail(raw: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    // An HTML error page (a gateway, a login wall): its title says it best.
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(raw)?.[1]?.replace(/\s+/g, " ").trim();
    const textBody = (title || raw)
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
      .replace(/<[^>]*>/g, " ")
      .replace(/\s+/g, " ")
      .trim();
    if (!textBody) return undefined;
    return /^\s*</.test(raw) ? `${textBody.slice(0, 200)} (an HTML page)` : textBody.slice(0, 200);
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
    const parts = fieldMessages("", body);
    return parts.length ? parts.join("; ") : undefined;
  }
  return undefined;
}

/** Flattens `{"statusDetails": {"inNextRelease": ["..."]}}` to `statusDetails.inNextRelease: ...`. */
function fieldMessages(prefix: string, value: unknown): string[] {
  if (Array.isArray(value) && value.every((v) => typeof v !== "object" || v === null)) {
    return [`${prefix}: ${value.join(" ")}`];
  }
  if (value && typeof value === "object") {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, v]) =>
      fieldMessages(prefix ? `${prefix}.${key}` : key, v),
    );
  }
  return [`${prefix}: ${String(value)}`];
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

/** Reads a download's body up to `maxBytes` after the `accept` check (SentryClient.download). */
export async function readDownload(
  response: UpstreamResponse,
  url: URL,
  options: { maxBytes: number; accept?: (meta: DownloadMeta) => boolean },
  caller: AbortSignal | undefined,
  timeout: AbortSignal,
): Promise<Download> {
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
  const reader = response.body?.getReader();
  try {
    for (;;) {
      const { done, value } = reader ? await reader.read() : { done: true };
      if (done || !value) break;
      read += value.length;
      if (read > options.maxBytes) {
        await reader?.cancel().catch(() => undefined);
        return { ...meta, size, tooLarge: true };
      }
      chunks.push(value);
    }
  } catch (error) {
    throw transportError(error, url, caller, timeout);
  }
  return { ...meta, size: size ?? read, tooLarge: false, bytes: Buffer.concat(chunks) };
}
