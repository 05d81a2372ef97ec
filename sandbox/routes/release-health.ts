/** `health=1` / `adoptionStages=1` on release endpoints: per-project session health. */

import type { Context } from "hono";
import { releaseHealth } from "../data/release-health.js";
import type { JsonObject, ReleaseRecord, SandboxStore } from "../data/types.js";

const flag = (c: Context, name: string) => ["1", "true"].includes(c.req.query(name) ?? "");

/** Adds `projects[].healthData` and `adoptionStages` to a serialized release when asked. */
export function withHealth(
  c: Context,
  store: SandboxStore,
  rel: ReleaseRecord,
  body: JsonObject,
): JsonObject {
  const health = flag(c, "health");
  const stages = flag(c, "adoptionStages");
  if (!health && !stages) return body;
  const projects = (body.projects as JsonObject[]).map((p) => {
    const seed = releaseHealth(rel.version, String(p.id));
    if (!health) return p;
    return {
      ...p,
      hasHealthData: seed !== undefined,
      healthData: {
        hasHealthData: seed !== undefined,
        crashFreeSessions: seed?.crashFreeSessions ?? null,
        crashFreeUsers: seed?.crashFreeUsers ?? null,
        adoption: seed?.adoption ?? null,
        sessionsAdoption: seed?.sessionsAdoption ?? null,
        totalSessions: seed?.totalSessions ?? null,
        totalUsers: seed?.totalUsers ?? null,
        totalSessions24h: seed ? Math.round(seed.totalSessions / 14) : null,
        totalUsers24h: seed ? Math.round(seed.totalUsers / 9) : null,
        totalProjectSessions24h: seed
          ? Math.round(seed.totalSessions / 14 / (seed.sessionsAdoption / 100))
          : null,
        totalProjectUsers24h: seed ? Math.round(seed.totalUsers / 9 / (seed.adoption / 100)) : null,
        sessionsCrashed: seed?.sessionsCrashed ?? 0,
        sessionsErrored: seed?.sessionsErrored ?? 0,
        durationP50: seed?.durationP50 ?? null,
        durationP90: seed?.durationP90 ?? null,
        stats: {},
      },
    };
  });
  const adoption: JsonObject = {};
  if (stages) {
    for (const pid of rel.projectIds) {
      const seed = releaseHealth(rel.version, pid);
      const slug = store.projects.find((p) => p.id === pid)?.slug;
      if (seed && slug)
        adoption[slug] = {
          stage: seed.stage,
          adopted: seed.stage === "low_adoption" ? null : rel.dateReleased,
          unadopted: seed.stage === "replaced" ? store.now.toISOString() : null,
        };
    }
  }
  return { ...body, projects, ...(stages ? { adoptionStages: adoption } : {}) };
}
