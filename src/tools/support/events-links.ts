import type { Dataset } from "./events-datasets.js";
import { isAggregate } from "./events-datasets.js";

export interface LinkQuery {
  dataset: Dataset;
  fields: string[];
  query: string;
  sort?: string;
  statsPeriod?: string;
  start?: string;
  end?: string;
  environment?: string | string[];
}

/** The path (with query string) of the same query in Sentry's web UI. */
export function explorePath(q: LinkQuery): string {
  const params = new URLSearchParams();
  const time = () => {
    if (q.statsPeriod) params.set("statsPeriod", q.statsPeriod);
    if (q.start) params.set("start", q.start);
    if (q.end) params.set("end", q.end);
    for (const env of [q.environment ?? []].flat()) params.append("environment", env);
  };
  switch (q.dataset) {
    case "errors":
      params.set("dataset", "errors");
      params.set("queryDataset", "error-events");
      for (const f of q.fields) params.append("field", f);
      params.set("query", q.query);
      if (q.sort) params.set("sort", q.sort);
      params.set("name", "search_events");
      time();
      return `/discover/results/?${params}`;
    case "spans":
      params.set("mode", q.fields.some(isAggregate) ? "aggregate" : "samples");
      params.set("query", q.query);
      for (const f of q.fields) params.append("field", f);
      if (q.sort) params.set("sort", q.sort);
      time();
      return `/explore/traces/?${params}`;
    case "logs":
      params.set("logsQuery", q.query);
      for (const f of q.fields) params.append("logsFields", f);
      if (q.sort) params.set("logsSortBys", q.sort);
      time();
      return `/explore/logs/?${params}`;
    case "metrics":
      params.set("query", q.query);
      time();
      return `/explore/metrics/?${params}`;
    case "profiles":
      params.set("query", q.query);
      time();
      return `/explore/profiling/?${params}`;
    case "replays":
      params.set("query", q.query);
      if (q.sort) params.set("sort", q.sort);
      time();
      return `/replays/?${params}`;
  }
}
