/**
 * Routes (undocumented in the OpenAPI spec): delete one environment of a cron monitor, by project
 * (`/projects/{org}/{proj}/monitors/{slug}/environments/{env}/`) or by organization
 * (`/organizations/{org}/monitors/{slug}/environments/{env}/`). Sentry answers 202 and finishes
 * in the background; here the environment and its check-ins disappear at once. The monitor and
 * its other environments stay. An unknown monitor or environment is a 404.
 */

import type { Context, Hono } from "hono";
import type { MonitorRecord } from "../data/monitors.js";
import { fail, findOrg, findProject, type RouteDeps } from "./http.js";
import { findMonitor } from "./monitors.js";

export const MONITOR_ENV_NOT_FOUND = "Monitor environment not found.";

export function registerMonitorEnvironmentRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;

  const remove = (c: Context, monitor: MonitorRecord) => {
    const name = c.req.param("environment")!;
    const env = monitor.environments.find((e) => e.name === name);
    if (!env) fail(404, MONITOR_ENV_NOT_FOUND);
    monitor.environments = monitor.environments.filter((e) => e !== env);
    store.crons.checkIns = store.crons.checkIns.filter(
      (ci) => !(ci.monitorId === monitor.id && ci.environment === name),
    );
    return c.body(null, 202);
  };

  app.delete("/api/0/projects/:org/:project/monitors/:monitor/environments/:environment/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const project = findProject(store, org, c.req.param("project"));
    const monitor = findMonitor(store, org, c.req.param("monitor"));
    if (monitor.projectId !== project.id) fail(404, "Monitor not found.");
    return remove(c, monitor);
  });

  app.delete("/api/0/organizations/:org/monitors/:monitor/environments/:environment/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    return remove(c, findMonitor(store, org, c.req.param("monitor")));
  });
}
