/**
 * Structured logs to stderr. stdout belongs to JSON-RPC in stdio mode, so nothing here ever
 * writes to it. Callers never pass tokens; `redact` is a last line of defence.
 */
type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Exact values (the configured access token, per-session tokens) that `redact` always removes. */
const secrets = new Set<string>();
const MAX_SECRETS = 256;

/** Registers a secret value to be removed from every log line and telemetry payload. */
export function addSecret(value: string | undefined): void {
  const secret = value?.trim();
  if (!secret || secret.length < 8 || secrets.has(secret)) return;
  if (secrets.size >= MAX_SECRETS) secrets.delete(secrets.values().next().value as string);
  secrets.add(secret);
}

/** Credential-shaped fields in JSON text, query strings and form bodies. */
const SECRET_JSON_FIELD =
  /"(authorization|proxy-authorization|cookie|set-cookie|x-api-key|api_?key|client_secret|refresh_token|access_token|id_token|password)"\s*:\s*"(?:[^"\\]|\\.)*"/gi;
const SECRET_PARAM =
  /\b(client_secret|refresh_token|access_token|id_token|code|code_verifier|token|password)=[^&\s"'#]+/gi;

export function redact(value: string): string {
  let out = value;
  for (const secret of secrets)
    if (out.includes(secret)) out = out.split(secret).join("[redacted]");
  return out
    .replace(/\b(sntry[su]_[A-Za-z0-9+/=_-]{8,})/g, "[redacted]")
    .replace(/\b(Bearer|Sentry-Bearer)\s+[^\s"']+/gi, "$1 [redacted]")
    .replace(/\bsk-[A-Za-z0-9_-]{8,}/g, "[redacted]")
    .replace(/\b[0-9a-f]{64}\b/g, "[redacted]")
    .replace(SECRET_JSON_FIELD, '"$1":"[redacted]"')
    .replace(SECRET_PARAM, "$1=[redacted]");
}

type LogListener = (level: Level, msg: string, fields: Record<string, unknown>) => void;
let logListener: LogListener | undefined;

/** Forwards every emitted log entry (after the level filter) to one listener, e.g. telemetry. */
export function onLog(listener: LogListener | undefined): void {
  logListener = listener;
}

export function createLogger(
  level: string | undefined,
  write: (line: string) => void = (l) => process.stderr.write(l),
) {
  const min = ORDER[(level as Level) ?? "info"] ?? ORDER.info;
  const log = (lvl: Level, msg: string, fields: Record<string, unknown> = {}) => {
    if (ORDER[lvl] < min) return;
    write(
      `${redact(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields }))}\n`,
    );
    logListener?.(lvl, msg, fields);
  };
  return {
    debug: (m: string, f?: Record<string, unknown>) => log("debug", m, f),
    info: (m: string, f?: Record<string, unknown>) => log("info", m, f),
    warn: (m: string, f?: Record<string, unknown>) => log("warn", m, f),
    error: (m: string, f?: Record<string, unknown>) => log("error", m, f),
  };
}
export type Logger = ReturnType<typeof createLogger>;
