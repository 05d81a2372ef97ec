/**
 * Contract with the incumbent's dataset search tools added after 0.39 (search_errors, search_logs,
 * search_traces, search_metrics, search_profiles, search_replays), facts in
 * test/fixtures/incumbent-0.42-dataset-search.json. The driver is test/contract/incumbent-042.ts.
 * Each probe checks the value in the request sent to Sentry's events (or replays) endpoint.
 */

import { describeIncumbentTools, type Probe } from "./contract/incumbent-042.js";
import type { SentRequest } from "./write-helpers.js";

/** The search request (events or replays index) and its query string. */
function search(sent: SentRequest[]): URLSearchParams | undefined {
  const r = sent.find((s) => /\/organizations\/acme\/(events|replays)\/$/.test(s.path));
  return r ? new URLSearchParams(r.query) : undefined;
}

/** Per tool: the dataset sent as `dataset`, a valid field and sort. */
const TOOLS: Record<string, { dataset: string; field: string; query: string }> = {
  search_errors: { dataset: "errors", field: "title", query: "level:error" },
  search_logs: { dataset: "logs", field: "message", query: "severity:error" },
  search_traces: { dataset: "spans", field: "span.op", query: "span.op:db" },
  search_metrics: { dataset: "tracemetrics", field: "metric.name", query: "" },
  search_profiles: { dataset: "profile_functions", field: "function", query: "" },
};

function eventProbes(tool: string): Probe[] {
  const t = TOOLS[tool];
  const base = { organizationSlug: "acme" };
  const sentDataset = (s: SentRequest[]) => search(s)?.get("dataset") === t.dataset;
  return [
    {
      label: "organizationSlug",
      args: base,
      reached: (s) => sentDataset(s),
    },
    {
      label: "query",
      args: { ...base, query: t.query || "has:project" },
      reached: (s) => (search(s)?.get("query") ?? "").includes(t.query || "has:project"),
    },
    {
      label: "fields (array branch)",
      args: { ...base, fields: [t.field, "count()"], sort: "-count()" },
      reached: (s) => search(s)?.getAll("field").join(",") === `${t.field},count()`,
    },
    {
      label: "fields (null branch)",
      args: { ...base, fields: null },
      reached: (s) => (search(s)?.getAll("field").length ?? 0) > 0,
    },
    {
      label: "fields (empty array: the defaults, as for the incumbent)",
      args: { ...base, fields: [] },
      reached: (s) => (search(s)?.getAll("field").length ?? 0) > 0,
    },
    {
      label: "sort (string branch)",
      args: { ...base, fields: [t.field, "count()"], sort: "-count()" },
      reached: (s) => search(s)?.get("sort") === "-count()",
    },
    {
      label: "sort (null branch)",
      args: { ...base, sort: null },
      reached: (s) => sentDataset(s) && search(s)?.get("sort") !== null,
    },
    {
      label: "sort (empty string: the default, as for the incumbent)",
      args: { ...base, sort: "" },
      reached: (s) => sentDataset(s) && (search(s)?.get("sort") ?? "") !== "",
    },
    {
      label: "projectSlug (string branch)",
      args: { ...base, projectSlug: "backend" },
      reached: (s) => (search(s)?.get("query") ?? "").includes("project:backend"),
    },
    {
      label: "projectSlug (null branch)",
      args: { ...base, projectSlug: null },
      reached: (s) => !(search(s)?.get("query") ?? "").includes("project:"),
    },
    {
      label: "period",
      args: { ...base, period: "1w" },
      reached: (s) => search(s)?.get("statsPeriod") === "1w",
    },
    {
      label: "regionUrl (null branch)",
      args: { ...base, regionUrl: null },
      reached: (s) => sentDataset(s),
    },
    {
      label: "regionUrl (string branch)",
      args: { ...base, regionUrl: "https://us.sentry.io" },
      reached: (s) => sentDataset(s),
    },
    {
      label: "limit",
      args: { ...base, limit: 3 },
      reached: (s) => search(s)?.get("per_page") === "3",
    },
    {
      label: "includeExplanation",
      args: { ...base, query: "how many errors today", includeExplanation: true },
      reached: (s, text) => sentDataset(s) && text.includes("## Executed search"),
    },
  ];
}

function replayProbes(): Probe[] {
  const base = { organizationSlug: "acme" };
  const sent = (s: SentRequest[]) => s.some((r) => r.path === "/api/0/organizations/acme/replays/");
  return [
    { label: "organizationSlug", args: base, reached: sent },
    {
      label: "query",
      args: { ...base, query: "count_errors:>0" },
      reached: (s) => search(s)?.get("query") === "count_errors:>0",
    },
    {
      label: "sort (string branch)",
      args: { ...base, sort: "-count_errors" },
      reached: (s) => search(s)?.get("sort") === "-count_errors",
    },
    {
      label: "sort (null branch)",
      args: { ...base, sort: null },
      reached: (s) => sent(s) && search(s)?.get("sort") !== null,
    },
    {
      label: "sort (empty string: the default, as for the incumbent)",
      args: { ...base, sort: "" },
      reached: (s) => sent(s) && (search(s)?.get("sort") ?? "") !== "",
    },
    {
      label: "projectSlug (string branch)",
      args: { ...base, projectSlug: "frontend" },
      reached: (s) => search(s)?.get("projectSlug") === "frontend",
    },
    {
      label: "projectSlug (null branch)",
      args: { ...base, projectSlug: null },
      reached: (s) => sent(s) && search(s)?.get("projectSlug") === null,
    },
    {
      label: "environment (string branch)",
      args: { ...base, environment: "production" },
      reached: (s) => search(s)?.getAll("environment").join() === "production",
    },
    {
      label: "environment (array branch)",
      args: { ...base, environment: ["production", "staging"] },
      reached: (s) => search(s)?.getAll("environment").join() === "production,staging",
    },
    {
      label: "period",
      args: { ...base, period: "2d" },
      reached: (s) => search(s)?.get("statsPeriod") === "2d",
    },
    { label: "regionUrl (null branch)", args: { ...base, regionUrl: null }, reached: sent },
    {
      label: "regionUrl (string branch)",
      args: { ...base, regionUrl: "https://us.sentry.io" },
      reached: sent,
    },
    {
      label: "limit",
      args: { ...base, limit: 4 },
      reached: (s) => search(s)?.get("per_page") === "4",
    },
    {
      label: "includeExplanation",
      args: { ...base, query: "replays with rage clicks", includeExplanation: true },
      reached: (s, text) => sent(s) && text.includes("## Executed search"),
    },
  ];
}

describeIncumbentTools(
  new URL("./fixtures/incumbent-0.42-dataset-search.json", import.meta.url),
  () => ({
    ...Object.fromEntries(Object.keys(TOOLS).map((tool) => [tool, () => eventProbes(tool)])),
    search_replays: replayProbes,
  }),
);
