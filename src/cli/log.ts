/**
 * Structured logs to stderr. stdout belongs to JSON-RPC in stdio mode, so nothing here ever
 * writes to it. Callers never pass tokens; `redact` is a last line of defence.
 */
type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export function redact(value: string): string {
  return value
    .replace(/\b(sntry[su]_[A-Za-z0-9+/=_-]{8,})/g, "[redacted]")
    .replace(/\b(Bearer|Sentry-Bearer)\s+[^\s"']+/gi, "$1 [redacted]")
    .replace(/\bsk-[A-Za-z0-9_-]{8,}/g, "[redacted]");
}

export function createLogger(level: string | undefined, write: (line: string) => void = (l) => process.stderr.write(l)) {
  const min = ORDER[(level as Level) ?? "info"] ?? ORDER.info;
  const log = (lvl: Level, msg: string, fields: Record<string, unknown> = {}) => {
    if (ORDER[lvl] < min) return;
    write(`${redact(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields }))}\n`);
  };
  return {
    debug: (m: string, f?: Record<string, unknown>) => log("debug", m, f),
    info: (m: string, f?: Record<string, unknown>) => log("info", m, f),
    warn: (m: string, f?: Record<string, unknown>) => log("warn", m, f),
    error: (m: string, f?: Record<string, unknown>) => log("error", m, f),
  };
}
export type Logger = ReturnType<typeof createLogger>;
