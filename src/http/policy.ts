/**
 * Who may narrow what. The operator's flags are the ceiling; an OAuth grant, the path and the
 * query can each only narrow what the layer above allows (operator > grant > path > query).
 * A request that asks for more than the ceiling is refused (403), never silently widened.
 */
import { parseSkills } from "../catalog/skills.js";
import type { Constraints, Skill } from "../tools/types.js";
import { isSlug, type PathPins } from "./urls.js";

/** A request outside the operator's (or grant's) bounds: answered 403 with this message. */
export class PolicyError extends Error {}

type Layer = { name: string; pins: PathPins | undefined };

/** The first layer's value for a pin; a later layer naming another value is a conflict. */
function narrowest(layers: Layer[], key: keyof PathPins, label: string): string | undefined {
  let chosen: { value: string; by: string } | undefined;
  for (const layer of layers) {
    const value = layer.pins?.[key];
    if (value === undefined) continue;
    if (!chosen) chosen = { value, by: layer.name };
    else if (chosen.value.toLowerCase() !== value.toLowerCase()) {
      throw new PolicyError(
        `This ${chosen.by} is pinned to ${label} ${JSON.stringify(chosen.value)}; the request asks for ${label} ${JSON.stringify(value)}.`,
      );
    }
  }
  return chosen?.value;
}

/**
 * The session's pins from the operator's flags, an OAuth grant's and the path's. A project
 * pin only holds within its organization, so a layer naming another organization conflicts.
 */
export function resolvePins(
  operator: Constraints,
  grant: PathPins | undefined,
  path: PathPins,
): Constraints {
  const layers: Layer[] = [
    { name: "server", pins: operator },
    { name: "authorization", pins: grant },
    { name: "endpoint", pins: path },
  ];
  const organizationSlug = narrowest(layers, "organizationSlug", "organization");
  const projectSlug = narrowest(layers, "projectSlug", "project");
  return { organizationSlug, projectSlug };
}

/**
 * The session's skills: the grant's (which the consent page bounded by the operator's) or the
 * operator's, narrowed by `?skills=` and `?disable-skills=`.
 */
export function resolveSkills(
  operator: readonly Skill[],
  grant: readonly Skill[] | undefined,
  query: URLSearchParams,
): Skill[] {
  const ceiling = grant ? operator.filter((s) => grant.includes(s)) : [...operator];
  let skills = ceiling;
  const asked = query.get("skills");
  if (asked) {
    const wanted = parseSkills(asked, "?skills");
    skills = skills.filter((s) => wanted.includes(s));
  }
  const off = query.get("disable-skills");
  if (off) {
    const disabled = parseSkills(off, "?disable-skills");
    skills = skills.filter((s) => !disabled.includes(s));
  }
  if (skills.length === 0) {
    throw new PolicyError(
      `No skills left for this session. This server allows the skills: ${ceiling.join(", ")}.`,
    );
  }
  return skills;
}

/**
 * Why a path's organization or project is not a slug (control characters, non-Latin-1, spaces),
 * or undefined. Checked before anything else so such a value never reaches a header or a log.
 */
export function invalidPathSegment(pins: PathPins): string | undefined {
  for (const [name, value] of [
    ["organization", pins.organizationSlug],
    ["project", pins.projectSlug],
  ] as const) {
    if (value !== undefined && !isSlug(value))
      return `The ${name} in the path is not a valid slug (letters, digits, ".", "_", "-").`;
  }
  return undefined;
}

/**
 * JSON-RPC batches are gone from current MCP revisions; refusing them keeps one request one
 * message, so per-user rate limits count tool calls.
 */
export const BATCH_REFUSED = {
  jsonrpc: "2.0",
  id: null,
  error: {
    code: -32600,
    message: "Batches are not supported: send one JSON-RPC message per request.",
  },
};
