import { z } from "zod";
import { deleteDashboard } from "../sentry-api/dashboards.js";
import { defineTool, structuredResult } from "./define.js";
import { loadDashboard } from "./support/dashboard-ref.js";
import { dashboardViewSchema } from "./support/dashboard-view.js";
import { dashboardIntent, viewOf } from "./support/dashboard-write.js";
import { dashboardIdOrTitle, organizationSlug } from "./support/params.js";
import { guardWrite } from "./support/write-errors.js";

const output = z.object({
  organization: z.string(),
  changed: z.boolean(),
  summary: z.string(),
  deleted: dashboardViewSchema.describe("The dashboard as it was before deletion"),
});

export default defineTool({
  name: "delete_dashboard",
  title: "Delete Dashboard",
  description:
    "Delete a custom dashboard and its widgets for good. The data the widgets showed is not touched.",
  inputSchema: {
    organizationSlug,
    dashboardIdOrTitle,
  },
  outputSchema: output,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: true,
  },
  skills: ["project-management"],
  requiredScopes: ["org:read"],
  // Dashboards are organization-wide: a project pin cannot bound them, so it is hidden under one.
  hideWhenPinned: "project",
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const current = await loadDashboard(ctx, org, params.dashboardIdOrTitle);
    const before = await viewOf(ctx, org, current);
    await guardWrite(dashboardIntent(`delete dashboard ${current.id}`), () =>
      deleteDashboard(ctx.client, org, current.id, ctx.signal),
    );
    const n = before.widgets.length;
    return structuredResult({
      organization: org,
      changed: true,
      summary: `Deleted dashboard ${JSON.stringify(before.title)} (ID ${before.id}) and its ${n} widget${n === 1 ? "" : "s"}.`,
      deleted: before,
    });
  },
});
