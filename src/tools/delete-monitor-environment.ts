import { z } from "zod";
import { ApiError, UserInputError } from "../errors.js";
import { deleteMonitorEnvironment } from "../sentry-api/monitor-environments.js";
import { getMonitor } from "../sentry-api/monitors.js";
import { defineTool, structuredResult } from "./define.js";
import { organizationSlug, projectSlug } from "./support/params.js";
import { cronMonitorUrl } from "./support/web-urls.js";
import { guardWrite } from "./support/write-errors.js";

const output = z.object({
  organization: z.string(),
  project: z.string(),
  monitor: z.object({ slug: z.string(), name: z.string().nullable() }),
  environment: z.string(),
  changed: z.boolean(),
  result: z
    .enum(["deletion_scheduled", "already_absent"])
    .describe("Sentry accepted the deletion (it finishes in the background), or it was not there"),
  summary: z.string(),
  remainingEnvironments: z.array(z.string()).describe("The monitor's other environments, kept"),
  url: z.string(),
});

export default defineTool({
  name: "delete_monitor_environment",
  title: "Delete Cron Monitor Environment",
  description:
    "Delete one environment of a project's cron monitor with its check-ins (irreversible). The monitor and its other environments stay.",
  inputSchema: {
    organizationSlug,
    projectSlug,
    monitorSlug: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_.-]+$/, "must be a monitor slug")
      .describe("Cron monitor slug (find_monitors lists them)"),
    environment: z.string().trim().min(1).max(64).describe("Exact environment name, e.g. staging"),
  },
  outputSchema: output,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: true,
  },
  skills: ["project-management"],
  requiredScopes: ["project:write"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const project = params.projectSlug;
    const monitor = await getMonitor(ctx.client, org, params.monitorSlug, {
      signal: ctx.signal,
    }).catch((error) => {
      if (error instanceof ApiError && error.status === 404) {
        throw new UserInputError(
          `No cron monitor ${JSON.stringify(params.monitorSlug)} in organization ${JSON.stringify(org)}; find_monitors lists them.`,
        );
      }
      throw error;
    });
    if (monitor.project?.slug && monitor.project.slug !== project) {
      throw new UserInputError(
        `Cron monitor ${JSON.stringify(monitor.slug)} belongs to project ${JSON.stringify(monitor.project.slug)}, not ${JSON.stringify(project)}.`,
      );
    }
    const before = monitor.environments.map((e) => e.name);
    // An environment the monitor does not list is already gone (or pending deletion): no write.
    const listed = before.includes(params.environment);
    let result: "deletion_scheduled" | "already_absent" = "already_absent";
    if (listed) {
      result = await guardWrite(
        {
          action: `delete environment ${JSON.stringify(params.environment)} of cron monitor ${monitor.slug}`,
          scope: "project:write",
          skill: "project-management",
        },
        () =>
          deleteMonitorEnvironment(
            ctx.client,
            org,
            project,
            monitor.slug,
            params.environment,
            ctx.signal,
          ).then(
            () => "deletion_scheduled" as const,
            (error) => {
              // Gone between the read and the delete (or already pending deletion).
              if (error instanceof ApiError && error.status === 404)
                return "already_absent" as const;
              throw error;
            },
          ),
      );
    }
    const remaining = before.filter((name) => name !== params.environment);
    const kept = remaining.length ? remaining.join(", ") : "none";
    return structuredResult({
      organization: org,
      project,
      monitor: { slug: monitor.slug, name: monitor.name ?? null },
      environment: params.environment,
      changed: result === "deletion_scheduled",
      result,
      summary:
        result === "deletion_scheduled"
          ? `Deletion of environment ${params.environment} of ${monitor.slug} is scheduled; Sentry finishes it in the background. Kept: ${kept}.`
          : `Nothing to delete: ${monitor.slug} has no environment ${params.environment}. Its environments: ${kept}.`,
      remainingEnvironments: remaining,
      url: cronMonitorUrl(ctx.client, org, project, monitor.slug),
    });
  },
});
