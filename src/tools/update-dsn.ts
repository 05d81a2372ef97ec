import { z } from "zod";
import { UserInputError } from "../errors.js";
import { getClientKey, type RateLimit, updateClientKey } from "../sentry-api/keys.js";
import { defineTool, structuredResult } from "./define.js";
import {
  clientKeySchema,
  clientKeyUrl,
  clientKeyView,
  keyIdParam,
  RATE_LIMIT_FIX,
  rateLimitLabel,
  rateLimitParam,
} from "./support/client-keys.js";
import { organizationSlug, projectSlug } from "./support/params.js";
import { guardWrite } from "./support/write-errors.js";

const output = z.object({
  organization: z.string(),
  project: z.string(),
  changed: z.boolean(),
  summary: z.string(),
  changes: z.array(z.string()),
  before: clientKeySchema,
  after: clientKeySchema,
  url: z.string(),
});

export default defineTool({
  name: "update_dsn",
  title: "Update DSN",
  description:
    "Rename a client key (DSN), switch it on or off, or set or remove its rate limit. Answers before → after.",
  inputSchema: {
    organizationSlug,
    projectSlug,
    keyId: keyIdParam,
    name: z.string().trim().min(1).max(64).optional().describe("New name"),
    active: z.boolean().optional().describe("false stops the key accepting events"),
    rateLimit: rateLimitParam.nullable().optional().describe("{count, window}; null removes it"),
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
    if (
      params.name === undefined &&
      params.active === undefined &&
      params.rateLimit === undefined
    ) {
      throw new UserInputError("Pass at least one of name, active or rateLimit (null removes it).");
    }
    const keyId = params.keyId.toLowerCase();
    const before = clientKeyView(
      await guardWrite(
        {
          action: `read client key ${keyId}`,
          scope: "project:read",
          skill: "project-management",
          notFound: `No client key ${keyId} in project ${params.projectSlug}; find_dsns lists the keys.`,
        },
        () => getClientKey(ctx.client, org, params.projectSlug, keyId, ctx.signal),
      ),
    );
    const body: { name?: string; isActive?: boolean; rateLimit?: RateLimit } = {};
    if (params.name !== undefined && params.name !== before.name) body.name = params.name;
    if (params.active !== undefined && params.active !== before.active)
      body.isActive = params.active;
    if (
      params.rateLimit !== undefined &&
      JSON.stringify(params.rateLimit) !== JSON.stringify(before.rateLimit)
    ) {
      // Sentry clears a limit with both fields null.
      body.rateLimit = params.rateLimit ?? { count: null, window: null };
    }
    let after = before;
    if (Object.keys(body).length > 0) {
      after = clientKeyView(
        await guardWrite(
          {
            action: `update client key ${keyId}`,
            scope: "project:write",
            skill: "project-management",
            fields: { rateLimit: RATE_LIMIT_FIX, name: "Use at most 64 characters." },
          },
          () => updateClientKey(ctx.client, org, params.projectSlug, keyId, body, ctx.signal),
        ),
      );
    }
    const changes: string[] = [];
    if (before.name !== after.name) changes.push(`name: ${before.name} → ${after.name}`);
    if (before.active !== after.active) changes.push(`active: ${before.active} → ${after.active}`);
    if (JSON.stringify(before.rateLimit) !== JSON.stringify(after.rateLimit))
      changes.push(
        `rateLimit: ${rateLimitLabel(before.rateLimit)} → ${rateLimitLabel(after.rateLimit)}`,
      );
    return structuredResult({
      organization: org,
      project: params.projectSlug,
      changed: changes.length > 0,
      summary: changes.length
        ? `Updated key ${after.name ?? keyId}: ${changes.join("; ")}.`
        : `Nothing to change: key ${before.name ?? keyId} already has these values.`,
      changes,
      before,
      after,
      url: clientKeyUrl(ctx.client, org, params.projectSlug, keyId),
    });
  },
});
