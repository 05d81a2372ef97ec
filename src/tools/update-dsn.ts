import { z } from "zod";
import { UserInputError } from "../errors.js";
import {
  type ClientKey,
  type ClientKeyUpdate,
  getClientKey,
  updateClientKey,
} from "../sentry-api/keys.js";
import { defineTool, structuredResult } from "./define.js";
import {
  clientKeySchema,
  clientKeyUrl,
  clientKeyView,
  keyIdParam,
  rateLimitLabel,
} from "./support/client-keys.js";
import { organizationSlug, projectSlug } from "./support/params.js";
import { guardWrite } from "./support/write-errors.js";

/** update_dsn's loader flags and the `dynamicSdkLoaderOptions` field each one sets. */
const LOADER = {
  loaderHasReplay: "hasReplay",
  loaderHasPerformance: "hasPerformance",
  loaderHasDebug: "hasDebug",
  loaderHasFeedback: "hasFeedback",
  loaderHasLogsAndMetrics: "hasLogsAndMetrics",
} as const;
type LoaderParam = keyof typeof LOADER;
const LOADER_PARAMS = Object.keys(LOADER) as LoaderParam[];

const keySchema = clientKeySchema.extend({
  browserSdkVersion: z.string().nullable(),
  loader: z.record(z.string(), z.boolean()).describe("JavaScript loader options"),
});
type KeyView = z.output<typeof keySchema>;

function keyView(key: ClientKey): KeyView {
  const options = Object.entries(key.dynamicSdkLoaderOptions ?? {}).filter(
    (e): e is [string, boolean] => typeof e[1] === "boolean",
  );
  return {
    ...clientKeyView(key),
    browserSdkVersion: key.browserSdkVersion ?? null,
    loader: Object.fromEntries(options),
  };
}

const output = z.object({
  organization: z.string(),
  project: z.string(),
  changed: z.boolean(),
  summary: z.string(),
  changes: z.array(z.string()),
  before: keySchema,
  after: keySchema,
  url: z.string(),
});

const flag = (what: string) => z.boolean().optional().describe(what);

export default defineTool({
  name: "update_dsn",
  title: "Update DSN",
  description:
    "Change a client key (DSN): name, on/off, rate limit, JavaScript loader version and options. Answers before → after.",
  // Our names before 0.39.0 parity, still taken (never listed).
  aliases: { active: "isActive" },
  inputSchema: {
    organizationSlug,
    projectSlug,
    keyId: keyIdParam,
    name: z.string().trim().max(64).optional().describe("New name"),
    isActive: flag("false stops the key accepting events"),
    rateLimitWindow: z
      .number()
      .int()
      .min(0)
      .max(86_400)
      .optional()
      .describe("Rate limit window, seconds (with rateLimitCount; 0 removes)"),
    rateLimitCount: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe("Events per window (with rateLimitWindow; 0 removes)"),
    disableRateLimit: flag("true removes the rate limit"),
    browserSdkVersion: z.string().trim().min(1).optional().describe("Loader SDK, e.g. latest"),
    loaderHasReplay: flag("Loader: Session Replay"),
    loaderHasPerformance: flag("Loader: tracing"),
    loaderHasDebug: flag("Loader: debug bundle"),
    loaderHasFeedback: flag("Loader: User Feedback"),
    loaderHasLogsAndMetrics: flag("Loader: logs and metrics"),
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
    const wanted = requestedChange(params);
    const keyId = params.keyId.toLowerCase();
    const current = await guardWrite(
      {
        action: `read client key ${keyId}`,
        scope: "project:read",
        skill: "project-management",
        notFound: `No client key ${keyId} in project ${params.projectSlug}; find_dsns lists the keys.`,
      },
      () => getClientKey(ctx.client, org, params.projectSlug, keyId, ctx.signal),
    );
    const before = keyView(current);
    const body = changedFields(wanted, before);
    let after = before;
    if (Object.keys(body).length > 0) {
      after = keyView(
        await guardWrite(
          {
            action: `update client key ${keyId}`,
            scope: "project:write",
            skill: "project-management",
            fields: {
              rateLimit: "Pass rateLimitCount (≥ 0) with rateLimitWindow (0-86400 seconds).",
              name: "Use at most 64 characters.",
            },
          },
          () => updateClientKey(ctx.client, org, params.projectSlug, keyId, body, ctx.signal),
        ),
      );
    }
    const changes = describeChanges(before, after);
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

type Params = {
  name?: string;
  isActive?: boolean;
  rateLimitWindow?: number;
  rateLimitCount?: number;
  disableRateLimit?: boolean;
  browserSdkVersion?: string;
} & Partial<Record<LoaderParam, boolean>>;

/** The full update the caller asked for (rate limit: null removes it), checked for conflicts. */
interface Wanted extends Omit<ClientKeyUpdate, "rateLimit"> {
  rateLimit?: RateLimitOrNull;
}

function requestedChange(p: Params): Wanted {
  const limitGiven = p.rateLimitWindow !== undefined || p.rateLimitCount !== undefined;
  if (limitGiven && (p.rateLimitWindow === undefined || p.rateLimitCount === undefined))
    throw new UserInputError("rateLimitWindow and rateLimitCount go together; pass both.");
  if (limitGiven && p.disableRateLimit)
    throw new UserInputError("Pass either a rate limit or disableRateLimit: true, not both.");
  const loader = Object.fromEntries(
    LOADER_PARAMS.filter((k) => p[k] !== undefined).map((k) => [LOADER[k], p[k] as boolean]),
  );
  const change: Wanted = {
    name: p.name,
    isActive: p.isActive,
    browserSdkVersion: p.browserSdkVersion,
    dynamicSdkLoaderOptions: Object.keys(loader).length ? loader : undefined,
  };
  if (p.disableRateLimit || p.rateLimitWindow === 0 || p.rateLimitCount === 0)
    change.rateLimit = null;
  else if (limitGiven) change.rateLimit = { window: p.rateLimitWindow!, count: p.rateLimitCount! };
  const given = Object.values(change).some((v) => v !== undefined);
  if (!given && p.disableRateLimit === undefined)
    throw new UserInputError(
      `Pass at least one of name, isActive, rateLimitWindow with rateLimitCount, disableRateLimit, browserSdkVersion, ${LOADER_PARAMS.join(", ")}.`,
    );
  return change;
}
type RateLimitOrNull = { count: number; window: number } | null;

/** Only the fields that differ from the key as it is. */
function changedFields(wanted: Wanted, before: KeyView): ClientKeyUpdate {
  const body: ClientKeyUpdate = {};
  if (wanted.name !== undefined && wanted.name !== before.name) body.name = wanted.name;
  if (wanted.isActive !== undefined && wanted.isActive !== before.active)
    body.isActive = wanted.isActive;
  if (
    wanted.rateLimit !== undefined &&
    JSON.stringify(wanted.rateLimit) !== JSON.stringify(before.rateLimit)
  ) {
    // Sentry clears a limit with both fields null.
    body.rateLimit = wanted.rateLimit ?? { count: null, window: null };
  }
  if (
    wanted.browserSdkVersion !== undefined &&
    wanted.browserSdkVersion !== before.browserSdkVersion
  )
    body.browserSdkVersion = wanted.browserSdkVersion;
  const loader = Object.entries(wanted.dynamicSdkLoaderOptions ?? {}).filter(
    ([k, v]) => before.loader[k] !== v,
  );
  if (loader.length) body.dynamicSdkLoaderOptions = Object.fromEntries(loader);
  return body;
}

function describeChanges(before: KeyView, after: KeyView): string[] {
  const changes: string[] = [];
  if (before.name !== after.name) changes.push(`name: ${before.name} → ${after.name}`);
  if (before.active !== after.active) changes.push(`active: ${before.active} → ${after.active}`);
  if (JSON.stringify(before.rateLimit) !== JSON.stringify(after.rateLimit))
    changes.push(
      `rateLimit: ${rateLimitLabel(before.rateLimit)} → ${rateLimitLabel(after.rateLimit)}`,
    );
  if (before.browserSdkVersion !== after.browserSdkVersion)
    changes.push(`browserSdkVersion: ${before.browserSdkVersion} → ${after.browserSdkVersion}`);
  for (const [k, v] of Object.entries(after.loader))
    if (before.loader[k] !== v) changes.push(`loader ${k}: ${before.loader[k]} → ${v}`);
  return changes;
}
