/** Seed: hand-written traces of the web and mobile apps and of a task far too large to list. */

import type { SpanRecord } from "./explore-types.js";
import { buildTrace, db, middleware, PROJECT_IDS as P, type SpanNode } from "./trace-builder.js";
import type { Anchor } from "./traces.js";
import { hexId, prng } from "./util.js";

/** FRONTEND-2A: the dashboard pageload where a chart tooltip throws. */
export function dashboardTrace(a: Anchor): SpanRecord[] {
  return buildTrace(
    {
      key: "trace:dashboard",
      traceId: a.traceId,
      startMs: a.timeMs - 1900,
      environment: a.environment,
      releases: { [P.frontend]: a.release, [P.backend]: "backend@2.14.0" },
    },
    {
      op: "pageload",
      desc: "/dashboard",
      project: P.frontend,
      at: 0,
      dur: 2400,
      status: "internal_error",
      vitals: { lcp: 2310, fcp: 910, cls: 0.18, ttfb: 240, inp: 310 },
      children: [
        {
          op: "resource.script",
          desc: "https://static.acme.example/assets/vendor.91bc2e.js",
          at: 40,
          dur: 520,
        },
        {
          op: "resource.css",
          desc: "https://static.acme.example/assets/dashboard.77aa01.css",
          at: 45,
          dur: 130,
        },
        {
          op: "http.client",
          desc: "GET https://api.acme.example/api/v2/dashboard/summary",
          at: 700,
          dur: 420,
          attrs: { "http.method": "GET", "http.status_code": 200 },
          children: [
            {
              op: "http.server",
              desc: "GET /api/v2/dashboard/summary",
              segment: "GET /api/v2/dashboard/summary",
              project: P.backend,
              at: 710,
              dur: 400,
              children: [
                ...middleware(711),
                {
                  op: "cache.get",
                  desc: "dashboard:summary:acct_0042",
                  at: 716,
                  dur: 2,
                  attrs: { "cache.hit": false },
                },
                db(
                  'SELECT COUNT(*) FROM "orders_order" WHERE "orders_order"."account_id" = %s',
                  720,
                  210,
                ),
                db(
                  'SELECT SUM("billing_payment"."amount_minor") FROM "billing_payment" WHERE "billing_payment"."account_id" = %s',
                  935,
                  160,
                ),
              ],
            },
          ],
        },
        {
          op: "ui.react.render",
          desc: "ChartTooltip",
          at: 1880,
          dur: 35,
          status: "internal_error",
          id: a.spanId,
        },
      ],
    },
  );
}

/** MOBILE-APP-3: a cold start into checkout that crashes. */
export function mobileTrace(a: Anchor): SpanRecord[] {
  return buildTrace(
    {
      key: "trace:mobile",
      traceId: a.traceId,
      startMs: a.timeMs - 1700,
      environment: a.environment,
      releases: { [P.mobile]: a.release, [P.backend]: "backend@2.14.0" },
    },
    {
      op: "ui.load",
      desc: "CheckoutActivity",
      project: P.mobile,
      at: 0,
      dur: 1760,
      status: "internal_error",
      vitals: { app_start_cold: 1210, time_to_initial_display: 1380 },
      profileId: hexId("profile:mobile-checkout"),
      children: [
        { op: "app.start.cold", desc: "Cold Start", at: 0, dur: 1210 },
        {
          op: "ui.load.initial_display",
          desc: "CheckoutActivity initial display",
          at: 1210,
          dur: 170,
        },
        {
          op: "http.client",
          desc: "GET https://api.acme.example/api/v2/cart/",
          at: 1250,
          dur: 260,
          attrs: { "http.method": "GET", "http.status_code": 200 },
          children: [
            {
              op: "http.server",
              desc: "GET /api/v2/cart/",
              segment: "GET /api/v2/cart/",
              project: P.backend,
              at: 1262,
              dur: 236,
              children: [
                ...middleware(1263),
                db(
                  'SELECT "orders_cart".* FROM "orders_cart" WHERE "orders_cart"."user_id" = %s',
                  1268,
                  9,
                ),
              ],
            },
          ],
        },
        {
          op: "ui.load",
          desc: "CheckoutFragment.onViewCreated",
          at: 1700,
          dur: 58,
          status: "internal_error",
          id: a.spanId,
        },
      ],
    },
  );
}

/**
 * BACKEND-1F: the monthly report task that hits its soft time limit. One segment with 400
 * account renders of five spans each: a trace far larger than any response may be.
 */
export function reportsTrace(a: Anchor): SpanRecord[] {
  const rand = prng("trace:reports");
  const accounts = 400;
  const children: SpanNode[] = [];
  let t = 20;
  for (let k = 0; k < accounts; k++) {
    const acct = `acct_${String(k + 1).padStart(4, "0")}`;
    const q1 = 8 + Math.round(rand() * 40);
    const q2 = 5 + Math.round(rand() * 30);
    const put = 60 + Math.round(rand() * 500);
    const dur = q1 + q2 + put + 6;
    children.push({
      op: "function",
      desc: `reports.render_account(${acct})`,
      at: t,
      dur,
      status: k === accounts - 1 ? "deadline_exceeded" : "ok",
      id: k === accounts - 1 ? a.spanId : undefined,
      children: [
        db(
          'SELECT "billing_invoice".* FROM "billing_invoice" WHERE "billing_invoice"."account_id" = %s',
          t + 1,
          q1,
        ),
        db(
          'SELECT "billing_payment".* FROM "billing_payment" WHERE "billing_payment"."account_id" = %s',
          t + 2 + q1,
          q2,
        ),
        {
          op: "cache.get",
          desc: `report:${acct}`,
          at: t + 3 + q1 + q2,
          dur: 1,
          attrs: { "cache.hit": false },
        },
        {
          op: "http.client",
          desc: `PUT https://s3.acme.example/reports/2026-10/${acct}.pdf`,
          at: t + 4 + q1 + q2,
          dur: put,
          attrs: { "http.method": "PUT", "http.status_code": 200 },
        },
      ],
    });
    t += dur + 2;
  }
  return buildTrace(
    {
      key: "trace:reports",
      traceId: a.traceId,
      startMs: a.timeMs - t,
      environment: a.environment,
      releases: { [P.backend]: a.release },
    },
    {
      op: "queue.task.celery",
      desc: "reports.generate_monthly",
      project: P.backend,
      at: 0,
      dur: t + 5,
      status: "deadline_exceeded",
      attrs: { "messaging.system": "celery", "messaging.destination.name": "reports" },
      children,
    },
  );
}
