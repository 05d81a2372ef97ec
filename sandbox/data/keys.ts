/**
 * Seed: client keys (DSNs) of every project, plus the builder used when a project or a key is
 * created through the API. Key ids are the public key, as in Sentry.
 */

import type { OrgRecord, ProjectKeyRecord, ProjectRecord, SandboxStore } from "./types.js";
import { ago, DAY, hexId } from "./util.js";

/** Reserved `.invalid` host: the DSNs look real but can never send anything anywhere. */
export function dsnHost(org: Pick<OrgRecord, "id">): string {
  return `o${org.id}.ingest.sandbox.invalid`;
}

/** The `n`-th key of a project (1-based); deterministic ids and secrets. */
export function buildProjectKey(
  project: Pick<ProjectRecord, "id">,
  n: number,
  name: string,
  dateCreated: string,
): ProjectKeyRecord {
  return {
    id: hexId(`key:${project.id}:${n}`),
    projectId: project.id,
    seq: n,
    name,
    secret: hexId(`secret:${project.id}:${n}`),
    isActive: true,
    rateLimit: null,
    dateCreated,
    useCase: "user",
  };
}

/** Adds a key to a project (next sequence number) and returns it. */
export function addProjectKey(
  store: SandboxStore,
  project: ProjectRecord,
  name: string,
): ProjectKeyRecord {
  const seq =
    Math.max(0, ...store.projectKeys.filter((k) => k.projectId === project.id).map((k) => k.seq)) +
    1;
  const key = buildProjectKey(project, seq, name, store.now.toISOString());
  store.projectKeys.push(key);
  return key;
}

export function seedProjectKeys(now: Date, projects: ProjectRecord[]): ProjectKeyRecord[] {
  const keys: ProjectKeyRecord[] = [];
  for (const project of projects) {
    keys.push(buildProjectKey(project, 1, "Default", project.dateCreated));
  }
  const extra = (
    projectId: string,
    name: string,
    daysAgo: number,
    patch: Partial<ProjectKeyRecord>,
  ) => {
    const project = projects.find((p) => p.id === projectId);
    if (!project) return;
    const seq = keys.filter((k) => k.projectId === projectId).length + 1;
    keys.push({ ...buildProjectKey(project, seq, name, ago(now, daysAgo * DAY)), ...patch });
  };
  // backend: a rate-limited key for background workers
  extra("4500011", "Celery workers", 120, { rateLimit: { count: 1000, window: 60 } });
  // mobile-app: a retired key kept for old app versions, switched off
  extra("4500013", "Legacy Android 2.x", 300, { isActive: false });
  return keys;
}
