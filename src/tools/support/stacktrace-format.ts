import { codeBlock, inlineCode, truncate } from "../../format/markdown.js";
import type { ExceptionValue, Frame } from "./event-entries.js";

const MAX_VAR_LENGTH = 120;
const MAX_VARS = 10;

function frameLocation(frame: Frame): string {
  const file = frame.filename ?? frame.absPath ?? frame.module ?? frame.package ?? "<unknown>";
  const line =
    frame.lineNo != null ? `:${frame.lineNo}${frame.colNo != null ? `:${frame.colNo}` : ""}` : "";
  return `${file}${line} in ${frame.function ?? "?"}`;
}

function contextLines(frame: Frame): string[] {
  return (frame.context ?? []).map(
    ([line, code]) =>
      `${line === frame.lineNo ? ">" : " "} ${String(line).padStart(5)} | ${code ?? ""}`,
  );
}

function formatVars(vars: Record<string, unknown>): string[] {
  return Object.entries(vars)
    .slice(0, MAX_VARS)
    .map(([name, value]) => {
      const rendered = typeof value === "string" ? value : JSON.stringify(value);
      return `  ${name} = ${truncate(String(rendered ?? "null"), MAX_VAR_LENGTH)}`;
    });
}

/**
 * Renders frames as text (most recent call last). In-app frames show context lines; runs of
 * library frames collapse into one line unless `showAll`. Variables only for the crashing frame.
 */
export function formatFrames(
  frames: Frame[],
  options: { showAll?: boolean; maxFrames?: number } = {},
): string {
  const max = options.maxFrames ?? 30;
  const hasInApp = frames.some((f) => f.inApp);
  const lines: string[] = [];
  let collapsed: Frame[] = [];
  const flush = () => {
    if (collapsed.length === 0) return;
    const modules = [
      ...new Set(collapsed.map((f) => f.module ?? f.package ?? f.filename).filter(Boolean)),
    ].slice(0, 3);
    lines.push(
      `  … ${collapsed.length} library frame${collapsed.length > 1 ? "s" : ""}${modules.length ? ` (${modules.join(", ")})` : ""}`,
    );
    collapsed = [];
  };
  const shown = frames.length > max ? frames.slice(-max) : frames;
  if (frames.length > max) lines.push(`  … ${frames.length - max} older frames omitted`);
  shown.forEach((frame, index) => {
    const isCrash = index === shown.length - 1;
    const interesting = options.showAll || !hasInApp || frame.inApp || isCrash;
    if (!interesting) {
      collapsed.push(frame);
      return;
    }
    flush();
    lines.push(`${frame.inApp ? "[app] " : "      "}${frameLocation(frame)}`);
    if (frame.inApp || !hasInApp || isCrash) lines.push(...contextLines(frame));
    if (isCrash && frame.vars && Object.keys(frame.vars).length) {
      lines.push("  locals:", ...formatVars(frame.vars));
    }
  });
  flush();
  return lines.join("\n");
}

/** One exception: type and value, mechanism, then its frames in a code block. */
export function formatException(exc: ExceptionValue, options: { showAll?: boolean } = {}): string {
  const head = `${exc.type ?? "Error"}: ${exc.value ?? ""}`.trim();
  const handled =
    exc.mechanism?.handled === false
      ? "unhandled"
      : exc.mechanism?.handled === true
        ? "handled"
        : undefined;
  const mech = [exc.mechanism?.type, handled].filter(Boolean).join(", ");
  const frames = exc.stacktrace?.frames ?? [];
  const parts = [`**Exception**: ${inlineCode(truncate(head, 500))}${mech ? ` (${mech})` : ""}`];
  parts.push(
    frames.length ? codeBlock(formatFrames(frames, options)) : "No stack frames recorded.",
  );
  return parts.join("\n");
}

/**
 * The exception chain: Sentry lists values oldest-first, so the last one is what was raised;
 * earlier ones are its causes.
 */
export function formatExceptionChain(
  values: ExceptionValue[],
  options: { showAll?: boolean } = {},
): string {
  if (values.length === 0) return "";
  const ordered = [...values].reverse();
  return ordered
    .map((exc, i) =>
      i === 0 ? formatException(exc, options) : `Caused by:\n${formatException(exc, options)}`,
    )
    .join("\n\n");
}
