import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import { UserInputError } from "../errors.js";
import type { AnyTool, Capability, Constraints, Skill } from "../tools/types.js";
import { grantHint, type Transport } from "./grant-hint.js";

export type { Transport } from "./grant-hint.js";

export interface SessionPolicy {
  skills: readonly Skill[];
  /** Where the session runs (stdio when absent): a skill refusal names its way to grant. */
  transport?: Transport;
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
    return `needs the ${tool.skills.join(" or ")} skill (${grantHint(tool.skills[0], policy.skills, policy.transport ?? "stdio")})`;
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
  return all
    .filter((tool) => unavailableReason(tool, policy) === undefined)
    .map((tool) =>
      // An experimental session lists and enforces the tool's experimental structured answer.
      policy.experimental && tool.experimentalOutputSchema && !tool.outputSchema
        ? { ...tool, outputSchema: tool.experimentalOutputSchema }
        : tool,
    );
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

/**
 * Keywords that say nothing a model would not assume: JSON object keys are always strings, and
 * an absent boolean or object is false or empty anyway.
 */
function saysNothing(key: string, v: unknown): boolean {
  if (key === "propertyNames") return isDeepStrictEqual(v, { type: "string" });
  if (key === "default") return v === false || isDeepStrictEqual(v, {});
  return false;
}

export function compactSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(compactSchema);
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === "properties" && v && typeof v === "object") {
      // Property names are data here, not keywords: keep every one.
      out[key] = Object.fromEntries(Object.entries(v).map(([name, s]) => [name, compactSchema(s)]));
    } else if (!LISTING_NOISE.has(key) && !saysNothing(key, v)) {
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
 * Accepted on every tool (the incumbent lists it on most of them) without being listed: a
 * region hint for the call's organization, checked against the client's allow-list.
 */
export const REGION_PARAM = "regionUrl";

function isOptional(schema: z.ZodType): boolean {
  return schema.safeParse(undefined).success;
}

/**
 * `null` stands for "not given" on an optional parameter whose schema does not take null
 * itself (strict OpenAI clients send null for every optional field): dropped so defaults apply.
 */
function dropNulls(tool: AnyTool, input: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(input)) {
    if (value !== null) continue;
    const schema = Object.hasOwn(tool.inputSchema, key)
      ? (tool.inputSchema[key] as z.ZodType)
      : undefined;
    if (schema && isOptional(schema) && !schema.safeParse(null).success) delete input[key];
  }
}

/** Old parameter names a tool still takes (never listed) are renamed to the current ones. */
function renameAliases(tool: AnyTool, input: Record<string, unknown>): void {
  for (const [old, current] of Object.entries(tool.aliases ?? {})) {
    if (!Object.hasOwn(input, old)) continue;
    if (Object.hasOwn(input, current) && input[current] !== null && input[old] !== null)
      throw new UserInputError(
        `Invalid arguments for ${tool.name}: pass ${current}, not both ${current} and ${old}.`,
      );
    if (!Object.hasOwn(input, current) || input[current] === null) input[current] = input[old];
    delete input[old];
  }
}

/** An argument the tool does not know is refused by name, with the parameters it has. */
function refuseUnknown(tool: AnyTool, input: Record<string, unknown>, constraints: Constraints) {
  // Own keys only: "valueOf" or "__proto__" is not a parameter of any tool.
  const unknown = Object.keys(input).filter((key) => !Object.hasOwn(tool.inputSchema, key));
  if (unknown.length === 0) return;
  const listed = Object.keys(publicShape(tool, constraints));
  const names = unknown.map((k) => JSON.stringify(k)).join(", ");
  throw new UserInputError(
    `Invalid arguments for ${tool.name}: unknown argument${unknown.length > 1 ? "s" : ""} ${names}. ` +
      (listed.length ? `Its parameters: ${listed.join(", ")}.` : "It takes no parameters."),
  );
}

/**
 * The tool's input as one zod object, built once per input shape: zod compiles an object's fast
 * parser on its first parse, so a new z.object per call paid that compilation on every call. A
 * memo of a pure function over immutable tool definitions, weakly held; it carries no session
 * or caller state.
 */
const inputObjects = new WeakMap<z.ZodRawShape, z.ZodType>();

function inputObject(tool: AnyTool): z.ZodType {
  let schema = inputObjects.get(tool.inputSchema);
  if (!schema) {
    schema = z.object(tool.inputSchema);
    inputObjects.set(tool.inputSchema, schema);
  }
  return schema;
}

/** A tool call's validated parameters and the region hint it carried, if any. */
export interface PreparedCall {
  params: Record<string, unknown>;
  /** `regionUrl` as given (non-empty); the caller checks it against the client's allow-list. */
  regionUrl?: string;
}

/**
 * Validates arguments with the tool's schema and injects the session's pins. A pinned value
 * passed explicitly must match the pin; it can never widen the session. Unknown arguments are
 * refused, never dropped; `regionUrl` is taken off and returned beside the parameters.
 */
export function prepareCall(tool: AnyTool, args: unknown, constraints: Constraints): PreparedCall {
  if (args !== undefined && (typeof args !== "object" || args === null || Array.isArray(args)))
    throw new UserInputError(`Invalid arguments for ${tool.name}: expected an object.`);
  const input = { ...((args ?? {}) as Record<string, unknown>) };
  let regionUrl: string | undefined;
  if (Object.hasOwn(input, REGION_PARAM) && !Object.hasOwn(tool.inputSchema, REGION_PARAM)) {
    const raw = input[REGION_PARAM];
    delete input[REGION_PARAM];
    if (raw !== null && raw !== undefined && typeof raw !== "string")
      throw new UserInputError(
        `Invalid arguments for ${tool.name}: regionUrl: expected a URL string or null.`,
      );
    if (typeof raw === "string" && raw.trim() !== "") regionUrl = raw.trim();
  }
  renameAliases(tool, input);
  refuseUnknown(tool, input, constraints);
  dropNulls(tool, input);
  for (const [param, value] of pinnedParams(constraints)) {
    if (!Object.hasOwn(tool.inputSchema, param)) continue;
    const given = input[param];
    if (given !== undefined && given !== null && given !== "" && String(given) !== value) {
      throw new UserInputError(
        `This session is pinned to ${param === "organizationSlug" ? "organization" : "project"} ${JSON.stringify(value)}; ${param}=${JSON.stringify(String(given))} is not allowed.`,
      );
    }
    input[param] = value;
  }
  const parsed = inputObject(tool).safeParse(input);
  if (!parsed.success) {
    const details = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join(".") || "(arguments)"}: ${issue.message}`)
      .join("; ");
    throw new UserInputError(`Invalid arguments for ${tool.name}: ${details}`);
  }
  return { params: parsed.data as Record<string, unknown>, ...(regionUrl ? { regionUrl } : {}) };
}

/** The validated parameters alone (see prepareCall). */
export function prepareArguments(
  tool: AnyTool,
  args: unknown,
  constraints: Constraints,
): Record<string, unknown> {
  return prepareCall(tool, args, constraints).params;
}
