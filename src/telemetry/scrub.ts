/**
 * Redaction for everything telemetry sends: events, transactions, breadcrumbs, span attributes
 * and logs. String contents go through `redact` from src/log.ts (token shapes plus the
 * registered secret values); object keys that name a credential lose their value entirely.
 */
import { redact } from "../log.js";

export const REDACTED = "[redacted]";
export const MAX_ATTRIBUTE_LENGTH = 256;
const MAX_ARGUMENTS = 32;
const MAX_DEPTH = 12;

/** A key whose value is a credential wherever it appears (headers, extra data, attributes). */
const SENSITIVE_KEY =
  /(^|[-_.\s])(authorization|cookie|set-cookie|x-api-key|api[-_]?key|client[-_]?secret|refresh[-_]?token|access[-_]?token|auth[-_]?token|id[-_]?token|code[-_]?verifier|password|passwd|secret|token)$/i;
/** Inside request data (query strings, form bodies) an OAuth `code` is a credential too. */
const SENSITIVE_REQUEST_KEY = /^(code|state)$/i;

/**
 * `redact`, also applied to the URL-decoded form: a query string carries `Bearer+abc` or
 * `Bearer%20abc`, which the plain patterns miss. When decoding reveals a secret, the decoded
 * and redacted text is kept.
 */
export function scrubString(value: string): string {
  const plain = redact(value);
  if (!/[%+]/.test(value)) return plain;
  let decoded: string;
  try {
    decoded = decodeURIComponent(plain.replace(/\+/g, " "));
  } catch {
    return plain;
  }
  const scrubbed = redact(decoded);
  return scrubbed === decoded ? plain : scrubbed;
}

export function isSensitiveKey(key: string): boolean {
  return SENSITIVE_KEY.test(key);
}

export function truncate(value: string, max = MAX_ATTRIBUTE_LENGTH): string {
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}

/** A deep copy with credentials removed; `inRequest` also treats OAuth `code`/`state` as secret. */
export function scrubValue(value: unknown, depth = 0, inRequest = false): unknown {
  if (typeof value === "string") return scrubString(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "[truncated]";
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1, inRequest));
  if (value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const sensitive = isSensitiveKey(key) || (inRequest && SENSITIVE_REQUEST_KEY.test(key));
    if (sensitive && item !== undefined && item !== null && item !== "") out[key] = REDACTED;
    else out[key] = scrubValue(item, depth + 1, inRequest || key === "request");
  }
  return out;
}

/** Scrubs a whole Sentry event or transaction (the SDK accepts the returned copy). */
export function scrubEvent<T>(event: T): T {
  return scrubValue(event) as T;
}

interface BreadcrumbLike {
  message?: string;
  data?: Record<string, unknown>;
}

export function scrubBreadcrumb<T extends BreadcrumbLike>(crumb: T): T {
  return scrubValue(crumb, 0, true) as T;
}

type AttributeValue = string | number | boolean | string[];

/** Span attributes: secrets removed, long strings cut; non-primitive values dropped. */
export function scrubAttributes(
  attributes: Record<string, unknown>,
): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null) continue;
    if (isSensitiveKey(key)) {
      out[key] = REDACTED;
    } else if (typeof value === "string") {
      out[key] = truncate(scrubString(value));
    } else if (typeof value === "number" || typeof value === "boolean") {
      out[key] = value;
    } else if (Array.isArray(value)) {
      out[key] = value
        .filter((v) => ["string", "number", "boolean"].includes(typeof v))
        .map((v) => truncate(scrubString(String(v))));
    } else {
      out[key] = truncate(scrubString(JSON.stringify(scrubValue(value)) ?? ""));
    }
  }
  return out;
}

/** `mcp.request.argument.<key>` attributes for a tool call's arguments. */
export function argumentAttributes(args: unknown): Record<string, string> {
  if (!args || typeof args !== "object" || Array.isArray(args)) return {};
  const out: Record<string, string> = {};
  let count = 0;
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined) continue;
    if (++count > MAX_ARGUMENTS) break;
    const safeKey = key.replace(/[^A-Za-z0-9_.-]/g, "_").slice(0, 64);
    const text = typeof value === "string" ? value : (JSON.stringify(scrubValue(value)) ?? "");
    out[`mcp.request.argument.${safeKey}`] = isSensitiveKey(key)
      ? REDACTED
      : truncate(scrubString(text));
  }
  return out;
}

interface LogLike {
  message: unknown;
  attributes?: Record<string, unknown>;
}

/** Sentry structured logs: message and attributes scrubbed. */
export function scrubLog<T extends LogLike>(log: T): T {
  const message = typeof log.message === "string" ? scrubString(log.message) : log.message;
  return {
    ...log,
    message,
    ...(log.attributes ? { attributes: scrubValue(log.attributes) } : {}),
  } as T;
}

/** Client-controlled names (tool names) used in span names: safe characters, bounded length. */
export function safeName(name: unknown): string {
  const text = typeof name === "string" ? name : String(name);
  return (
    scrubString(text)
      .replace(/[^A-Za-z0-9_.:/-]/g, "_")
      .slice(0, 64) || "unknown"
  );
}
