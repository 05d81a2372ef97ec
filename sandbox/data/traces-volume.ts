/**
 * Seed: background traffic for the explore datasets: a week of ordinary transactions with
 * their logs, trace metrics and profiled function calls, generated from a fixed PRNG.
 */

import type { LogRecord, MetricRecord, ProfileCallRecord, SpanRecord } from "./explore-types.js";
import { buildTrace, PROJECT_IDS as P, type SpanNode } from "./trace-builder.js";
import { DAY, HOUR, hexId, prng } from "./util.js";

interface Endpoint {
  project: string;
  op: string;
  name: string;
  base: number;
  spread: number;
  children: (dur: number, rand: () => number) => SpanNode[];
  /** functions sampled when the transaction is profiled: [function, package, isApplication] */
  functions?: Array<[string, string, boolean]>;
}

const pg = (desc: string, at: number, dur: number): SpanNode => ({
  op: "db",
  desc,
  at,
  dur,
  attrs: { "db.system": "postgresql" },
});

const DJANGO: Array<[string, string, boolean]> = [
  ["django.db.models.query.QuerySet._fetch_all", "django", false],
  ["psycopg.cursor.Cursor.execute", "psycopg", false],
  ["json.encoder.JSONEncoder.iterencode", "json", false],
];

const ENDPOINTS: Endpoint[] = [
  {
    project: P.backend,
    op: "http.server",
    name: "GET /api/v2/orders/",
    base: 160,
    spread: 140,
    children: (d) => [
      pg('SELECT "orders_order".* FROM "orders_order" LIMIT 50', 4, Math.round(d * 0.1)),
      {
        op: "serialize",
        desc: "OrderSerializer.to_representation",
        at: 30,
        dur: Math.round(d * 0.6),
      },
    ],
    functions: [
      ["orders.serializers.OrderSerializer.to_representation", "orders", true],
      ...DJANGO,
    ],
  },
  {
    project: P.backend,
    op: "http.server",
    name: "POST /api/v2/checkout/",
    base: 380,
    spread: 260,
    children: (d) => [
      pg('SELECT "orders_cart".* FROM "orders_cart" WHERE "orders_cart"."id" = %s', 3, 4),
      { op: "cache.get", desc: "cart:totals", at: 9, dur: 1, attrs: { "cache.hit": true } },
      {
        op: "http.client",
        desc: "POST https://pay.acme.example/v1/charges",
        at: 14,
        dur: Math.round(d * 0.75),
        attrs: { "http.method": "POST", "http.status_code": 200 },
      },
    ],
    functions: [["orders.services.checkout", "orders", true], ...DJANGO],
  },
  {
    project: P.backend,
    op: "http.server",
    name: "GET /api/v2/products/",
    base: 60,
    spread: 60,
    children: (d) => [
      {
        op: "cache.get",
        desc: "products:catalog:v3",
        at: 2,
        dur: 1,
        attrs: { "cache.hit": d < 90 },
      },
      pg(
        'SELECT "catalog_product".* FROM "catalog_product" WHERE "catalog_product"."active"',
        5,
        Math.round(d * 0.4),
      ),
    ],
  },
  {
    project: P.backend,
    op: "http.server",
    name: "GET /api/v2/dashboard/summary",
    base: 220,
    spread: 180,
    children: (d) => [
      pg(
        'SELECT COUNT(*) FROM "orders_order" WHERE "orders_order"."account_id" = %s',
        4,
        Math.round(d * 0.45),
      ),
      pg(
        'SELECT SUM("billing_payment"."amount_minor") FROM "billing_payment" WHERE "billing_payment"."account_id" = %s',
        10 + Math.round(d * 0.45),
        Math.round(d * 0.35),
      ),
    ],
    functions: [["dashboard.summary.build_summary", "dashboard", true], ...DJANGO],
  },
  {
    project: P.payments,
    op: "http.server",
    name: "POST /v1/charges",
    base: 300,
    spread: 400,
    children: (d) => [
      pg("INSERT INTO charges (id, amount_minor, currency, status) VALUES ($1, $2, $3, $4)", 3, 5),
      {
        op: "http.client",
        desc: "POST https://api.northbank.example/v2/acquire",
        at: 12,
        dur: Math.round(d * 0.8),
        attrs: {
          "http.method": "POST",
          "http.status_code": 200,
          "server.address": "api.northbank.example",
        },
      },
    ],
  },
  {
    project: P.payments,
    op: "http.server",
    name: "POST /v1/refunds",
    base: 150,
    spread: 120,
    children: (d) => [
      pg("SELECT * FROM charges WHERE id = $1", 2, 3),
      pg(
        "INSERT INTO refunds (id, charge_id, amount_minor) VALUES ($1, $2, $3)",
        8,
        Math.round(d * 0.2),
      ),
    ],
  },
  {
    project: P.frontend,
    op: "pageload",
    name: "/dashboard",
    base: 1400,
    spread: 1600,
    children: (d) => [
      {
        op: "resource.script",
        desc: "https://static.acme.example/assets/vendor.91bc2e.js",
        at: 40,
        dur: Math.round(d * 0.2),
      },
      {
        op: "http.client",
        desc: "GET https://api.acme.example/api/v2/dashboard/summary",
        at: 600,
        dur: Math.round(d * 0.2),
        attrs: { "http.method": "GET", "http.status_code": 200 },
      },
    ],
  },
  {
    project: P.frontend,
    op: "pageload",
    name: "/checkout",
    base: 1100,
    spread: 900,
    children: (d) => [
      {
        op: "resource.script",
        desc: "https://static.acme.example/assets/checkout.5d0e9a.js",
        at: 30,
        dur: Math.round(d * 0.25),
      },
      {
        op: "http.client",
        desc: "GET https://api.acme.example/api/v2/cart/",
        at: 500,
        dur: Math.round(d * 0.1),
        attrs: { "http.method": "GET", "http.status_code": 200 },
      },
    ],
  },
  {
    project: P.mobile,
    op: "ui.load",
    name: "MainActivity",
    base: 700,
    spread: 900,
    children: (d) => [
      { op: "app.start.warm", desc: "Warm Start", at: 0, dur: Math.round(d * 0.5) },
      {
        op: "http.client",
        desc: "GET https://api.acme.example/api/v2/products/",
        at: Math.round(d * 0.55),
        dur: Math.round(d * 0.3),
        attrs: { "http.method": "GET", "http.status_code": 200 },
      },
    ],
    functions: [
      ["com.acme.mobile.catalog.ImageDecoder.decode", "com.acme.mobile", true],
      ["android.graphics.BitmapFactory.decodeStream", "android.graphics", false],
      ["okhttp3.internal.connection.RealCall.execute", "okhttp3", false],
    ],
  },
];

function releaseOf(project: string, agoMs: number): string | null {
  switch (project) {
    case P.backend:
      return agoMs < 48 * HOUR ? "backend@2.14.0" : "backend@2.13.2";
    case P.frontend:
      return agoMs < 24 * HOUR ? "frontend@5.9.1" : "frontend@5.8.0";
    case P.payments:
      return agoMs < 96 * HOUR ? "payments@1.7.3" : "payments@1.7.2";
    case P.mobile:
      return "com.acme.mobile@3.2.0+412";
    default:
      return null;
  }
}

export interface VolumeData {
  spans: SpanRecord[];
  logs: LogRecord[];
  metrics: MetricRecord[];
  profileCalls: ProfileCallRecord[];
}

export function seedVolume(now: Date, count = 160): VolumeData {
  const rand = prng("explore:volume");
  const out: VolumeData = { spans: [], logs: [], metrics: [], profileCalls: [] };
  for (let i = 0; i < count; i++) {
    const ep = ENDPOINTS[Math.floor(rand() * ENDPOINTS.length)];
    const agoMs = Math.round((0.05 + rand() * 6.9) * DAY);
    const outlier = rand() < 0.06;
    const dur = Math.round((ep.base + rand() * ep.spread) * (outlier ? 5 : 1));
    const failed = rand() < 0.05;
    const environment = rand() < 0.85 ? "production" : "staging";
    const traceId = hexId(`volume:${i}:trace`);
    const startMs = now.getTime() - agoMs;
    const release = releaseOf(ep.project, agoMs);
    const profiled = ep.functions !== undefined && rand() < 0.4;
    const profileId = profiled ? hexId(`volume:${i}:profile`) : undefined;
    const status = failed ? "internal_error" : "ok";
    const code = failed ? 500 : 200;
    const spans = buildTrace(
      { key: `volume:${i}`, traceId, startMs, environment, releases: { [ep.project]: release } },
      {
        op: ep.op,
        desc: ep.name,
        project: ep.project,
        at: 0,
        dur,
        status,
        profileId,
        attrs:
          ep.op === "http.server"
            ? { "http.method": ep.name.split(" ")[0], "http.status_code": code }
            : {},
        vitals:
          ep.op === "pageload"
            ? {
                lcp: Math.round(dur * 0.8),
                fcp: Math.round(dur * 0.35),
                cls: Math.round(rand() * 30) / 100,
                ttfb: Math.round(80 + rand() * 200),
              }
            : {},
        children: ep.children(dur, rand),
      },
    );
    out.spans.push(...spans);
    const root = spans[0];
    out.logs.push({
      id: hexId(`volume:${i}:log`),
      traceId,
      spanId: root.spanId,
      projectId: ep.project,
      timestampMs: startMs + dur,
      severity: failed ? "error" : outlier ? "warn" : "info",
      message: failed
        ? `${ep.name} failed with ${code} after ${dur}ms`
        : outlier
          ? `${ep.name} slow: ${dur}ms`
          : `${ep.name} completed in ${dur}ms`,
      environment,
      release,
      attributes: {
        logger: ep.project === P.frontend || ep.project === P.mobile ? "client" : "acme.access",
      },
    });
    if (ep.project === P.backend || ep.project === P.payments) {
      out.metrics.push({
        id: hexId(`volume:${i}:metric`),
        traceId,
        spanId: root.spanId,
        projectId: ep.project,
        timestampMs: startMs + dur,
        name: "http.request.duration",
        type: "distribution",
        unit: "millisecond",
        value: dur,
        environment,
        attributes: { transaction: ep.name, "http.status_code": code },
      });
    }
    if (ep.name === "POST /api/v2/checkout/" && !failed) {
      out.metrics.push({
        id: hexId(`volume:${i}:checkout`),
        traceId,
        spanId: root.spanId,
        projectId: ep.project,
        timestampMs: startMs + dur,
        name: "checkout.completed",
        type: "counter",
        unit: "none",
        value: 1,
        environment,
        attributes: { transaction: ep.name },
      });
    }
    if (profileId && ep.functions) {
      for (const [fn, pkg, app] of ep.functions) {
        const calls = 1 + Math.floor(rand() * 4);
        for (let c = 0; c < calls; c++) {
          out.profileCalls.push({
            profileId,
            projectId: ep.project,
            timestampMs: startMs + Math.round(rand() * dur),
            transaction: ep.name,
            function: fn,
            package: pkg,
            isApplication: app,
            durationMs: Math.max(0.2, Math.round(dur * (app ? 0.3 : 0.08) * rand() * 100) / 100),
            environment,
            release,
          });
        }
      }
    }
  }
  for (let h = 0; h < 48; h++) {
    out.metrics.push({
      id: hexId(`queue-depth:${h}`),
      traceId: hexId(`queue-depth:${h}:trace`),
      spanId: hexId(`queue-depth:${h}:span`, 16),
      projectId: P.backend,
      timestampMs: now.getTime() - h * HOUR - 60_000,
      name: "celery.queue.depth",
      type: "gauge",
      unit: "none",
      value: Math.round(5 + rand() * 40 + (h < 3 ? 180 : 0)),
      environment: "production",
      attributes: { queue: "reports" },
    });
  }
  return out;
}
