/**
 * Terminal output for `tools` and `call`: where text goes, light ANSI styling of markdown when
 * stdout is a terminal, and a progress line on stderr while a tool runs.
 */

import type { ToolCallResult } from "../tools/types.js";

export interface TerminalIO {
  stdout(text: string): void;
  stderr(text: string): void;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** false with NO_COLOR or when not a terminal */
  color: boolean;
}

export function processIO(env: NodeJS.ProcessEnv = process.env): TerminalIO {
  const stdoutIsTTY = process.stdout.isTTY === true;
  return {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    stdoutIsTTY,
    stderrIsTTY: process.stderr.isTTY === true,
    color: stdoutIsTTY && !env.NO_COLOR && env.TERM !== "dumb",
  };
}

const BOLD = "\x1b[1m";
const DIM = "\x1b[2m";
const CYAN = "\x1b[36m";
const UNDERLINE = "\x1b[4m";
const RESET = "\x1b[0m";

/** Styles one line of prose: **bold** and `code` spans. */
function styleInline(line: string): string {
  return line
    .replace(/(`+)(.+?)\1/g, (_m, _ticks, body: string) => `${CYAN}${body.trim()}${RESET}`)
    .replace(/\*\*(.+?)\*\*/g, `${BOLD}$1${RESET}`);
}

/**
 * Markdown for a terminal: headings bold, code spans cyan, fenced blocks dimmed. Without color
 * the markdown is returned as is (it reads fine, and pipes get the exact text).
 */
export function renderMarkdown(markdown: string, color: boolean): string {
  if (!color) return markdown;
  let fence: string | undefined;
  return markdown
    .split("\n")
    .map((line) => {
      const open = /^(`{3,})/.exec(line)?.[1];
      if (fence) {
        if (open && open.length >= fence.length && line.trim() === open) fence = undefined;
        return `${DIM}${line}${RESET}`;
      }
      if (open) {
        fence = open;
        return `${DIM}${line}${RESET}`;
      }
      const heading = /^(#{1,6})\s+(.*)$/.exec(line);
      if (heading) {
        const style = heading[1].length === 1 ? `${BOLD}${UNDERLINE}` : BOLD;
        return `${style}${heading[2].replace(/\*\*/g, "")}${RESET}`;
      }
      return styleInline(line);
    })
    .join("\n");
}

/** A tool result as a person reads it: markdown rendered, structured content indented. */
export function formatResult(result: ToolCallResult, color: boolean): string {
  if (result.structuredContent && !result.isError) {
    return `${JSON.stringify(result.structuredContent, null, 2)}\n`;
  }
  const parts = result.content.map((block) =>
    block.type === "text"
      ? renderMarkdown(block.text, color)
      : `[${block.type}: ${block.mimeType}, ${Math.floor((block.data.length * 3) / 4)} bytes]`,
  );
  const out = parts.join("\n\n");
  return out.endsWith("\n") ? out : `${out}\n`;
}

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

/**
 * A one-line spinner on stderr with the elapsed time and the tool's latest progress message.
 * Draws nothing when stderr is not a terminal, so logs and pipes stay clean.
 */
export function startSpinner(io: TerminalIO, label: string, intervalMs = 100) {
  const started = Date.now();
  let message = "";
  let frame = 0;
  let timer: NodeJS.Timeout | undefined;
  const draw = () => {
    const seconds = Math.floor((Date.now() - started) / 1000);
    const line = `${FRAMES[frame++ % FRAMES.length]} ${label} ${seconds}s${message ? ` · ${message}` : ""}`;
    io.stderr(`\r\x1b[2K${line.slice(0, 200)}`);
  };
  if (io.stderrIsTTY) {
    draw();
    timer = setInterval(draw, intervalMs);
    timer.unref();
  }
  return {
    update(progress: number, total?: number, text?: string): void {
      const fraction = total ? ` ${Math.round((progress / total) * 100)}%` : "";
      message = `${text ?? ""}${fraction}`.replace(/[\r\n\x1b]+/g, " ").trim();
      if (io.stderrIsTTY) draw();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      if (io.stderrIsTTY) io.stderr("\r\x1b[2K");
    },
  };
}
