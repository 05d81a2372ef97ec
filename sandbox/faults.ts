/**
 * Fault injection for the sandbox: per route and per test, answers go wrong the ways a real
 * Sentry (or the proxies in front of it) can go wrong. Tests use `sandbox.faults.set(...)`;
 * another process uses `POST /__sandbox/faults` when the sandbox runs with `{ admin: true }`.
 */

import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context, Hono, MiddlewareHandler } from "hono";

export const FAULT_KINDS = [
  "status",
  "rate-limit",
  "slow",
  "reset",
  "truncated",
  "html",
  "wrong-shape",
  "huge",
  "missing-fields",
  "echo",
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultSpec {
  /** Which request paths: a RegExp, or a glob (`*` within a segment, `**` across segments). */
  path: RegExp | string;
  /** Only this HTTP method (any when absent). */
  method?: string;
  kind: FaultKind;
  /**
   * `status`: the status to answer (default 500); `html`: default 200; `echo`: 200 reflects
   * the request's Authorization header into the answer's texts, any other status into an error.
   */
  status?: number;
  /** `rate-limit` (default "1") or any error: the `Retry-After` header, seconds or an HTTP date. */
  retryAfter?: number | string;
  /** How many matching requests get the fault; unlimited when absent. */
  times?: number;
  /** `slow`: the delay before the real answer (default 1000); other kinds: a delay first. */
  delayMs?: number;
  /** `huge`: arrays are repeated up to this many items (default 500). */
  items?: number;
}

/** A request that met a fault; `aborted` when the client went away while it was held. */
export interface FaultHit {
  method: string;
  path: string;
  /** raw query string without the leading "?" */
  query: string;
  kind: FaultKind;
  aborted: boolean;
}

interface Rule {
  spec: FaultSpec;
  pattern: RegExp;
  remaining: number;
}

/** `**` → any characters, `*` → any characters but `/`; everything else literal. */
export function globToRegExp(glob: string): RegExp {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "*" && glob[i + 1] === "*") {
      out += ".*";
      i++;
    } else if (c === "*") out += "[^/]*";
    else out += c.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${out}$`);
}

const HUGE_PADDING = "x".repeat(1_000_000);

export class FaultController {
  #rules: Rule[] = [];
  /** every faulted request, in order */
  readonly hits: FaultHit[] = [];

  /** Replaces all faults with these. */
  set(...specs: FaultSpec[]): void {
    this.#rules = [];
    for (const spec of specs) this.add(spec);
  }

  /** Adds a fault; the first matching rule with requests left wins. */
  add(spec: FaultSpec): void {
    if (!FAULT_KINDS.includes(spec.kind)) throw new Error(`unknown fault kind ${spec.kind}`);
    const pattern = typeof spec.path === "string" ? globToRegExp(spec.path) : spec.path;
    this.#rules.push({ spec, pattern, remaining: spec.times ?? Number.POSITIVE_INFINITY });
  }

  clear(): void {
    this.#rules = [];
    this.hits.length = 0;
  }

  /** The active faults (for the admin route). */
  list(): Array<FaultSpec & { remaining: number | null }> {
    return this.#rules.map((r) => ({
      ...r.spec,
      path: String(r.spec.path),
      remaining: Number.isFinite(r.remaining) ? r.remaining : null,
    }));
  }

  /** Takes one use of the first rule matching the request, if any. */
  take(method: string, path: string): FaultSpec | undefined {
    for (const rule of this.#rules) {
      if (rule.remaining <= 0) continue;
      if (rule.spec.method && rule.spec.method.toUpperCase() !== method.toUpperCase()) continue;
      if (!rule.pattern.test(path)) continue;
      rule.remaining--;
      return rule.spec;
    }
    return undefined;
  }

  /** Hono middleware applying the faults; mount it before everything but request logging. */
  middleware(): MiddlewareHandler {
    return async (c, next) => {
      const url = new URL(c.req.url);
      const path = url.pathname;
      if (path.startsWith("/__sandbox/")) return next();
      const spec = this.take(c.req.method, path);
      if (!spec) return next();
      const query = url.search.replace(/^\?/, "");
      const hit: FaultHit = { method: c.req.method, path, query, kind: spec.kind, aborted: false };
      this.hits.push(hit);
      const delay = spec.delayMs ?? (spec.kind === "slow" ? 1_000 : 0);
      if (delay > 0 && !(await holdFor(c, delay))) {
        hit.aborted = true;
        return new Response(null, { status: 499 });
      }
      return applyFault(c, spec, next);
    };
  }
}

function nodeEnv(c: Context): { incoming?: IncomingMessage; outgoing?: ServerResponse } {
  return (c.env ?? {}) as { incoming?: IncomingMessage; outgoing?: ServerResponse };
}

/** Waits `ms`; false when the client closed the connection meanwhile. */
function holdFor(c: Context, ms: number): Promise<boolean> {
  const signal = c.req.raw.signal;
  const outgoing = nodeEnv(c).outgoing;
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      outgoing?.off("close", onAbort);
      resolve(ok);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    if (signal?.aborted) return done(false);
    signal?.addEventListener("abort", onAbort);
    outgoing?.on("close", onAbort);
  });
}

function retryAfterHeader(spec: FaultSpec, fallback?: string): Record<string, string> {
  const value = spec.retryAfter ?? fallback;
  return value === undefined ? {} : { "Retry-After": String(value) };
}

const GATEWAY_PAGE = (status: number) =>
  `<!DOCTYPE html>\n<html><head><title>${status} Bad Gateway</title></head><body><center><h1>${status} Bad Gateway</h1></center><hr><center>nginx</center></body></html>\n`;

const LOGIN_PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in · Corporate SSO</title>
<script>window.location = "/login";</script></head>
<body><form method="post"><input name="user"><input name="password" type="password"></form></body></html>
`;

async function applyFault(
  c: Context,
  spec: FaultSpec,
  next: () => Promise<void>,
): Promise<Response | undefined> {
  switch (spec.kind) {
    case "slow":
      await next();
      return undefined;
    case "status": {
      const status = spec.status ?? 500;
      const headers = retryAfterHeader(spec);
      if (status >= 502 && status <= 504) {
        return new Response(GATEWAY_PAGE(status), {
          status,
          headers: { "Content-Type": "text/html", ...headers },
        });
      }
      return Response.json({ detail: "Internal Error" }, { status, headers });
    }
    case "rate-limit":
      return Response.json(
        { detail: "Request was throttled. Expected available in 1 second." },
        { status: spec.status ?? 429, headers: retryAfterHeader(spec, "1") },
      );
    case "reset": {
      const { incoming } = nodeEnv(c);
      incoming?.socket?.destroy();
      // Nothing is written: the socket is gone. Answer something so Hono finishes cleanly.
      return new Response(null, { status: 499 });
    }
    case "echo": {
      const auth = c.req.header("authorization") ?? "";
      if ((spec.status ?? 400) !== 200) {
        return Response.json(
          { detail: `Bad request; you sent Authorization: ${auth}` },
          { status: spec.status ?? 400 },
        );
      }
      await next();
      const changed = await transformBody(c, spec, auth);
      c.res = undefined;
      c.res = changed;
      return undefined;
    }
    case "html":
      return new Response(LOGIN_PAGE, {
        status: spec.status ?? 200,
        headers: { "Content-Type": "text/html; charset=utf-8", ...retryAfterHeader(spec) },
      });
    default: {
      await next();
      const changed = await transformBody(c, spec);
      // Hono keeps c.res (merging its headers) over a returned response: replace it outright.
      c.res = undefined;
      c.res = changed;
      return undefined;
    }
  }
}

/** The faults that change a real answer: cut it, reshape it, inflate it, hollow it out. */
async function transformBody(c: Context, spec: FaultSpec, auth = ""): Promise<Response> {
  const original = c.res;
  const raw = await original.text();
  const headers = new Headers(original.headers);
  headers.delete("content-length");
  const answer = (body: string) =>
    new Response(body, { status: original.status, statusText: original.statusText, headers });
  if (spec.kind === "truncated") return answer(raw.slice(0, Math.floor(raw.length / 2)));
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return answer(raw);
  }
  if (spec.kind === "wrong-shape") {
    const reshaped = Array.isArray(body)
      ? { results: body }
      : body && typeof body === "object"
        ? [body]
        : {};
    return answer(JSON.stringify(reshaped));
  }
  if (spec.kind === "missing-fields") return answer(JSON.stringify(hollow(body)));
  if (spec.kind === "echo") return answer(JSON.stringify(reflect(body, auth)));
  return answer(JSON.stringify(inflate(body, spec.items ?? 500)));
}

/** Appends `secret` to every prose-like string (an upstream that reflects what it was sent). */
function reflect(value: unknown, secret: string): unknown {
  if (typeof value === "string") return /\s/.test(value) ? `${value} ${secret}` : value;
  if (Array.isArray(value)) return value.map((v) => reflect(v, secret));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, reflect(v, secret)]));
  }
  return value;
}

/** Keeps only `id` fields: every other field is missing. */
function hollow(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(hollow);
  if (value && typeof value === "object") {
    const id = (value as { id?: unknown }).id;
    return id === undefined ? {} : { id };
  }
  return value;
}

/**
 * Repeats arrays (to `items` at the top, 20 one level down) and prose-like strings (10 times,
 * up to 5,000 characters); pads the top object with 1 MB the client must read and drop.
 */
function inflate(value: unknown, items: number, depth = 0): unknown {
  if (typeof value === "string") {
    return /\s/.test(value) && value.length < 500 ? `${value} `.repeat(10).trim() : value;
  }
  if (Array.isArray(value)) {
    const target = depth === 0 ? items : depth === 1 ? Math.min(items, 20) : value.length;
    const out: unknown[] = [];
    for (let i = 0; value.length > 0 && out.length < Math.max(target, value.length); i++) {
      out.push(inflate(value[i % value.length], items, depth + 1));
    }
    return out;
  }
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = inflate(v, items, depth + 1);
    if (depth === 0) out._padding = HUGE_PADDING;
    return out;
  }
  return value;
}

/** The body of `POST /__sandbox/faults`: a path glob (`path`) or a regex source (`pathRegex`). */
export function specFromJson(input: unknown): FaultSpec {
  const body = (input ?? {}) as Record<string, unknown>;
  const kind = body.kind as FaultKind;
  if (!FAULT_KINDS.includes(kind)) {
    throw new Error(`kind must be one of ${FAULT_KINDS.join(", ")}`);
  }
  let path: RegExp | string;
  if (typeof body.pathRegex === "string") path = new RegExp(body.pathRegex);
  else if (typeof body.path === "string") path = body.path;
  else throw new Error("path (a glob) or pathRegex is required");
  const num = (key: string) => (typeof body[key] === "number" ? (body[key] as number) : undefined);
  return {
    path,
    kind,
    method: typeof body.method === "string" ? body.method : undefined,
    status: num("status"),
    retryAfter:
      typeof body.retryAfter === "string" || typeof body.retryAfter === "number"
        ? body.retryAfter
        : undefined,
    times: num("times"),
    delayMs: num("delayMs"),
    items: num("items"),
  };
}

/**
 * The admin routes (only mounted with `{ admin: true }`): `GET` lists faults and hits,
 * `POST` adds one (or `{"faults": [...]}` replaces all), `DELETE` clears them.
 */
export function registerFaultAdminRoutes(app: Hono, faults: FaultController): void {
  app.get("/__sandbox/faults", (c) => c.json({ faults: faults.list(), hits: faults.hits }));
  app.post("/__sandbox/faults", async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ detail: "body must be JSON" }, 400);
    }
    try {
      const many = (body as { faults?: unknown })?.faults;
      if (Array.isArray(many)) faults.set(...many.map(specFromJson));
      else faults.add(specFromJson(body));
    } catch (error) {
      return c.json({ detail: (error as Error).message }, 400);
    }
    return c.json({ faults: faults.list() }, 201);
  });
  app.delete("/__sandbox/faults", (c) => {
    faults.clear();
    return c.body(null, 204);
  });
}
