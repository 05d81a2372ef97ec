import { z } from "zod";
import { UserInputError } from "../errors.js";
import type { AnyTool, Capability, Constraints, Skill } from "../tools/types.js";

export interface SessionPolicy {
  skills: readonly Skill[];
  readOnly: boolean;
  experimental: boolean;
  constraints: Constraints;
  /** Capabilities of the pinned project; undefined when unknown (nothing is hidden). */
  capabilities?: ReadonlySet<Capability>;
}

const ORG_PARAMS = ["organizationSlug"];
const PROJECT_PARAMS = ["projectSlug", "projectSlugOrId"];

/** Why a tool is unavailable in this session, or undefined when it is available. */
export function unavailableReason(tool: AnyTool, policy: SessionPolicy): string | undefined {
  if (tool.skills.length > 0 && !tool.skills.some((s) => policy.skills.includes(s))) {
    return `needs the ${tool.skills.join(" or ")} skill (enable with --skills or --all-skills)`;
  }
  if (policy.readOnly && !tool.annotations.readOnlyHint && !tool.meta)
    return "the session is read-only";
  if (tool.experimental && !policy.experimental)
    return "it is experimental (enable with --experimental)";
  if (tool.hideInExperimentalMode && policy.experimental)
    return "it is replaced in experimental mode";
  if (policy.constraints.organizationSlug && tool.hideWhenPinned === "organization") {
    return "the session is pinned to one organization";
  }
  if (policy.constraints.projectSlug && tool.hideWhenPinned)
    return "the session is pinned to one project";
  const missing = tool.requiredCapabilities?.filter(
    (c) => policy.capabilities && !policy.capabilities.has(c),
  );
  if (missing?.length) return `the pinned project has no ${missing.join(", ")} data`;
  return undefined;
}

export function sessionTools(all: readonly AnyTool[], policy: SessionPolicy): AnyTool[] {
  return all.filter((tool) => unavailableReason(tool, policy) === undefined);
}

function pinnedParams(constraints: Constraints): Map<string, string> {
  const pins = new Map<string, string>();
  if (constraints.organizationSlug)
    for (const p of ORG_PARAMS) pins.set(p, constraints.organizationSlug);
  if (constraints.projectSlug) for (const p of PROJECT_PARAMS) pins.set(p, constraints.projectSlug);
  return pins;
}

/** The tool's input shape as this session shows it: pinned parameters removed. */
export function publicShape(tool: AnyTool, constraints: Constraints): z.ZodRawShape {
  const pins = pinnedParams(constraints);
  return Object.fromEntries(Object.entries(tool.inputSchema).filter(([key]) => !pins.has(key)));
}

/**
 * Keywords that cost tokens on every turn but do not help a model call the tool: string
 * lengths and patterns are still enforced by the zod schema, with errors that name the field.
 */
const LISTING_NOISE = new Set([
  "$schema",
  "additionalProperties",
  "minLength",
  "maxLength",
  "pattern",
]);

export function compactSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(compactSchema);
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === "properties" && v && typeof v === "object") {
      // Property names are data here, not keywords: keep every one.
      out[key] = Object.fromEntries(Object.entries(v).map(([name, s]) => [name, compactSchema(s)]));
    } else if (!LISTING_NOISE.has(key)) {
      out[key] = compactSchema(v);
    }
  }
  return out;
}

/** JSON Schema for `tools/list`, without bytes a model does not need. */
export function inputJsonSchema(tool: AnyTool, constraints: Constraints): Record<string, unknown> {
  const schema = z.toJSONSchema(z.object(publicShape(tool, constraints)), {
    io: "input",
    unrepresentable: "any",
  });
  return compactSchema(schema) as Record<string, unknown>;
}

export function outputJsonSchema(tool: AnyTool): Record<string, unknown> | undefined {
  if (!tool.outputSchema) return undefined;
  const schema = z.toJSONSchema(tool.outputSchema, { io: "output", unrepresentable: "any" });
  return compactSchema(schema) as Record<string, unknown>;
}

/**
 * Validates arguments with the tool's schema and injects the session's pins. A pinned value
 * passed explicitly must match the pin; it can never widen the session.
 */
export function prepareArguments(
  tool: AnyTool,
  args: unknown,
  constraints: Constraints,
): Record<string, unknown> {
  const input = { ...((args ?? {}) as Record<string, unknown>) };
  if (typeof args !== "object" || args === null || Array.isArray(args)) {
    if (args !== undefined)
      throw new UserInputError(`Invalid arguments for ${tool.name}: expected an object.`);
  }
  for (const [param, value] of pinnedParams(constraints)) {
    if (!(param in tool.inputSchema)) continue;
    const given = input[param];
    if (given !== undefined && given !== null && given !== "" && String(given) !== value) {
      throw new UserInputError(
        `This session is pinned to ${param === "organizationSlug" ? "organization" : "project"} ${JSON.stringify(value)}; ${param}=${JSON.stringify(String(given))} is not allowed.`,
      );
    }
    input[param] = value;
  }
  const parsed = z.object(tool.inputSchema).safeParse(input);
  if (!parsed.success) {
    const details = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join(".") || "(arguments)"}: ${issue.message}`)
      .join("; ");
    throw new UserInputError(`Invalid arguments for ${tool.name}: ${details}`);
  }
  return parsed.data as Record<string, unknown>;
}
