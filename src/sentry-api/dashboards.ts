/** Custom dashboards: `/organizations/{org}/dashboards/` and one dashboard with its widgets. */

import { z } from "zod";
import type { Page, SentryClient } from "./client.js";
import { enc } from "./organizations.js";

const str = z.string().nullish();
const strings = z.array(z.string()).nullish();

const Creator = z.object({ id: z.coerce.string().nullish(), name: str, email: str }).nullish();

export const DashboardListItemSchema = z.object({
  id: z.coerce.string(),
  title: z.string(),
  dateCreated: str,
  createdBy: Creator,
  environment: strings,
  lastVisited: str,
  widgetDisplay: strings,
  isFavorited: z.boolean().nullish(),
  projects: z.array(z.coerce.string()).nullish(),
});
export type DashboardListItem = z.output<typeof DashboardListItemSchema>;

export const WidgetQuerySchema = z.object({
  id: z.coerce.string().nullish(),
  name: str,
  fields: strings,
  aggregates: strings,
  columns: strings,
  fieldAliases: strings,
  conditions: str,
  orderby: str,
  isHidden: z.boolean().nullish(),
});
export type WidgetQuery = z.output<typeof WidgetQuerySchema>;

export const WidgetSchema = z.object({
  id: z.coerce.string().nullish(),
  title: str,
  description: str,
  displayType: str,
  widgetType: str,
  interval: str,
  limit: z.number().nullish(),
  thresholds: z
    .object({
      max_values: z.record(z.string(), z.number().nullish()).nullish(),
      unit: str,
      preferredPolarity: str,
    })
    .nullish(),
  queries: z.array(WidgetQuerySchema).nullish(),
  layout: z.record(z.string(), z.number().nullish()).nullish(),
});
export type Widget = z.output<typeof WidgetSchema>;

export const DashboardSchema = z.object({
  id: z.coerce.string(),
  title: z.string(),
  dateCreated: str,
  createdBy: Creator,
  widgets: z.array(WidgetSchema).nullish(),
  projects: z.array(z.coerce.string()).nullish(),
  environment: strings,
  period: str,
  start: str,
  end: str,
  filters: z
    .object({
      release: strings,
      globalFilter: z.array(z.record(z.string(), z.unknown())).nullish(),
    })
    .nullish(),
  isFavorited: z.boolean().nullish(),
});
export type Dashboard = z.output<typeof DashboardSchema>;

export async function listDashboards(
  client: SentryClient,
  org: string,
  options: {
    query?: string;
    sort?: string;
    cursor?: string;
    perPage?: number;
    signal?: AbortSignal;
  } = {},
): Promise<Page<DashboardListItem[]>> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.getPage(
    `/api/0/organizations/${enc(org)}/dashboards/`,
    z.array(DashboardListItemSchema),
    {
      baseUrl,
      signal: options.signal,
      query: {
        query: options.query,
        sort: options.sort,
        cursor: options.cursor,
        per_page: options.perPage,
      },
    },
  );
}

export async function getDashboard(
  client: SentryClient,
  org: string,
  dashboardId: string,
  signal?: AbortSignal,
): Promise<Dashboard> {
  const baseUrl = await client.regionFor(org, signal);
  return client.get(
    `/api/0/organizations/${enc(org)}/dashboards/${enc(dashboardId)}/`,
    DashboardSchema,
    { baseUrl, signal },
  );
}

/** A widget query as Sentry's dashboard serializer takes it (camelCase). */
export interface WidgetQueryPayload {
  id?: string;
  name: string;
  fields: string[];
  aggregates: string[];
  columns: string[];
  fieldAliases: string[];
  conditions: string;
  orderby: string;
}

/** A widget as sent in a dashboard's `widgets` list; one with an `id` updates that widget. */
export interface WidgetPayload {
  id?: string;
  title: string;
  description?: string | null;
  displayType: string;
  widgetType: string;
  interval: string;
  limit: number | null;
  thresholds?: Record<string, unknown> | null;
  queries: WidgetQueryPayload[];
  layout: { x: number; y: number; w: number; h: number; minH: number } | null;
}

export interface DashboardPayload {
  title?: string;
  /** PUT replaces the whole widget list: widgets left out are deleted. */
  widgets?: WidgetPayload[];
  projects?: number[];
  environment?: string[];
  period?: string | null;
  filters?: Record<string, unknown>;
  /** POST only: on a title conflict Sentry retitles ("X copy", "X copy 1") instead of 409 */
  duplicate?: boolean;
}

const dashboardPath = (org: string, id?: string) =>
  `/api/0/organizations/${enc(org)}/dashboards/${id === undefined ? "" : `${enc(id)}/`}`;

export async function createDashboard(
  client: SentryClient,
  org: string,
  payload: DashboardPayload,
  signal?: AbortSignal,
): Promise<Dashboard> {
  const baseUrl = await client.regionFor(org, signal);
  return client.send("POST", dashboardPath(org), payload, DashboardSchema, { baseUrl, signal });
}

export async function updateDashboard(
  client: SentryClient,
  org: string,
  dashboardId: string,
  payload: DashboardPayload,
  signal?: AbortSignal,
): Promise<Dashboard> {
  const baseUrl = await client.regionFor(org, signal);
  return client.send("PUT", dashboardPath(org, dashboardId), payload, DashboardSchema, {
    baseUrl,
    signal,
  });
}

export async function deleteDashboard(
  client: SentryClient,
  org: string,
  dashboardId: string,
  signal?: AbortSignal,
): Promise<void> {
  const baseUrl = await client.regionFor(org, signal);
  await client.send("DELETE", dashboardPath(org, dashboardId), undefined, z.unknown(), {
    baseUrl,
    signal,
  });
}
