/** Builds the `entries` of generated events: exception, message, breadcrumbs, request. */

import type {
  BreadcrumbSpec,
  EventSpec,
  ExceptionSpec,
  FrameSpec,
  RequestSpec,
} from "./seed-types.js";
import type { JsonObject } from "./types.js";

function contextLines(frame: FrameSpec): Array<[number, string]> {
  if (!frame.code) return [];
  const mid = Math.floor(frame.code.length / 2);
  return frame.code.map((code, k): [number, string] => [frame.line - mid + k, code]);
}

function buildFrame(frame: FrameSpec): JsonObject {
  return {
    filename: frame.file,
    absPath: frame.absPath ?? frame.file,
    module: frame.module,
    package: null,
    platform: null,
    instructionAddr: null,
    symbolAddr: null,
    function: frame.fn,
    rawFunction: null,
    symbol: null,
    context: contextLines(frame),
    lineNo: frame.line,
    colNo: frame.col ?? null,
    inApp: frame.inApp,
    trust: null,
    errors: null,
    lock: null,
    sourceLink: null,
    vars: frame.vars ?? null,
  };
}

function exceptionEntry(specs: ExceptionSpec[], python: boolean): JsonObject {
  const last = specs.length - 1;
  const values = specs.map((exc, k): JsonObject => {
    const exceptionId = last - k;
    const mechanism: JsonObject =
      exceptionId === 0
        ? { type: exc.mechanism ?? "generic", handled: exc.handled }
        : {
            type: "chained",
            handled: exc.handled,
            source: python ? "__cause__" : "cause",
            exception_id: exceptionId,
            parent_id: exceptionId - 1,
          };
    if (exceptionId === 0 && last > 0) mechanism.exception_id = 0;
    const stack =
      exc.frames === null
        ? null
        : {
            frames: exc.frames.map(buildFrame),
            framesOmitted: null,
            registers: null,
            hasSystemFrames: exc.frames.some((f) => !f.inApp),
          };
    return {
      type: exc.type,
      value: exc.value,
      module: exc.module ?? null,
      mechanism,
      threadId: null,
      stacktrace: stack,
      rawStacktrace: null,
    };
  });
  const hasSystemFrames = specs.some((e) => e.frames?.some((f) => !f.inApp) ?? false);
  return { type: "exception", data: { values, hasSystemFrames, excOmitted: null } };
}

function breadcrumbEntry(crumbs: BreadcrumbSpec[], tsMs: number): JsonObject {
  const values = [...crumbs]
    .sort((a, b) => b.secondsBefore - a.secondsBefore)
    .map(
      (c): JsonObject => ({
        timestamp: new Date(tsMs - c.secondsBefore * 1000).toISOString(),
        type: c.type,
        category: c.category,
        level: c.level,
        message: c.message,
        data: c.data ?? null,
        event_id: null,
      }),
    );
  return { type: "breadcrumbs", data: { values } };
}

function requestEntry(req: RequestSpec): JsonObject {
  return {
    type: "request",
    data: {
      apiTarget: null,
      method: req.method,
      url: req.url,
      query: req.query ?? [],
      fragment: null,
      data: req.data === undefined ? null : req.data,
      headers: req.headers ?? [],
      cookies: req.cookies ?? [],
      env: null,
      inferredContentType: req.data && typeof req.data === "object" ? "application/json" : null,
    },
  };
}

export function firstInAppFile(spec: EventSpec): string | null {
  const frames = spec.exceptions?.at(-1)?.frames ?? [];
  const inApp = [...frames].reverse().find((f) => f.inApp);
  return inApp?.file ?? null;
}

export function entriesFor(spec: EventSpec, tsMs: number, python: boolean): JsonObject[] {
  const entries: JsonObject[] = [];
  if (spec.exceptions && spec.exceptions.length > 0)
    entries.push(exceptionEntry(spec.exceptions, python));
  if (spec.message !== undefined) {
    entries.push({ type: "message", data: { formatted: spec.message, message: spec.message } });
  }
  entries.push(...(spec.extraEntries ?? []));
  if (spec.breadcrumbs) entries.push(breadcrumbEntry(spec.breadcrumbs, tsMs));
  if (spec.request) entries.push(requestEntry(spec.request));
  return entries;
}
