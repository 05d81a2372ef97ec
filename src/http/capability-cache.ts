import {
  type CapabilityLookup,
  lookupCapabilities,
  lookupProjectId,
  type ProjectIdLookup,
} from "../server/session.js";

const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 1_000;

type Lookup<T> = (
  client: Parameters<CapabilityLookup>[0],
  org: string,
  project: string,
) => Promise<T>;

/** Per user, org and project, for five minutes, at most MAX_ENTRIES; failures are not kept. */
function perUserCache<T>(lookup: Lookup<T>, now: () => number) {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return (userKey: string): Lookup<T> =>
    (client, org, project) => {
      const key = `${userKey}\n${org}\n${project}`;
      const hit = entries.get(key);
      if (hit && now() - hit.at < TTL_MS) return hit.value;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      const value = lookup(client, org, project);
      entries.set(key, { at: now(), value });
      value.catch(() => entries.delete(key));
      return value;
    };
}

/**
 * Stateless HTTP builds a session per request; without this, every request on a
 * `/mcp/{org}/{project}` path would fetch the project again before answering. Entries are per
 * user (access differs), expire after five minutes and are bounded in number.
 */
export function createCapabilityCache(now: () => number = Date.now) {
  return perUserCache<Awaited<ReturnType<CapabilityLookup>>>(lookupCapabilities, now);
}

/** The pinned project's numeric id (Sentry's `project=` filter), cached the same way. */
export function createProjectIdCache(now: () => number = Date.now): (u: string) => ProjectIdLookup {
  return perUserCache<string>(lookupProjectId, now);
}
