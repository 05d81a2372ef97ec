/**
 * Seed: a Django admin page whose template tree is wide (60 distinct renders) and deep (a
 * 12-level chain of nested calls): the case where a trace overview must cap its lines.
 */

import type { SpanRecord } from "./explore-types.js";
import { buildTrace, PROJECT_IDS as P, type SpanNode } from "./trace-builder.js";
import { HOUR, hexId } from "./util.js";

const SECTIONS = [
  "orders",
  "customers",
  "invoices",
  "products",
  "shipping",
  "refunds",
  "coupons",
  "reviews",
  "vendors",
  "warehouses",
  "taxes",
  "reports",
];
const WIDGETS = ["header", "filters", "table", "pagination"];

export function seedAdminTrace(now: Date): { traceId: string; spans: SpanRecord[] } {
  const traceId = hexId("trace:admin");
  let t = 10;
  const sections: SpanNode[] = SECTIONS.map((section) => {
    const at = t;
    const children = WIDGETS.map((widget, k) => ({
      op: "template.render",
      desc: `admin/${section}/${widget}.html`,
      at: at + 1 + k * 3,
      dur: 2,
    }));
    t += 14;
    return {
      op: "template.render",
      desc: `admin/${section}/change_list.html`,
      at,
      dur: 13,
      children,
    };
  });
  let chain: SpanNode | undefined;
  const names = [
    "admin.views.main.ChangeList.get_results",
    "django.db.models.query.QuerySet.count",
    "django.db.models.sql.compiler.SQLCompiler.execute_sql",
    "django.db.backends.utils.CursorWrapper.execute",
    "django.db.backends.utils.CursorDebugWrapper.execute",
    "django.db.backends.postgresql.base.DatabaseWrapper.cursor",
    "django.db.backends.base.base.BaseDatabaseWrapper.ensure_connection",
    "django.db.backends.base.base.BaseDatabaseWrapper.connect",
    "django.db.backends.postgresql.base.DatabaseWrapper.get_new_connection",
    "psycopg.connection.Connection.connect",
    "psycopg.pq.PGconn.connect_start",
    "socket.socket.connect",
  ];
  for (let k = names.length - 1; k >= 0; k--) {
    chain = {
      op: "function",
      desc: names[k],
      at: t + k,
      dur: 200 - k * 10,
      children: chain ? [chain] : [],
    };
  }
  const spans = buildTrace(
    {
      key: "trace:admin",
      traceId,
      startMs: now.getTime() - 2 * HOUR,
      environment: "production",
      releases: { [P.backend]: "backend@2.14.0" },
    },
    {
      op: "http.server",
      desc: "GET /admin/orders/order/",
      project: P.backend,
      at: 0,
      dur: t + 220,
      attrs: { "http.method": "GET", "http.status_code": 200 },
      children: [...sections, chain!],
    },
  );
  return { traceId, spans };
}
