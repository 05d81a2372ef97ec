import { z } from "zod";
import { listClientKeys } from "../sentry-api/keys.js";
import { defineTool, structuredResult } from "./define.js";
import { clientKeySchema, clientKeyUrl, clientKeyView } from "./support/client-keys.js";
import { cursor, organizationSlug, projectSlug } from "./support/params.js";

const output = z.object({
  organization: z.string(),
  project: z.string(),
  keys: z.array(clientKeySchema),
  nextCursor: z.string().nullable(),
  url: z.string(),
});

export default defineTool({
  name: "find_dsns",
  title: "Find DSNs",
  description:
    "List a project's client keys (DSNs) for SDK setup: name, public DSN, active, rate limit. Secret keys are never shown.",
  inputSchema: {
    organizationSlug,
    projectSlug,
    active: z.boolean().optional().describe("Only active (true) or inactive (false) keys"),
    cursor,
  },
  outputSchema: output,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "project-management"],
  requiredScopes: ["project:read"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const page = await listClientKeys(ctx.client, org, params.projectSlug, {
      cursor: params.cursor,
      status: params.active === undefined ? undefined : params.active ? "active" : "inactive",
      signal: ctx.signal,
    });
    return structuredResult({
      organization: org,
      project: params.projectSlug,
      keys: page.data.map(clientKeyView),
      nextCursor: page.nextCursor ?? null,
      url: clientKeyUrl(ctx.client, org, params.projectSlug),
    });
  },
});
