/** Seed: custom dashboards with widgets over several datasets. */

import { ACME_ORG_ID, GLOBEX_ORG_ID } from "./organizations.js";
import type { JsonObject } from "./types.js";
import { ago, DAY } from "./util.js";

export interface WidgetQuerySeed {
  name?: string;
  fields: string[];
  aggregates: string[];
  columns: string[];
  conditions: string;
  orderby?: string;
}

export interface WidgetRecord {
  id: string;
  title: string;
  description: string | null;
  displayType: string;
  widgetType: string | null;
  interval: string;
  limit: number | null;
  thresholds: JsonObject | null;
  layout: { x: number; y: number; w: number; h: number; minH: number };
  queries: Array<WidgetQuerySeed & { id: string }>;
}

export interface DashboardRecord {
  id: string;
  orgId: string;
  title: string;
  /** user id */
  createdBy: string | null;
  dateCreated: string;
  lastVisited: string | null;
  isFavorited: boolean;
  projectIds: number[];
  environment: string[];
  period: string | null;
  filters: JsonObject;
  widgets: WidgetRecord[];
}

interface WidgetSeed
  extends Omit<
    WidgetRecord,
    "id" | "queries" | "layout" | "description" | "interval" | "limit" | "thresholds"
  > {
  description?: string | null;
  interval?: string;
  limit?: number | null;
  thresholds?: JsonObject | null;
  w?: number;
  h?: number;
  queries: WidgetQuerySeed[];
}

function dashboard(
  fields: Omit<DashboardRecord, "widgets">,
  widgets: WidgetSeed[],
): DashboardRecord {
  let x = 0;
  let y = 0;
  return {
    ...fields,
    widgets: widgets.map((w, k) => {
      const width = w.w ?? 3;
      const height = w.h ?? 2;
      if (x + width > 6) {
        x = 0;
        y += 2;
      }
      const layout = { x, y, w: width, h: height, minH: 2 };
      x += width;
      const id = `${fields.id}${String(k + 1).padStart(2, "0")}`;
      return {
        id,
        title: w.title,
        description: w.description ?? null,
        displayType: w.displayType,
        widgetType: w.widgetType,
        interval: w.interval ?? "5m",
        limit: w.limit ?? null,
        thresholds: w.thresholds ?? null,
        layout,
        queries: w.queries.map((q, j) => ({ ...q, id: `${id}${j + 1}` })),
      };
    }),
  };
}

export function seedDashboards(now: Date): DashboardRecord[] {
  return [
    dashboard(
      {
        id: "5101",
        orgId: ACME_ORG_ID,
        title: "Backend health",
        createdBy: "100002",
        dateCreated: ago(now, 200 * DAY),
        lastVisited: ago(now, 1 * DAY),
        isFavorited: true,
        projectIds: [4500011],
        environment: ["production"],
        period: "7d",
        filters: { release: ["backend@2.14.0"] },
      },
      [
        {
          title: "Errors by transaction",
          displayType: "table",
          widgetType: "error-events",
          limit: 10,
          w: 6,
          queries: [
            {
              fields: ["transaction", "count()", "count_unique(user)"],
              aggregates: ["count()", "count_unique(user)"],
              columns: ["transaction"],
              conditions: "level:error",
              orderby: "-count()",
            },
          ],
        },
        {
          title: "Checkout p95 latency",
          description: "Server-side p95 of the checkout endpoint.",
          displayType: "line",
          widgetType: "spans",
          interval: "1h",
          queries: [
            {
              name: "p95",
              fields: ["p95(span.duration)"],
              aggregates: ["p95(span.duration)"],
              columns: [],
              conditions: "span.op:http.server transaction:/api/v2/orders/*/checkout/",
            },
            {
              name: "p50",
              fields: ["p50(span.duration)"],
              aggregates: ["p50(span.duration)"],
              columns: [],
              conditions: "span.op:http.server transaction:/api/v2/orders/*/checkout/",
            },
          ],
        },
        {
          title: "Checkout p95 right now",
          displayType: "big_number",
          widgetType: "spans",
          thresholds: {
            max_values: { max1: 800, max2: 1500 },
            unit: "millisecond",
            preferredPolarity: "-",
          },
          queries: [
            {
              fields: ["p95(span.duration)"],
              aggregates: ["p95(span.duration)"],
              columns: [],
              conditions: "span.op:http.server transaction:/api/v2/orders/*/checkout/",
            },
          ],
        },
        {
          title: "Unassigned issues",
          displayType: "table",
          widgetType: "issue",
          limit: 5,
          w: 6,
          queries: [
            {
              fields: ["issue", "assignee", "title", "events"],
              aggregates: [],
              columns: ["issue", "assignee", "title", "events"],
              conditions: "is:unresolved is:unassigned",
              orderby: "freq",
            },
          ],
        },
      ],
    ),
    dashboard(
      {
        id: "5102",
        orgId: ACME_ORG_ID,
        title: "Frontend web vitals",
        createdBy: "100003",
        dateCreated: ago(now, 90 * DAY),
        lastVisited: ago(now, 6 * DAY),
        isFavorited: false,
        projectIds: [4500012],
        environment: [],
        period: "14d",
        filters: {},
      },
      [
        {
          title: "Slowest pages by LCP",
          displayType: "table",
          widgetType: "spans",
          limit: 5,
          queries: [
            {
              fields: ["transaction", "p75(measurements.lcp)", "count()"],
              aggregates: ["p75(measurements.lcp)", "count()"],
              columns: ["transaction"],
              conditions: "span.op:pageload",
              orderby: "-p75(measurements.lcp)",
            },
          ],
        },
        {
          title: "Errors by browser",
          displayType: "bar",
          widgetType: "error-events",
          limit: 5,
          queries: [
            {
              fields: ["browser.name", "count()"],
              aggregates: ["count()"],
              columns: ["browser.name"],
              conditions: "",
              orderby: "-count()",
            },
          ],
        },
        {
          title: "How to read this dashboard",
          description:
            "LCP under 2.5 s is good; over 4 s is poor. Ask #web before changing budgets.",
          displayType: "text",
          widgetType: null,
          queries: [],
        },
      ],
    ),
    dashboard(
      {
        id: "5103",
        orgId: ACME_ORG_ID,
        title: "Payments operations",
        createdBy: "100004",
        dateCreated: ago(now, 30 * DAY),
        lastVisited: null,
        isFavorited: false,
        projectIds: [4500014],
        environment: ["production"],
        period: "24h",
        filters: {},
      },
      [
        {
          title: "Payment service error logs",
          displayType: "table",
          widgetType: "logs",
          limit: 20,
          queries: [
            {
              fields: ["timestamp", "message", "severity"],
              aggregates: [],
              columns: ["timestamp", "message", "severity"],
              conditions: "severity:error service:payments",
              orderby: "-timestamp",
            },
          ],
        },
        {
          title: "Payout latency",
          displayType: "area",
          widgetType: "spans",
          interval: "15m",
          queries: [
            {
              fields: ["avg(span.duration)"],
              aggregates: ["avg(span.duration)"],
              columns: [],
              conditions: "span.op:queue.process",
            },
          ],
        },
      ],
    ),
    dashboard(
      {
        id: "5201",
        orgId: GLOBEX_ORG_ID,
        title: "Storefront overview",
        createdBy: "100006",
        dateCreated: ago(now, 100 * DAY),
        lastVisited: ago(now, 3 * DAY),
        isFavorited: true,
        projectIds: [4500021],
        environment: [],
        period: "24h",
        filters: {},
      },
      [
        {
          title: "Events per hour",
          displayType: "line",
          widgetType: "error-events",
          interval: "1h",
          queries: [{ fields: ["count()"], aggregates: ["count()"], columns: [], conditions: "" }],
        },
      ],
    ),
  ];
}
