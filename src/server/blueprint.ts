/**
 * What a session's server lists and may call, computed from its policy: the session's tools,
 * the direct surface and the `tools/list` answers with their JSON Schemas. Building it converts
 * every listed zod schema to JSON Schema, the largest CPU cost of a stateless HTTP request
 * (docs/benchmarks.md, "serve throughput"), so the HTTP service keeps one per distinct policy in a
 * `BlueprintCache` and each request's server reuses it.
 *
 * A blueprint holds no per-caller state: it depends on the skills, the flags, the transport,
 * which parameters are pinned (not their values) and the pinned project's capabilities. The
 * token, the client, the pin values and the request live in the server built per request. The
 * shared parts are frozen, so a request cannot change what another one lists.
 */
import type { Tool } from "@modelcontextprotocol/server";
import {
  inputJsonSchema,
  outputJsonSchema,
  type SessionPolicy,
  sessionTools,
} from "../catalog/session.js";
import type { AnyTool } from "../tools/types.js";
import { annotateParamHeaders } from "./param-headers.js";

export interface SessionBlueprint {
  /** Every tool the session may call (catalog.tools()). */
  readonly available: readonly AnyTool[];
  readonly directNames: ReadonlySet<string>;
  /** Names in `available`. */
  readonly callable: ReadonlySet<string>;
  /** tools/list for 2025-era requests. */
  readonly listed: readonly Tool[];
  /** tools/list for 2026-07-28 requests (with `x-mcp-header`). */
  readonly listedModern: readonly Tool[];
  readonly listedModernByName: ReadonlyMap<string, Tool>;
}

/** The pin values do not change what is listed, only which parameters are pinned. */
function listingConstraints(policy: SessionPolicy) {
  return {
    organizationSlug: policy.constraints.organizationSlug ? "pinned" : undefined,
    projectSlug: policy.constraints.projectSlug ? "pinned" : undefined,
  };
}

export function buildBlueprint(
  all: readonly AnyTool[],
  policy: SessionPolicy,
  directNameList: readonly string[],
): SessionBlueprint {
  const available = sessionTools(all, policy);
  const directNames = new Set(directNameList);
  const constraints = listingConstraints(policy);
  // A meta tool (execute_sentry_tool) is only as dangerous as what it can run in this session.
  const canWrite = available.some((t) => !t.meta && !t.annotations.readOnlyHint);
  const canDestroy = available.some((t) => !t.meta && t.annotations.destructiveHint);
  const listed: Tool[] = available
    .filter((t) => directNames.has(t.name))
    .map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: inputJsonSchema(tool, constraints) as Tool["inputSchema"],
      ...(tool.outputSchema
        ? { outputSchema: outputJsonSchema(tool) as Tool["outputSchema"] }
        : {}),
      annotations: tool.meta
        ? { ...tool.annotations, readOnlyHint: !canWrite, destructiveHint: canDestroy }
        : { ...tool.annotations },
    }));
  const listedModern = listed.map(annotateParamHeaders);
  return {
    available: Object.freeze(available),
    directNames,
    callable: new Set(available.map((t) => t.name)),
    listed: deepFreeze(listed),
    listedModern: deepFreeze(listedModern),
    listedModernByName: new Map(listedModern.map((tool) => [tool.name, tool])),
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** What decides a blueprint, as a string: never a token, a user or a pin value. */
export function blueprintKey(policy: SessionPolicy, directNames: readonly string[]): string {
  return JSON.stringify([
    [...policy.skills].sort(),
    policy.readOnly,
    policy.experimental,
    policy.transport ?? "stdio",
    Boolean(policy.constraints.organizationSlug),
    Boolean(policy.constraints.projectSlug),
    policy.capabilities ? [...policy.capabilities].sort() : null,
    directNames,
  ]);
}

export interface BlueprintCache {
  get(
    all: readonly AnyTool[],
    policy: SessionPolicy,
    directNames: readonly string[],
  ): SessionBlueprint;
  /** Entries held (tests). */
  readonly size: number;
}

/**
 * Blueprints by registry and policy, the least recently used dropped past `maxEntries` (the
 * policies in use are few: skills × flags × pinned or not × project capabilities).
 */
export function createBlueprintCache(maxEntries = 256): BlueprintCache {
  const byRegistry = new WeakMap<readonly AnyTool[], Map<string, SessionBlueprint>>();
  let size = 0;
  return {
    get(all, policy, directNames) {
      let entries = byRegistry.get(all);
      if (!entries) {
        entries = new Map();
        byRegistry.set(all, entries);
      }
      const key = blueprintKey(policy, directNames);
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const built = buildBlueprint(all, policy, directNames);
      if (entries.size >= maxEntries) {
        entries.delete(entries.keys().next().value as string);
        size -= 1;
      }
      entries.set(key, built);
      size += 1;
      return built;
    },
    get size() {
      return size;
    },
  };
}
