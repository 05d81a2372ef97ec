/**
 * Seed: hand-written traces anchored on issue events. Each trace reuses the trace id (and the
 * active span id) of the newest event of an issue, so get_issue_details -> trace links resolve.
 */

import type { SpanRecord } from "./explore-types.js";
import { buildTrace, db, middleware, PROJECT_IDS as P, repeated } from "./trace-builder.js";
import { dashboardTrace, mobileTrace, reportsTrace } from "./traces-more.js";
import type { EventRecord } from "./types.js";
import { hexId } from "./util.js";

export interface Anchor {
  traceId: string;
  spanId: string;
  timeMs: number;
  release: string | null;
  environment: string;
}

/** The trace context of an issue's newest stored event. */
export function anchorOf(events: EventRecord[], issueId: string): Anchor {
  const newest = events
    .filter((e) => e.groupID === issueId)
    .sort((a, b) => b.dateCreated.localeCompare(a.dateCreated))[0];
  const trace = (newest?.contexts.trace ?? {}) as { trace_id?: string; span_id?: string };
  return {
    traceId: trace.trace_id ?? hexId(`${issueId}:orphan-trace`),
    spanId: trace.span_id ?? hexId(`${issueId}:orphan-span`, 16),
    timeMs: newest ? Date.parse(newest.dateCreated) : 0,
    release: newest?.release ?? null,
    environment: newest?.tags.find((t) => t.key === "environment")?.value ?? "production",
  };
}

const N1_QUERY =
  'SELECT "orders_lineitem"."id", "orders_lineitem"."sku", "orders_lineitem"."qty" FROM "orders_lineitem" WHERE "orders_lineitem"."order_id" = %s';
const SLOW_QUERY =
  'SELECT date_trunc(\'day\', "billing_payment"."created_at") AS "day", SUM("billing_payment"."amount_minor") FROM "billing_payment" WHERE "billing_payment"."tenant_id" = %s GROUP BY 1 ORDER BY 1';

/** PAYMENTS-1: a checkout click that fails because the acquirer answers 502. */
function checkoutTrace(a: Anchor): SpanRecord[] {
  const start = a.timeMs - 2300;
  return buildTrace(
    {
      key: "trace:checkout",
      traceId: a.traceId,
      startMs: start,
      environment: a.environment,
      releases: {
        [P.frontend]: "frontend@5.9.1",
        [P.backend]: "backend@2.14.0",
        [P.payments]: a.release,
      },
    },
    {
      op: "ui.action.click",
      desc: "/checkout",
      segment: "/checkout",
      project: P.frontend,
      at: 0,
      dur: 2520,
      status: "internal_error",
      children: [
        {
          op: "http.client",
          desc: "POST https://api.acme.example/api/v2/checkout/",
          at: 12,
          dur: 2490,
          status: "internal_error",
          attrs: {
            "http.method": "POST",
            "http.status_code": 502,
            "server.address": "api.acme.example",
          },
          children: [
            {
              op: "http.server",
              desc: "POST /api/v2/checkout/",
              segment: "POST /api/v2/checkout/",
              project: P.backend,
              at: 20,
              dur: 2470,
              status: "internal_error",
              attrs: { "http.method": "POST", "http.status_code": 502 },
              children: [
                ...middleware(22),
                db(
                  'SELECT "orders_cart".* FROM "orders_cart" WHERE "orders_cart"."id" = %s',
                  30,
                  4,
                ),
                ...repeated(6, 36, () =>
                  db(
                    'SELECT "inventory_stock".* FROM "inventory_stock" WHERE "inventory_stock"."sku" = %s FOR UPDATE',
                    0,
                    3,
                  ),
                ),
                {
                  op: "cache.get",
                  desc: "cart:totals:c_1842",
                  at: 62,
                  dur: 1,
                  attrs: { "cache.hit": false },
                },
                {
                  op: "http.client",
                  desc: "POST https://pay.acme.example/v1/charges",
                  at: 80,
                  dur: 2380,
                  status: "internal_error",
                  attrs: {
                    "http.method": "POST",
                    "http.status_code": 502,
                    "server.address": "pay.acme.example",
                  },
                  children: [
                    {
                      op: "http.server",
                      desc: "POST /v1/charges",
                      segment: "POST /v1/charges",
                      project: P.payments,
                      id: a.spanId,
                      at: 90,
                      dur: 2360,
                      status: "internal_error",
                      attrs: { "http.method": "POST", "http.status_code": 502 },
                      children: [
                        db(
                          "INSERT INTO charges (id, amount_minor, currency, status) VALUES ($1, $2, $3, $4)",
                          95,
                          6,
                        ),
                        {
                          op: "http.client",
                          desc: "POST https://api.northbank.example/v2/acquire",
                          at: 105,
                          dur: 2000,
                          status: "internal_error",
                          attrs: {
                            "http.method": "POST",
                            "http.status_code": 502,
                            "server.address": "api.northbank.example",
                          },
                        },
                        {
                          op: "http.client",
                          desc: "POST https://api.northbank.example/v2/acquire",
                          at: 2110,
                          dur: 240,
                          status: "internal_error",
                          attrs: {
                            "http.method": "POST",
                            "http.status_code": 502,
                            "server.address": "api.northbank.example",
                          },
                        },
                        db("UPDATE charges SET status = $1 WHERE id = $2", 2360, 5),
                      ],
                    },
                  ],
                },
                db("ROLLBACK", 2470, 2),
              ],
            },
          ],
        },
      ],
    },
  );
}

/** BACKEND-1C: the orders page and its N+1 queries. */
function ordersTrace(a: Anchor): SpanRecord[] {
  return buildTrace(
    {
      key: "trace:orders",
      traceId: a.traceId,
      startMs: a.timeMs - 310,
      environment: a.environment,
      releases: { [P.frontend]: "frontend@5.9.1", [P.backend]: a.release },
    },
    {
      op: "pageload",
      desc: "/orders",
      segment: "/orders",
      project: P.frontend,
      at: 0,
      dur: 1650,
      vitals: { lcp: 1480, fcp: 620, cls: 0.02, ttfb: 180 },
      children: [
        { op: "browser", desc: "domContentLoadedEvent", at: 150, dur: 40 },
        {
          op: "resource.script",
          desc: "https://static.acme.example/assets/orders.3f2a1c.js",
          at: 60,
          dur: 210,
          attrs: { "http.response_content_length": 184_220 },
        },
        {
          op: "http.client",
          desc: "GET https://api.acme.example/api/v2/orders/?page=2&status=open",
          at: 300,
          dur: 830,
          attrs: { "http.method": "GET", "http.status_code": 200 },
          children: [
            {
              op: "http.server",
              desc: "GET /api/v2/orders/",
              segment: "GET /api/v2/orders/",
              project: P.backend,
              id: a.spanId,
              at: 310,
              dur: 812,
              profileId: hexId("profile:orders"),
              attrs: { "http.method": "GET", "http.status_code": 200 },
              children: [
                ...middleware(312),
                db('SELECT "orders_order".* FROM "orders_order" LIMIT 50', 316, 11),
                ...repeated(12, 330, () => db(N1_QUERY, 0, 6)),
                { op: "serialize", desc: "OrderSerializer.to_representation", at: 420, dur: 690 },
              ],
            },
          ],
        },
      ],
    },
  );
}

/** BACKEND-1D: one slow aggregate query. */
function revenueTrace(a: Anchor): SpanRecord[] {
  return buildTrace(
    {
      key: "trace:revenue",
      traceId: a.traceId,
      startMs: a.timeMs - 40,
      environment: a.environment,
      releases: { [P.backend]: a.release },
    },
    {
      op: "http.server",
      desc: "GET /api/v2/reports/revenue/",
      project: P.backend,
      id: a.spanId,
      at: 0,
      dur: 3120,
      attrs: { "http.method": "GET", "http.status_code": 200 },
      children: [
        ...middleware(2),
        db(SLOW_QUERY, 40, 2874),
        { op: "cache.set", desc: "reports:revenue:t_88", at: 2920, dur: 3 },
      ],
    },
  );
}

/** BACKEND-1A: the database refuses connections while an order is fulfilled. */
function fulfilTrace(a: Anchor): SpanRecord[] {
  return buildTrace(
    {
      key: "trace:fulfil",
      traceId: a.traceId,
      startMs: a.timeMs - 5010,
      environment: a.environment,
      releases: { [P.backend]: a.release },
    },
    {
      op: "http.server",
      desc: "POST /api/v2/orders/{order_id}/fulfil/",
      project: P.backend,
      at: 0,
      dur: 5030,
      status: "internal_error",
      attrs: { "http.method": "POST", "http.status_code": 500 },
      children: [
        ...middleware(1),
        {
          op: "function",
          desc: "orders.services.fulfil_order",
          at: 5,
          dur: 5020,
          status: "internal_error",
          children: [
            db("connect", 6, 5004, "internal_error"),
            { ...db("connect", 5012, 1, "internal_error"), id: a.spanId },
          ],
        },
      ],
    },
  );
}

export interface AnchoredTraces {
  spans: SpanRecord[];
  /** trace id of each hand-written trace by name, for tests and logs */
  ids: Record<string, string>;
}

export function seedAnchoredTraces(events: EventRecord[]): AnchoredTraces {
  const build: Array<[string, string, (a: Anchor) => SpanRecord[]]> = [
    ["checkout", "6100000401", checkoutTrace],
    ["orders", "6100000103", ordersTrace],
    ["revenue", "6100000104", revenueTrace],
    ["fulfil", "6100000101", fulfilTrace],
    ["dashboard", "6100000201", dashboardTrace],
    ["mobile", "6100000301", mobileTrace],
    ["reports", "6100000106", reportsTrace],
  ];
  const spans: SpanRecord[] = [];
  const ids: Record<string, string> = {};
  for (const [name, issueId, make] of build) {
    const anchor = anchorOf(events, issueId);
    if (anchor.timeMs === 0) continue;
    ids[name] = anchor.traceId;
    spans.push(...make(anchor));
  }
  return { spans, ids };
}
