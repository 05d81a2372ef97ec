import { z } from "zod";
import { createClientKey } from "../sentry-api/keys.js";
import { defineTool, structuredResult } from "./define.js";
import {
  clientKeySchema,
  clientKeyUrl,
  clientKeyView,
  RATE_LIMIT_FIX,
  rateLimitParam,
} from "./support/client-keys.js";
import { organizationSlug, projectSlug } from "./support/params.js";
import { guardWrite } from "./support/write-errors.js";

const output = z.object({
  organization: z.string(),
  project: z.string(),
  changed: z.boolean(),
  key: clientKeySchema,
  url: z.string(),
});

export default defineTool({
  name: "create_dsn",
  title: "Create DSN",
  description:
    "Create a client key (DSN) for a project, e.g. one per service or environment, optionally rate limited.",
  inputSchema: {
    organizationSlug,
    projectSlug,
    name: z.string().trim().min(1).max(64).describe("Key name, e.g. Production web"),
    rateLimit: rateLimitParam.optional(),
  },
  outputSchema: output,
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  skills: ["project-management"],
  requiredScopes: ["project:write"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const key = await guardWrite(
      {
        action: `create a client key in project ${params.projectSlug}`,
        scope: "project:write",
        skill: "project-management",
        fields: { rateLimit: RATE_LIMIT_FIX, name: "Use at most 64 characters." },
      },
      () =>
        createClientKey(
          ctx.client,
          org,
          params.projectSlug,
          { name: params.name, rateLimit: params.rateLimit },
          ctx.signal,
        ),
    );
    return structuredResult({
      organization: org,
      project: params.projectSlug,
      changed: true,
      key: clientKeyView(key),
      url: clientKeyUrl(ctx.client, org, params.projectSlug, key.id),
    });
  },
});
