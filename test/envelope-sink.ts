/**
 * A local stand-in for Sentry's ingest: an HTTP server on 127.0.0.1 whose address is used as
 * the DSN host. It keeps every envelope the real SDK sends (gunzipping when compressed) and
 * parses it: one JSON header line, then items of a JSON header line plus a payload that is
 * either `length` bytes or runs to the next newline.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync, inflateSync } from "node:zlib";

export interface EnvelopeItem {
  header: { type: string; length?: number; [key: string]: unknown };
  payload: unknown;
}

export interface Envelope {
  header: Record<string, unknown>;
  items: EnvelopeItem[];
  /** The decompressed request body, for byte-level canary checks. */
  raw: Buffer;
}

/** Span JSON as found in a transaction (the root span is `contexts.trace`). */
export interface SpanRecord {
  op?: string;
  description?: string;
  span_id: string;
  parent_span_id?: string;
  trace_id: string;
  status?: string;
  data: Record<string, unknown>;
}

export interface TransactionEvent {
  transaction: string;
  contexts: { trace: SpanRecord };
  spans: SpanRecord[];
  tags?: Record<string, string>;
}

export interface ErrorEvent {
  event_id: string;
  exception?: { values: Array<{ type?: string; value?: string }> };
  contexts?: { trace?: { trace_id: string; span_id: string } };
  tags?: Record<string, string>;
}

/** A span sent on its own (`span` item, version 2), as the SDK does for gen_ai spans. */
interface StreamedSpan {
  trace_id: string;
  span_id: string;
  parent_span_id?: string;
  name: string;
  status?: string;
  attributes?: Record<string, { value: unknown }>;
}

function fromStreamedSpan(span: StreamedSpan): SpanRecord {
  const data = Object.fromEntries(
    Object.entries(span.attributes ?? {}).map(([key, attr]) => [key, attr.value]),
  );
  return {
    op: typeof data["sentry.op"] === "string" ? data["sentry.op"] : undefined,
    description: span.name,
    span_id: span.span_id,
    parent_span_id: span.parent_span_id,
    trace_id: span.trace_id,
    status: span.status,
    data,
  };
}

export function parseEnvelope(body: Buffer): Envelope {
  let offset = 0;
  const line = (): Buffer => {
    const end = body.indexOf(0x0a, offset);
    const stop = end === -1 ? body.length : end;
    const chunk = body.subarray(offset, stop);
    offset = stop + 1;
    return chunk;
  };
  const header = JSON.parse(line().toString("utf8")) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  while (offset < body.length) {
    const headerLine = line();
    if (headerLine.length === 0) continue;
    const itemHeader = JSON.parse(headerLine.toString("utf8")) as EnvelopeItem["header"];
    let payloadBytes: Buffer;
    if (typeof itemHeader.length === "number") {
      payloadBytes = body.subarray(offset, offset + itemHeader.length);
      offset += itemHeader.length;
      if (body[offset] === 0x0a) offset += 1;
    } else {
      payloadBytes = line();
    }
    const text = payloadBytes.toString("utf8");
    let payload: unknown = text;
    try {
      payload = JSON.parse(text);
    } catch {
      // attachments and other binary payloads stay as text
    }
    items.push({ header: itemHeader, payload });
  }
  return { header, items, raw: body };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

export interface EnvelopeSink {
  /** `http://publickey@127.0.0.1:PORT/1` */
  dsn: string;
  envelopes: Envelope[];
  /** Payloads of every item of one type (`event`, `transaction`, `log`, ...). */
  items<T = unknown>(type: string): T[];
  transactions(): TransactionEvent[];
  errors(): ErrorEvent[];
  /**
   * Every span of every transaction, the root spans included (named via `description`), and
   * spans sent on their own (`span` items: the SDK streams gen_ai spans that way).
   */
  spans(): SpanRecord[];
  /** All envelope bytes received so far (decompressed), for "appears nowhere" checks. */
  allBytes(): Buffer;
  waitFor(predicate: () => boolean, timeoutMs?: number): Promise<void>;
  reset(): void;
  close(): Promise<void>;
}

export async function startEnvelopeSink(): Promise<EnvelopeSink> {
  const envelopes: Envelope[] = [];
  const server = createServer(async (req, res) => {
    try {
      let body = await readBody(req);
      const encoding = String(req.headers["content-encoding"] ?? "").toLowerCase();
      if (encoding === "gzip") body = gunzipSync(body);
      else if (encoding === "deflate") body = inflateSync(body);
      if (
        req.method === "POST" &&
        /\/envelope\/?$/.test(new URL(req.url ?? "/", "http://x").pathname)
      ) {
        envelopes.push(parseEnvelope(body));
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    } catch (error) {
      res.writeHead(400);
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const items = <T>(type: string): T[] =>
    envelopes.flatMap((e) =>
      e.items.filter((i) => i.header.type === type).map((i) => i.payload as T),
    );
  const transactions = () => items<TransactionEvent>("transaction");
  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    envelopes,
    items,
    transactions,
    errors: () => items<ErrorEvent>("event"),
    spans: () => [
      ...transactions().flatMap((t) => [
        { ...t.contexts.trace, description: t.transaction, data: t.contexts.trace.data ?? {} },
        ...t.spans,
      ]),
      ...items<{ items?: StreamedSpan[] }>("span").flatMap((batch) =>
        (batch.items ?? []).map(fromStreamedSpan),
      ),
    ],
    allBytes: () => Buffer.concat(envelopes.map((e) => e.raw)),
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate()) {
        if (Date.now() > deadline)
          throw new Error(`envelope sink: condition not met in ${timeoutMs}ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    reset() {
      envelopes.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
