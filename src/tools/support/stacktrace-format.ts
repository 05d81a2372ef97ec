import { codeBlock, inlineCode, text, truncate } from "../../format/markdown.js";
import type { ExceptionValue, Frame, ThreadsData } from "./event-entries.js";

const MAX_VAR_LENGTH = 120;
const MAX_VARS = 10;

export interface FrameOptions {
  /** every frame on its own line (no collapsing of library frames) */
  showAll?: boolean;
  maxFrames?: number;
  /** variables of every frame that has them, not just the crash frame and last app frame */
  allVars?: boolean;
}

function frameLocation(frame: Frame): string {
  const file = frame.filename ?? frame.absPath ?? frame.module ?? frame.package;
  const line =
    frame.lineNo != null ? `:${frame.lineNo}${frame.colNo != null ? `:${frame.colNo}` : ""}` : "";
  const where = file ? `${file}${line}` : undefined;
  if (!frame.function) return where ?? "frame without a location";
  return where ? `${where} in ${frame.function}` : frame.function;
}

function contextLines(frame: Frame): string[] {
  return (frame.context ?? []).map(
    ([line, code]) =>
      `${line === frame.lineNo ? ">" : " "} ${String(line).padStart(5)} | ${code ?? ""}`,
  );
}

function formatVars(vars: Record<string, unknown>): string[] {
  const entries = Object.entries(vars);
  const lines = entries.slice(0, MAX_VARS).map(([name, value]) => {
    const rendered = typeof value === "string" ? value : JSON.stringify(value);
    return `    ${truncate(name, 60)} = ${truncate(String(rendered ?? "null"), MAX_VAR_LENGTH)}`;
  });
  if (entries.length > MAX_VARS) lines.push(`    … ${entries.length - MAX_VARS} more variables`);
  return lines;
}

/**
 * Renders frames as text, oldest call first and the crashing frame last. In-app frames show
 * their source context; runs of library frames collapse into one line unless `showAll`.
 * Variables: the crash frame and the innermost in-app frame (every frame with `allVars`).
 */
export function formatFrames(frames: Frame[], options: FrameOptions = {}): string {
  const max = options.maxFrames ?? (options.showAll ? 200 : 30);
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
  const lastApp = shown.findLastIndex((f) => f.inApp);
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
    const wantVars = options.allVars || isCrash || index === lastApp;
    if (wantVars && frame.vars && Object.keys(frame.vars).length) {
      lines.push("  locals:", ...formatVars(frame.vars));
    }
  });
  flush();
  return lines.join("\n");
}

/** A value on several lines (a SQL error, a validation report) reads as a block of its own. */
function multiLineValue(exc: ExceptionValue): string | undefined {
  const value = exc.value?.trim();
  return value && /[\r\n]/.test(value) ? value : undefined;
}

function exceptionHead(exc: ExceptionValue): string {
  const head = multiLineValue(exc)
    ? (exc.type ?? "Error")
    : `${exc.type ?? "Error"}: ${exc.value ?? ""}`.trim().replace(/:$/, "");
  const handled =
    exc.mechanism?.handled === false
      ? "unhandled"
      : exc.mechanism?.handled === true
        ? "handled"
        : undefined;
  const mech = [exc.mechanism?.type && text(exc.mechanism.type), handled]
    .filter(Boolean)
    .join(", ");
  return `${inlineCode(truncate(head, 500))}${mech ? ` (${mech})` : ""}`;
}

/** One exception: type and value, mechanism, then its frames in a code block. */
export function formatException(exc: ExceptionValue, options: FrameOptions = {}): string {
  const frames = exc.stacktrace?.frames ?? [];
  const value = multiLineValue(exc);
  return [
    `**Exception**: ${exceptionHead(exc)}`,
    ...(value ? [codeBlock(truncate(value, 2000))] : []),
    frames.length ? codeBlock(formatFrames(frames, options)) : "No stack frames recorded.",
  ].join("\n");
}

/**
 * The exception chain: Sentry lists values oldest-first, so the last one is what was raised;
 * earlier ones are its causes.
 */
export function formatExceptionChain(values: ExceptionValue[], options: FrameOptions = {}): string {
  if (values.length === 0) return "";
  return [...values]
    .reverse()
    .map((exc, i) =>
      i === 0 ? formatException(exc, options) : `Caused by:\n${formatException(exc, options)}`,
    )
    .join("\n\n");
}

type Thread = NonNullable<ThreadsData["values"]>[number];

export function threadLabel(thread: Thread): string {
  const name = thread.name ? inlineCode(truncate(thread.name, 100)) : "(unnamed)";
  const flags = [thread.crashed ? "crashed" : undefined, thread.current ? "current" : undefined]
    .filter(Boolean)
    .join(", ");
  const id =
    typeof thread.id === "number" ? `${thread.id} ` : thread.id ? `${inlineCode(thread.id)} ` : "";
  return `${id}${name}${flags ? ` (${flags})` : ""}`;
}

/** The thread Sentry shows by default: crashed, else the first with frames, else the first. */
export function defaultThread(threads: Thread[]): Thread | undefined {
  return (
    threads.find((t) => t.crashed) ??
    threads.find((t) => (t.stacktrace?.frames?.length ?? 0) > 0) ??
    threads[0]
  );
}

/** Every thread with its frames (threads without a stack trace listed by name). */
export function formatThreads(threads: Thread[], options: FrameOptions = {}): string[] {
  const out: string[] = [];
  for (const thread of threads) {
    const frames = thread.stacktrace?.frames ?? [];
    out.push(`### Thread ${threadLabel(thread)}`, "");
    out.push(frames.length ? codeBlock(formatFrames(frames, options)) : "No stack trace.", "");
  }
  return out;
}
