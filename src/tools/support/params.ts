import { z } from "zod";

/** Shared parameter schemas, so every tool names and describes them the same way. */
export const organizationSlug = z
  .string()
  .trim()
  .min(1)
  .regex(/^[A-Za-z0-9_-]+$/, "must be an organization slug such as my-org");

export const projectSlug = z
  .string()
  .trim()
  .min(1)
  .regex(/^[A-Za-z0-9_.-]+$/, "must be a project slug")
  .describe("Project slug");

export const cursor = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .optional()
  .describe("nextCursor of the previous page");

export const query = z.string().trim().max(500).optional();

/** Relative period like 24h, 14d, 2w. */
export const period = z
  .string()
  .trim()
  .regex(/^\d+[smhdw]$/, "must look like 24h, 14d or 2w")
  .optional();

/** Owner filter of the cron and uptime monitor lists, sent to Sentry as `owner`. */
export const monitorOwner = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .optional()
  .describe("Owner: user:ID, team:ID, me, myteams or unassigned");

/** The dashboard a dashboard tool reads or changes. */
export const dashboardIdOrTitle = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .describe("Dashboard ID (find_dashboards lists them) or exact title");
