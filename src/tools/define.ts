import type { z } from "zod";
import type {
  AnyTool,
  PassthroughResult,
  RawContentResult,
  StructuredResult,
  ToolCallResult,
  ToolSpec,
} from "./types.js";

/** Declares a tool. Adding a tool = its file, its test, one line in src/catalog/index.ts. */
export function defineTool<I extends z.ZodRawShape, O extends z.ZodType | undefined = undefined>(
  spec: ToolSpec<I, O>,
): AnyTool & ToolSpec<I, O> {
  return spec as AnyTool & ToolSpec<I, O>;
}

/**
 * Wraps a structured payload. The type comes from the handler's declared return (the tool's
 * outputSchema), not from the argument, so extra or missing fields in a literal are errors.
 */
export function structuredResult<T>(payload: NoInfer<T>): StructuredResult<T> {
  return { kind: "structured", payload };
}

export function rawContent(content: RawContentResult["content"]): RawContentResult {
  return { kind: "content", content };
}

export function isStructured(value: unknown): value is StructuredResult<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { kind?: unknown }).kind === "structured"
  );
}

export function isRawContent(value: unknown): value is RawContentResult {
  return (
    typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "content"
  );
}

export function passthrough(result: ToolCallResult): PassthroughResult {
  return { kind: "passthrough", result };
}

export function isPassthrough(value: unknown): value is PassthroughResult {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { kind?: unknown }).kind === "passthrough"
  );
}
