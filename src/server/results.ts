import { stripInvisible } from "../format/markdown.js";
import { isPassthrough, isRawContent, isStructured } from "../tools/define.js";
import type { AnyTool, ToolCallResult } from "../tools/types.js";
import { budgetNote, cutText, fitToBudget } from "./fit.js";

/** Lone surrogates become U+FFFD; strict JSON clients (Codex) reject them otherwise. */
export function sanitizeText(value: string): string {
  return value.toWellFormed();
}

/**
 * Deep-sanitizes strings in a structured payload: well-formed, and without the invisible and
 * bidi control characters that could hide or reorder text (markdown gets the same treatment).
 */
export function sanitizeValue<T>(value: T): T {
  if (typeof value === "string") return sanitizeText(stripInvisible(value)) as T;
  if (Array.isArray(value)) return value.map(sanitizeValue) as T;
  if (value && typeof value === "object") {
    // Undefined fields are dropped here, as JSON on the wire would drop them.
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, sanitizeValue(v)]),
    ) as T;
  }
  return value;
}

/** Cuts a markdown answer to the response budget with a note saying how to get the rest. */
export function applyBudget(markdown: string, budget: number): string {
  if (markdown.length <= budget) return markdown;
  const note = `\n\n## Response Notes\n\n- Response cut at ${budget} characters (${markdown.length - budget} left out). Narrow the request (smaller limit, a query, a cursor) or use a detail tool for one item.`;
  const room = Math.max(0, budget - note.length);
  let cut = cutText(markdown, room);
  const lastBreak = cut.lastIndexOf("\n");
  if (lastBreak > room * 0.8) cut = cut.slice(0, lastBreak);
  // Close an open code fence so the note is not swallowed by it.
  const fences = cut.match(/^`{3,}/gm)?.length ?? 0;
  if (fences % 2 === 1) cut += "\n```";
  return `${cut}${note}`;
}

/** Converts a handler's return value into an MCP CallToolResult. */
export function toCallResult(tool: AnyTool, value: unknown, budget: number): ToolCallResult {
  if (isPassthrough(value)) return value.result;
  if (isStructured(value)) {
    const full = sanitizeValue(value.payload) as Record<string, unknown>;
    checkOutput(tool, full);
    const text = JSON.stringify(full);
    if (text.length <= budget)
      return { content: [{ type: "text", text }], structuredContent: full };
    // Over the budget: the biggest lists lose items from the end, then long texts their tails.
    const fitted = fitToBudget(full, Math.max(0, budget - NOTE_ROOM));
    const payload = wellFormedDeep(fitted.payload);
    const cuts = fitted.cuts;
    checkOutput(tool, payload);
    return {
      content: [
        { type: "text", text: JSON.stringify(payload) },
        { type: "text", text: budgetNote(budget, cuts) },
      ],
      structuredContent: payload,
    };
  }
  if (isRawContent(value)) {
    return {
      content: value.content.map((block) =>
        block.type === "text"
          ? { type: "text", text: applyBudget(sanitizeText(block.text), budget) }
          : block,
      ),
    };
  }
  if (typeof value === "string") {
    return { content: [{ type: "text", text: applyBudget(sanitizeText(value), budget) }] };
  }
  throw new Error(`${tool.name} returned an unsupported result`);
}

/** Room kept for the note beside a cut structured result. */
const NOTE_ROOM = 500;

function checkOutput(tool: AnyTool, payload: Record<string, unknown>): void {
  if (!tool.outputSchema) return;
  const check = tool.outputSchema.safeParse(payload);
  if (!check.success) {
    const issue = check.error.issues[0];
    throw new Error(
      `${tool.name} produced output that does not match its schema at ${issue?.path.join(".")}: ${issue?.message}`,
    );
  }
}

/**
 * The session's own token never reaches the model, even when an upstream answer reflected it
 * (`redact` is SentryClient.redact). Results without it are returned as they are.
 */
export function redactResult(
  result: ToolCallResult,
  secrets: { redact(value: string): string },
): ToolCallResult {
  let changed = false;
  const scrub = <T>(value: T): T => {
    if (typeof value === "string") {
      const clean = secrets.redact(value);
      if (clean !== value) changed = true;
      return clean as T;
    }
    if (Array.isArray(value)) return value.map(scrub) as T;
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v)])) as T;
    }
    return value;
  };
  const clean = scrub(result);
  return changed ? clean : result;
}

/** Every string in a value made well-formed (lone surrogates → U+FFFD); others unchanged. */
function wellFormedDeep<T>(value: T): T {
  if (typeof value === "string") return value.toWellFormed() as T;
  if (Array.isArray(value)) return value.map(wellFormedDeep) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wellFormedDeep(v)])) as T;
  }
  return value;
}

/**
 * The last step before a result leaves the server: every string in it, the markdown text and
 * every structuredContent value alike, is well-formed UTF-16. Whatever cut, redacted or joined
 * text before this point, no lone surrogate reaches a strict JSON client.
 */
export function finalizeResult(result: ToolCallResult): ToolCallResult {
  return wellFormedDeep(result);
}

export function errorResult(message: string): ToolCallResult {
  return {
    content: [{ type: "text", text: sanitizeText(stripInvisible(message)) }],
    isError: true,
  };
}
