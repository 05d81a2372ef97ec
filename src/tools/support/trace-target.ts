import { z } from "zod";
import { ApiError, UserInputError } from "../../errors.js";
import type { ToolContext } from "../types.js";
import { assertWithinPins } from "./constraints.js";
import { parseSentryUrl } from "./sentry-url.js";

const HEX32 = /^[0-9a-f]{32}$/;
const HEX16 = /^[0-9a-f]{16}$/;

export const traceIdParam = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .optional()
  .describe("Trace ID (32 hex characters)");

export const traceUrlParam = z
  .string()
  .trim()
  .url()
  .max(2000)
  .optional()
  .describe("A Sentry trace URL (alternative to organizationSlug + traceId)");

export function assertTraceId(value: string): string {
  const id = value.trim().replace(/-/g, "").toLowerCase();
  if (!HEX32.test(id))
    throw new UserInputError(
      `traceId ${JSON.stringify(value)} is not a trace ID (32 hexadecimal characters).`,
    );
  return id;
}

export function assertSpanId(value: string): string {
  const id = value.trim().toLowerCase();
  if (!HEX16.test(id))
    throw new UserInputError(
      `spanId ${JSON.stringify(value)} is not a span ID (16 hexadecimal characters).`,
    );
  return id;
}

/** {org, traceId, spanId?} from a trace URL (`?node=span-<id>` names a span) or parameters. */
export function resolveTraceTarget(
  params: { organizationSlug?: string; traceId?: string; traceUrl?: string },
  ctx: Pick<ToolContext, "constraints">,
): { org: string; traceId: string; spanId?: string } {
  if (params.traceUrl) {
    const parsed = parseSentryUrl(params.traceUrl);
    if (parsed.resource.type !== "trace")
      throw new UserInputError(
        `traceUrl points to a ${parsed.resource.type}, not a trace. Use get_sentry_resource for other links.`,
      );
    const org = parsed.org ?? params.organizationSlug ?? ctx.constraints.organizationSlug;
    if (!org)
      throw new UserInputError("The URL does not name an organization; pass organizationSlug too.");
    assertWithinPins(ctx, org);
    const node = new URL(params.traceUrl).searchParams.get("node") ?? "";
    const spanId = /^(?:span|txn)-([0-9a-f]{16})$/i.exec(node)?.[1]?.toLowerCase();
    return { org, traceId: parsed.resource.traceId, spanId };
  }
  if (!params.traceId)
    throw new UserInputError("Pass traceId (with organizationSlug) or traceUrl.");
  const org = params.organizationSlug ?? ctx.constraints.organizationSlug;
  if (!org)
    throw new UserInputError(
      "organizationSlug is required with traceId (find_organizations lists them).",
    );
  return { org, traceId: assertTraceId(params.traceId) };
}

/** Sentry answers an unknown trace with an empty list; say so with a way forward. */
export function traceNotFound(traceId: string, range: string): ApiError {
  const detail = `no spans or errors of trace ${traceId} in the ${range}; pass a wider period (e.g. 30d) if the trace is older`;
  return new ApiError("not_found", 404, detail, detail);
}
