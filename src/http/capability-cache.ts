import { type CapabilityLookup, lookupCapabilities } from "../server/session.js";

const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 1_000;

/**
 * Stateless HTTP builds a session per request; without this, every request on a
 * `/mcp/{org}/{project}` path would fetch the project again before answering. Entries are per
 * user (access differs), expire after five minutes and are bounded in number.
 */
export function createCapabilityCache(now: () => number = Date.now) {
  const entries = new Map<string, { at: number; value: ReturnType<CapabilityLookup> }>();
  return (userKey: string): CapabilityLookup =>
    (client, org, project) => {
      const key = `${userKey}\n${org}\n${project}`;
      const hit = entries.get(key);
      if (hit && now() - hit.at < TTL_MS) return hit.value;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      const value = lookupCapabilities(client, org, project);
      entries.set(key, { at: now(), value });
      return value;
    };
}
